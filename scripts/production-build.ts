// The production build server/main.ts needs (NODE_ENV=production serves `.next`), made
// when missing. `npm start` and `npm run cluster` also rebuild when the sources are newer;
// the benches only say so, since a minute of building would skew a quick run.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const SOURCES = ["app", "components", "lib", "server", "public"];

export function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds when `.next` is missing; when it is older than the sources, rebuilds ("rebuild") or prints a note ("note"). */
export function ensureBuild(whenStale: "rebuild" | "note" = "note"): void {
  const buildId = path.join(ROOT, ".next/BUILD_ID");
  const missing = !existsSync(buildId);
  const stale = !missing && Math.max(...SOURCES.map((d) => newestMtime(path.join(ROOT, d)))) > statSync(buildId).mtimeMs;
  if (!missing && !(stale && whenStale === "rebuild")) {
    if (stale) console.log("note: sources are newer than .next; routes run as last built (`npm run build` to refresh)");
    return;
  }
  console.log(missing ? "No production build (.next/BUILD_ID): running `npx next build` first (about a minute)…" : "Sources changed: rebuilding…");
  const r = spawnSync("npx", ["next", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
}
