// One Parley server (server/main.ts, production mode) as a child process: used by
// `npm run cluster`, the abuse benchmark and the fault battery. Each child runs in its own
// process group (tsx starts node under it), so stopping or killing it takes the whole tree.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { ROOT } from "./production-build";

/** Ports other Parley runs on this machine use (dev, end-to-end, reserved): never handed out. */
const RESERVED_PORTS = new Set([3000, 3100, 3200]);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => (RESERVED_PORTS.has(port) ? freePort().then(resolve, reject) : resolve(port)));
    });
  });
}

export interface ParleyOptions {
  port: number;
  /** Added to the caller's environment; `undefined` removes a variable. */
  env: Record<string, string | undefined>;
  /** Where the server's output goes: a file (appended), or each line to a function. */
  output: { file: string } | { line: (text: string) => void };
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

export interface ParleyProcess {
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  alive(): boolean;
  /** Resolves once GET /api/health answers 200; throws if the process exits first or after `timeoutMs`. */
  healthy(timeoutMs?: number): Promise<void>;
  /** SIGTERM (graceful), then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** SIGKILL, as a crash or `kill -9` would. */
  kill(): Promise<void>;
  /** Resident memory of the server (the largest process of its group), in bytes. */
  rssBytes(): number;
}

const running = new Set<ChildProcess>();

export function spawnParley(opts: ParleyOptions): ParleyProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  for (const [k, v] of Object.entries({ ...opts.env, PORT: String(opts.port) })) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const out = "file" in opts.output ? openSync(opts.output.file, "a") : "pipe";
  // Node itself with tsx as its loader, not the tsx command: that wrapper relays a SIGTERM
  // and, if the server's loop does not answer it within 60 ms, SIGKILLs it, so a busy
  // process would never get to drain.
  const child = spawn(process.execPath, ["--import", "tsx", ...(opts.nodeArgs ?? []), "server/main.ts"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", out, out],
  });
  if (typeof out === "number") closeSync(out);
  else if ("line" in opts.output) {
    const line = opts.output.line;
    for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on("line", line);
  }
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${opts.port}`;
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {}
  };
  return {
    port: opts.port,
    url,
    child,
    exited,
    alive,
    async healthy(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (!alive()) throw new Error(`Parley on port ${opts.port} exited during start (code ${child.exitCode})`);
        if (Date.now() > deadline) throw new Error(`Parley on port ${opts.port} not healthy after ${timeoutMs / 1000} s`);
        const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await sleep(200);
      }
    },
    async stop(graceMs = 15_000) {
      if (!alive()) return;
      signal("SIGTERM");
      const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
      if (!done) {
        signal("SIGKILL");
        await exited;
      }
    },
    async kill() {
      if (!alive()) return;
      signal("SIGKILL");
      await exited;
    },
    rssBytes: () => groupRssBytes(child.pid!),
  };
}

/** The largest resident set among the processes of a group (Linux /proc), in bytes; 0 elsewhere. */
function groupRssBytes(pgid: number): number {
  let largest = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return 0;
  }
  for (const pid of entries) {
    try {
      // Fields after the command name (which may hold spaces) start at ") ": state, ppid, pgrp, …
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (rss) largest = Math.max(largest, Number(rss[1]) * 1024);
    } catch {
      // The process ended while we looked.
    }
  }
  return largest;
}

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

// Last resort when the parent dies some other way: no server outlives it.
process.on("exit", () => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {}
  }
});
