import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "@/scripts/production-build";
import { freePort, spawnParley, tail, type ParleyProcess } from "@/scripts/parley-process";

export { ensureBuild, tail };

// The server under test: server/main.ts as a child process on a free port, over a
// throwaway embedded database (scripts/parley-process.ts spawns it).

export interface Server {
  url: string;
  process: ParleyProcess;
  dir: string;
  logFile: string;
}

/** The running server, for the crash report. */
export let server: Server | undefined;

export async function startServer(): Promise<Server> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "parley-abuse-"));
  const logFile = path.join(dir, "server.log");
  const child = spawnParley({
    port,
    output: { file: logFile },
    // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under attack.
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean),
    env: {
      PGLITE_DIR: path.join(dir, "pglite"),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      // The botnet is simulated with X-Forwarded-For, as if behind our own reverse proxy.
      TRUST_PROXY: "true",
      // The embedded database, the in-memory limiter and the demo seed; nothing from the caller's shell.
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      SEED_DEMO: undefined,
      APP_URL: undefined,
      ALLOWED_ORIGINS: undefined,
      SIGNUP: undefined,
      SIGNUP_DOMAINS: undefined,
    },
  });
  const s: Server = { url: child.url, process: child, dir, logFile };
  server = s;
  try {
    await child.healthy();
  } catch (e) {
    throw new Error(`${(e as Error).message}; log:\n${tail(logFile)}`);
  }
  return s;
}

export async function stopServer(keepLog: boolean): Promise<void> {
  const s = server;
  if (!s) return;
  server = undefined;
  await s.process.stop();
  if (keepLog) console.error(`server log kept: ${s.logFile}`);
  else rmSync(s.dir, { recursive: true, force: true });
}
