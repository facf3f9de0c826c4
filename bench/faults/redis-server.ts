// The battery's Redis: a redis-server of its own on a free port when the machine has the
// binary (nothing another session runs can see its channels, and it is stopped at the end);
// else the machine's Redis, where each scenario's REDIS_PREFIX keeps its keys apart.
import { spawn, spawnSync } from "node:child_process";
import { createConnection } from "node:net";
import { freePort, sleep } from "@/scripts/parley-process";

export interface RedisService {
  host: string;
  port: number;
  label: string;
  stop(): Promise<void>;
}

const MACHINE_REDIS = { host: "127.0.0.1", port: 6379 };

export async function startRedis(): Promise<RedisService> {
  if (spawnSync("redis-server", ["--version"]).status !== 0) {
    return { ...MACHINE_REDIS, label: "the machine's Redis (127.0.0.1:6379), keys under each scenario's REDIS_PREFIX", stop: async () => {} };
  }
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.on("exit", () => child.kill("SIGKILL"));
  for (let i = 0; i < 50 && !(await answersPing(port)); i++) await sleep(100);
  return {
    host: "127.0.0.1",
    port,
    label: `its own redis-server on 127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection(port, "127.0.0.1");
    s.setTimeout(1000);
    s.once("connect", () => s.write("PING\r\n"));
    s.once("data", (d) => {
      s.destroy();
      resolve(d.toString().startsWith("+PONG"));
    });
    s.once("error", () => resolve(false));
    s.once("timeout", () => {
      s.destroy();
      resolve(false);
    });
  });
}
