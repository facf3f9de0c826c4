// Password hashing with scrypt from node:crypto: memory-hard (N·r·128 bytes = 32 MiB per
// hash here), built into Node, no native addon to compile. The parameters are stored
// in the hash so they can be raised later without breaking existing accounts.
//
// Each hash costs ~100–200 ms of CPU and 32 MiB, so at most MAX_CONCURRENT_PASSWORD_HASHES
// run at once, process-wide; the rest wait in a fair queue keyed by client address
// (fair-slots.ts): an address flooding sign-ins gets its turn among everyone else's, not the
// whole door. Past a short queue per address (or in all, or a wait too long) the caller gets
// AppError("busy") (503): an unbounded queue would let a flood hold every request (and the memory) hostage.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { HASH_QUEUE_MAX, HASH_QUEUE_PER_ADDRESS, HASH_QUEUE_WAIT_MS, MAX_CONCURRENT_PASSWORD_HASHES } from "@/lib/limits";
import { FairSlots } from "./fair-slots";

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, opts, (e, key) => (e ? reject(e) : resolve(key))));

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const maxmem = (n: number, r: number) => 256 * n * r; // twice what scrypt needs

export const MIN_PASSWORD_LENGTH = 8;

/** The queue of hashes made by the server itself (seed, scripts), not for a client address. */
export const SERVER_HASH_QUEUE = "server";

// Next's route bundles load their own copy of this module; the queue lives on globalThis
// so the sign-in route, the sign-up route and the server share one limit.
const g = globalThis as unknown as { __parleyHashSlots?: FairSlots };
const slots = () =>
  (g.__parleyHashSlots ??= new FairSlots({
    slots: MAX_CONCURRENT_PASSWORD_HASHES,
    perKey: HASH_QUEUE_PER_ADDRESS,
    max: HASH_QUEUE_MAX,
    waitMs: HASH_QUEUE_WAIT_MS,
  }));

/**
 * A hashing slot for `queue` (the client's address), after its turn; throws AppError("busy")
 * when its queue is full or the wait too long. Call the returned function when done.
 */
export const takeHashSlot = (queue: string): Promise<() => void> => slots().take(queue);

/** Slots in use and hashes waiting, process-wide. */
export const hashSlotState = () => slots().state;

async function limited<T>(queue: string, work: () => Promise<T>): Promise<T> {
  const release = await takeHashSlot(queue);
  try {
    return await work();
  } finally {
    release();
  }
}

/** `queue`: the client address whose turn this hash takes (fair-slots.ts). */
export async function hashPassword(password: string, queue = SERVER_HASH_QUEUE): Promise<string> {
  const salt = randomBytes(16);
  const key = await limited(queue, () => scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) }));
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string, queue = SERVER_HASH_QUEUE): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const opts = { N: Number(n), r: Number(r), p: Number(p), maxmem: maxmem(Number(n), Number(r)) };
  const key = await limited(queue, () => scrypt(password, Buffer.from(salt, "base64"), expected.length, opts));
  return timingSafeEqual(key, expected);
}

// A well-formed hash with today's parameters that no password matches (its key is not
// scrypt's output for anything we know): checking against it costs what a real check costs.
const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16, 1).toString("base64")}$${Buffer.alloc(KEY_LENGTH).toString("base64")}`;

/** Spends one real verification and answers false: for accounts that do not exist or have no
 *  password, so neither the answer nor its timing tells them from a wrong password. */
export async function verifyDummyPassword(password: string, queue = SERVER_HASH_QUEUE): Promise<false> {
  await verifyPassword(password, DUMMY_HASH, queue);
  return false;
}
