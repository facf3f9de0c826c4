// Numbers from PRODUCT.md and the issue, named once. Each has a test (lib/limits.test.ts)
// and each is enforced where the behaviour lives, not re-typed there.

/** Longest message text accepted, in characters. */
export const MAX_MESSAGE_LENGTH = 4000;
/** Messages API / history page: default and maximum page size. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Largest HTTP JSON body and Socket.IO frame accepted, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Agent chain-depth limit per space unless the space overrides it. */
export const MAX_CHAIN_DEPTH = 5;
/** Reconnect replay returns at most this many missed messages per call; the client pages on. */
export const MAX_REPLAY_BATCH = 500;
/** Client-side: read receipts are written at most this often per space. */
export const READ_RECEIPT_DEBOUNCE_MS = 400;
/** A "typing" indicator expires this long after the last typing event. */
export const TYPING_TTL_MS = 5000;
/** Longest channel name. */
export const MAX_SPACE_NAME_LENGTH = 80;
