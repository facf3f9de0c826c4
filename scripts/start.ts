// `npm start`: build the Next app when there is no build or the sources are newer than
// it, then run the server in production mode. Later starts skip the build and take seconds.
import { existsSync, readdirSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = process.cwd();
const buildId = path.join(root, ".next/BUILD_ID");

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ["app", "components", "lib", "server", "public"].map((d) => newestMtime(path.join(root, d)));
const stale = !existsSync(buildId) || Math.max(...sources) > statSync(buildId).mtimeMs;

if (stale) {
  console.log("Building Parley (first start, or sources changed)…");
  const r = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

(process.env as Record<string, string>).NODE_ENV = "production";
await import("../server/main");
