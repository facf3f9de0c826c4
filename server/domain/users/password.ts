// Password hashing with scrypt from node:crypto: memory-hard (N·r·128 bytes = 32 MiB per
// hash here), built into Node, no native addon to compile. The parameters are stored
// in the hash so they can be raised later without breaking existing accounts.
//
// Each hash costs ~100–200 ms of CPU and 32 MiB, so at most MAX_CONCURRENT_PASSWORD_HASHES
// run at once, process-wide; past that the caller gets AppError("busy") (503) at once.
// Queueing instead would let a flood of sign-ins hold every request (and the memory) hostage.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { MAX_CONCURRENT_PASSWORD_HASHES } from "@/lib/limits";
import { AppError } from "../errors";

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, opts, (e, key) => (e ? reject(e) : resolve(key))));

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const maxmem = (n: number, r: number) => 256 * n * r; // twice what scrypt needs

export const MIN_PASSWORD_LENGTH = 8;

// Next's route bundles load their own copy of this module; the count lives on globalThis
// so the sign-in route, the sign-up route and the server share one limit.
const g = globalThis as unknown as { __parleyHashesInFlight?: number };

/** Takes a hashing slot or throws AppError("busy"); call the returned function when done. */
export function acquireHashSlot(): () => void {
  const inFlight = g.__parleyHashesInFlight ?? 0;
  if (inFlight >= MAX_CONCURRENT_PASSWORD_HASHES) {
    throw new AppError("busy", "The server is busy; try again in a moment", { retryAfterS: 1 });
  }
  g.__parleyHashesInFlight = inFlight + 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    g.__parleyHashesInFlight = (g.__parleyHashesInFlight ?? 1) - 1;
  };
}

async function limited<T>(work: () => Promise<T>): Promise<T> {
  const release = acquireHashSlot();
  try {
    return await work();
  } finally {
    release();
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await limited(() => scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) }));
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const opts = { N: Number(n), r: Number(r), p: Number(p), maxmem: maxmem(Number(n), Number(r)) };
  const key = await limited(() => scrypt(password, Buffer.from(salt, "base64"), expected.length, opts));
  return timingSafeEqual(key, expected);
}

// A well-formed hash with today's parameters that no password matches (its key is not
// scrypt's output for anything we know): checking against it costs what a real check costs.
const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16, 1).toString("base64")}$${Buffer.alloc(KEY_LENGTH).toString("base64")}`;

/** Spends one real verification and answers false: for accounts that do not exist or have no
 *  password, so neither the answer nor its timing tells them from a wrong password. */
export async function verifyDummyPassword(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}
