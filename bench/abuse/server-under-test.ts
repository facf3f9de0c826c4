import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep } from "./client";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

// The server under test: server/main.ts as a child process in its own process group, on a
// free port, over a throwaway embedded database; built first when the build is missing.

export interface Server {
  url: string;
  child: ChildProcess;
  dir: string;
  logFile: string;
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => (port === 3000 || port === 3100 ? freePort().then(resolve, reject) : resolve(port)));
    });
  });
}

export function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** server/main.ts in production mode needs `next build` output; make it once if missing. */
export function ensureBuild(): void {
  const buildId = path.join(ROOT, ".next/BUILD_ID");
  if (!existsSync(buildId)) {
    console.log("No production build (.next/BUILD_ID): running `npx next build` first (about a minute)…");
    const r = spawnSync("npx", ["next", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
    return;
  }
  // Rebuilding on every run, as `npm start` would, costs a minute; say so instead.
  const sources = Math.max(...["app", "components", "lib", "server"].map((d) => newestMtime(path.join(ROOT, d))));
  if (sources > statSync(buildId).mtimeMs) console.log("note: sources are newer than .next; routes run as last built (`npm run build` to refresh)");
}

/** The running server, for the crash report. */
export let server: Server | undefined;

export async function startServer(): Promise<Server> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "parley-abuse-"));
  const logFile = path.join(dir, "server.log");
  const out = openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PGLITE_DIR: path.join(dir, "pglite"),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    // The botnet is simulated with X-Forwarded-For, as if behind our own reverse proxy.
    TRUST_PROXY: "true",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The embedded database, the in-memory limiter and the demo seed; nothing from the caller's shell.
  for (const k of ["DATABASE_URL", "REDIS_URL", "SEED_DEMO", "APP_URL", "ALLOWED_ORIGINS", "SIGNUP", "SIGNUP_DOMAINS"]) delete env[k];
  // detached: its own process group, so the whole tree (tsx and node) is stopped together.
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under attack.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [...nodeArgs, "server/main.ts"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const s: Server = { url: `http://127.0.0.1:${port}`, child, dir, logFile, exited };
  server = s;
  let down = false;
  void exited.then(() => (down = true));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (down) throw new Error(`server exited during start; log:\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`server not healthy after 120 s; log:\n${tail(logFile)}`);
    const ok = await fetch(`${s.url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return s;
    await sleep(250);
  }
}

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

export async function stopServer(keepLog: boolean): Promise<void> {
  const s = server;
  if (!s) return;
  server = undefined;
  if (s.child.exitCode === null && s.child.signalCode === null) {
    try {
      process.kill(-s.child.pid!, "SIGTERM");
    } catch {}
    const exited = await Promise.race([s.exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!exited) {
      try {
        process.kill(-s.child.pid!, "SIGKILL");
      } catch {}
      await s.exited;
    }
  }
  if (keepLog) console.error(`server log kept: ${s.logFile}`);
  else rmSync(s.dir, { recursive: true, force: true });
}

// Last resort when the bench dies some other way: nothing outlives it.
process.on("exit", () => {
  if (server?.child.pid && server.child.exitCode === null) {
    try {
      process.kill(-server.child.pid, "SIGKILL");
    } catch {}
  }
});
