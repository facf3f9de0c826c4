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

// --- Agent gateway (PRODUCT.md 8–19) ---
/** Messages per space shown in an agent's SPACE HISTORY block. */
export const HISTORY_WINDOW = 50;
/** A `send_message(wait: true)` with no reply resumes after this long. */
export const WAIT_TIMEOUT_MS = 5 * 60 * 1000;
/** Waits one run may make. */
export const MAX_WAITS_PER_RUN = 10;
/** Runs one agent may have in `waiting_reply` at once. */
export const MAX_WAITING_RUNS_PER_AGENT = 5;
/** Runs one agent may have `running` at once; further ones stay queued. */
export const MAX_CONCURRENT_RUNS = 5;
/** A run that has been running longer than this fails. */
export const MAX_RUN_DURATION_MS = 30 * 60 * 1000;
/** Model steps with tool calls per run; one more fails the run. */
export const MAX_TOOL_STEPS = 20;
/** `read_messages` default and maximum `limit`. */
export const READ_MESSAGES_LIMIT = 50;
/** `get_my_runs` default `limit`. */
export const GET_MY_RUNS_LIMIT = 10;
/** Context token budget when the model's own limit is unknown. */
export const DEFAULT_CONTEXT_TOKENS = 32_000;
