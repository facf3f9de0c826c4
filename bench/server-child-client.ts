// The parent's side of bench/server-child.ts: starts it and asks it things over IPC.
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Target } from "./targets";

export interface ChildServer {
  url: string;
  /** Person i's session cookie, and the channel person i is in. */
  cookies: string[];
  spaceIds: string[];
  /** Cookies of the extra people asked for with `warmup`, in a channel of their own. */
  warmupCookies: string[];
  dbLabel: string;
  ask<T>(type: "mem" | "stored"): Promise<T>;
  /** Asks the server to stop; resolves once its process has exited. */
  stop(): Promise<void>;
  kill(): void;
}

export async function startChildServer(
  config: { kind?: "parley" | "bare"; spaces: number; members: number; tag: string; warmup?: number },
  opts: { exposeGc?: boolean } = {},
): Promise<ChildServer> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const child = fork(path.join(here, "server-child.ts"), [JSON.stringify(config)], {
    execArgv: [
      "--import",
      "tsx",
      ...(opts.exposeGc ? ["--expose-gc"] : []),
      // BENCH_SERVER_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
      ...(process.env.BENCH_SERVER_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROF}`] : []),
    ],
    stdio: "inherit",
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench server exited (${code}) before answering ${type}`));
      child.once("exit", onExit);
      child.on("message", function on(m: { type: string }) {
        if (m.type !== type) return;
        child.off("message", on);
        child.off("exit", onExit);
        resolve(m as T);
      });
    });
  const up = await next<{ url: string; cookies: string[]; spaceIds: string[]; warmupCookies: string[]; dbLabel: string }>("up");
  return {
    ...up,
    ask<T>(type: "mem" | "stored") {
      const reply = next<T>(type);
      child.send({ type });
      return reply;
    },
    stop: () => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.send({ type: "stop" });
      return exited;
    },
    kill: () => child.kill(),
  };
}

/**
 * The child as a bench target: person i connects with their cookie (none for the bare
 * server), the warm-up people with theirs; closing it stops the child.
 */
export function childTarget(child: ChildServer, name: Target["name"] = "parley", setupS = 0): Target {
  const cookie = (c: string | undefined): Record<string, string> => (c ? { cookie: c } : {});
  return {
    name,
    url: child.url,
    spaceId: child.spaceIds[0] ?? "",
    headers: (i) => cookie(child.cookies[i]),
    warmupHeaders: (i) => cookie(child.warmupCookies[i]),
    setupS,
    close: () => child.stop(),
  };
}
