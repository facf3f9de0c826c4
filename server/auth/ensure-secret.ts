// next-auth needs AUTH_SECRET. For the one-command embedded start we generate one on first
// run and keep it under .data/ so sessions survive restarts; production sets it in env.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

export function ensureAuthSecret(dataDir = ".data"): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  process.env.AUTH_SECRET = readFileSync(file, "utf8").trim();
  return process.env.AUTH_SECRET;
}
