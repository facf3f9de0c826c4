// Limits of the transport and the door: socket event queues, relays and presence batches,
// database pool, password hashing slots and the refusals held at the door, request bodies.
/** Refusals in a row after which a socket's further refused events are answered slower. */
export const REFUSALS_BEFORE_SLOWDOWN = 10;
/** How long each refused event past REFUSALS_BEFORE_SLOWDOWN holds its socket's queue. */
export const REFUSED_EVENT_PAUSE_MS = 50;
/** Events one socket may leave unanswered; one more disconnects it (it is not waiting for acks). */
export const MAX_PENDING_EVENTS_PER_SOCKET = 200;
/** A user's typing indicator is relayed to a space at most this often. */
export const TYPING_RELAY_MS = 2000;
/** Presence changes are sent to the workspace as one batch this often, not one event per connect. */
export const PRESENCE_BATCH_MS = 500;
/** With Redis, a process that has not renewed its presence heartbeat for this long is dead: its sockets count offline. */
export const PRESENCE_NODE_TTL_MS = 15_000;
/** PostgreSQL connections per process, for people's requests and socket events and for agents' work alike. */
export const DEFAULT_DB_POOL_SIZE = 15;
/** Read receipts (cursor moves) are sent to a space at most this often per reader; the latest one wins. */
export const READ_RELAY_MS = 250;
/**
 * Password hashes computed at once; the rest wait in a fair queue (HASH_QUEUE_*). A hash
 * takes about 180 ms of one core, so one at a time still signs in about five people a
 * second. Hashes run on libuv's threadpool, which also gzips responses and does fs work: at
 * 4, a sign-in flood kept every thread busy and each API answer waited for a hash; at 2, it
 * took both cores of a small server from everyone else (npm run bench:abuse).
 */
export const MAX_CONCURRENT_PASSWORD_HASHES = 1;
/**
 * Sign-ins and sign-ups waiting for a hashing slot, per client address (beyond the one it
 * may be hashing). The slot goes to addresses in turn, so one address flooding gets one hash
 * in every N (N = addresses waiting), never all of them; past this, its next one is busy (503).
 */
export const HASH_QUEUE_PER_ADDRESS = 1;
/** Waiting for a hashing slot, all addresses together; past it, busy (503). About 10 s of hashing. */
export const HASH_QUEUE_MAX = 50;
/** A request that has waited this long for a hashing slot is answered busy (503) instead. */
export const HASH_QUEUE_WAIT_MS = 10_000;
/**
 * Sign-in and sign-up POSTs in progress per client address at the server's door (limit
 * checks, the fair queue, the hash): its one hashing plus HASH_QUEUE_PER_ADDRESS waiting.
 * More from one address are refused at the door, for next to nothing.
 */
export const HASHING_POSTS_PER_ADDRESS = 1 + HASH_QUEUE_PER_ADDRESS;
/** Sign-in and sign-up POSTs in progress at once, all addresses: the queue plus the slots, and a little room. */
export const HASHING_POSTS_MAX = HASH_QUEUE_MAX + 10;
/**
 * A sign-in or sign-up refused at the door (busy, or its address rate limited) is answered this
 * long after it arrived, so a client that ignores Retry-After cannot make a thousand refusals a second.
 */
export const BUSY_REFUSAL_HOLD_MS = 1000;
/** Refusals at the door held at once (each holds a socket); past it they are answered at once. */
export const MAX_HELD_REFUSALS = 1000;
/** Deepest JSON nesting accepted in a request body. */
export const MAX_JSON_DEPTH = 32;
