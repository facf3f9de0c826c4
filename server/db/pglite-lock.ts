// PGlite does not lock its data directory: two processes can open it and corrupt it
// silently. We keep a lock file with our pid; a stale one (its process is gone, e.g.
// after a crash) is taken over, a live one is a clear error.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, "parley.lock");
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8").trim());
    if (pid && pid !== process.pid && alive(pid)) {
      throw new Error(`The embedded database in ${dir} is in use by process ${pid}. Stop that process (or use DATABASE_URL) and try again.`);
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
