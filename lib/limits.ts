// Product numbers (limits and defaults), named once. Each has a test (lib/limits.test.ts)
// and each is enforced where the behaviour lives, not re-typed there.

/** Longest message text accepted, in characters. */
export const MAX_MESSAGE_LENGTH = 4000;
/** Messages API / history page: default and maximum page size. */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** Largest HTTP JSON body and Socket.IO frame accepted, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Longest incoming X-Request-Id kept (a proxy's UUID or trace id); a longer one is replaced by our own. */
export const MAX_REQUEST_ID_LENGTH = 128;
/** Agent chain-depth limit per space unless the space overrides it. */
export const MAX_CHAIN_DEPTH = 5;
/** `messages:changed` (edits and deletions a reconnecting client missed) covers at most this many seqs per call; the client pages on. */
export const MAX_CHANGED_RANGE = 1000;
/** Reconnect replay returns at most this many missed messages per call; the client pages on. */
export const MAX_REPLAY_BATCH = 500;
/** Client-side: read receipts are written at most this often per space. */
export const READ_RECEIPT_DEBOUNCE_MS = 400;
/** A "typing" indicator expires this long after the last typing event. */
export const TYPING_TTL_MS = 5000;
/** Longest channel name. */
export const MAX_SPACE_NAME_LENGTH = 80;
/** Longest channel topic (the one-line status under its name) and description, in characters. */
export const MAX_TOPIC_LENGTH = 250;
export const MAX_DESCRIPTION_LENGTH = 1000;
/** Channels one page of the channel browser lists (public ones, and the caller's own); a search narrows it. */
export const MAX_BROWSE_CHANNELS = 200;
/** Longest search text the channel browser takes. */
export const MAX_CHANNEL_SEARCH_LENGTH = 80;
/** Most members of a group direct message, its creator included (people and agents). */
export const MAX_GROUP_DM_MEMBERS = 8;
/** Thread panel: replies per page, default and maximum. */
export const DEFAULT_THREAD_PAGE = 50;
export const MAX_THREAD_PAGE = 100;
/** Threads view: followed threads per page. */
export const THREADS_LIST_PAGE = 30;
/** Agent context: a thread's replies shown whole (the newest; older ones are counted) and channel lines shown as background. */
export const THREAD_CONTEXT_REPLIES = 40;
export const THREAD_BACKGROUND_LINES = 10;

// --- Agent gateway ---
/** Messages per space shown in an agent's SPACE HISTORY block. */
export const HISTORY_WINDOW = 50;
/**
 * [SEEN] history lines start at a seq that is a multiple of this plus one (1, 51, 101, …), so
 * new messages do not move the history's first line and consecutive runs repeat the history
 * byte for byte (a provider's prompt cache) until this many messages have passed. The window
 * is extended back to that start with [SEEN] lines, so it shows between HISTORY_WINDOW and
 * HISTORY_WINDOW + this − 1 lines.
 */
export const HISTORY_ANCHOR_BLOCK = 50;
/**
 * The [SEEN] history is cut into chunks of this many seqs: a provider that caches only at
 * marked points gets one content block per chunk, and lines left out for the budget go a whole
 * chunk at a time, so the history's first line moves in steps, not with every message.
 */
export const HISTORY_CACHE_CHUNK = 10;
/** A `send_message(wait: true)` with no reply resumes after this long. */
export const WAIT_TIMEOUT_MS = 5 * 60 * 1000;
/** Waits one run may make. */
export const MAX_WAITS_PER_RUN = 10;
/** Runs one agent may have in `waiting_reply` at once. */
export const MAX_WAITING_RUNS_PER_AGENT = 5;
/** Choices one question may offer as buttons, and the length of each. */
export const MAX_QUESTION_OPTIONS = 5;
export const MAX_QUESTION_OPTION_LENGTH = 40;
/** Bounds of an agent's wait timeout setting (Agent.waitTimeoutMs; WAIT_TIMEOUT_MS is the default). */
export const MIN_WAIT_TIMEOUT_MS = 10_000;
export const MAX_WAIT_TIMEOUT_MS = 60 * 60 * 1000;
/** Messages that arrived during a wait and were not its answer, told to the resumed run (the newest kept). */
export const MAX_NOT_ANSWERS_PER_WAIT = 5;
/** Runs one process executes at once on the embedded database (one connection), all agents together. */
export const MAX_RUNS_IN_FLIGHT_EMBEDDED = 4;
/**
 * A process with a run in flight claims another only while it uses at most this share of a
 * core (smoothed): people's sends share the process. One run is always allowed, so agents
 * always progress. (At half a core, a person's send p99 with three fast agents answering
 * every message was 1.7 to 2.3 times its figure without; at 0.35, 1.6 to 1.8 times, with as
 * many runs done.)
 */
export const RUN_CLAIM_MAX_CPU_SHARE = 0.35;
/** …and while its event loop runs at most this late (smoothed). */
export const RUN_CLAIM_MAX_LOOP_LAG_MS = 4;
/** A claim held back by a busy loop is tried again after this long. */
export const RUN_CLAIM_RETRY_MS = 25;
/** Runs one agent may have `running` at once; further ones stay queued. */
export const MAX_CONCURRENT_RUNS = 5;
/**
 * A `running` run whose process has not touched it for this long lost that process (a crash,
 * kill -9, a frozen machine) and any process may take it over. PARLEY_RUN_LEASE_MS overrides it.
 */
export const RUN_LEASE_MS = 60_000;
/** The executing process touches its runs this many times per lease, so one or two slow heartbeats do not lose a run. */
export const HEARTBEATS_PER_LEASE = 4;
/** On SIGTERM or SIGINT, model calls already running get this long to finish; the rest are cut off and put back in the queue for another process. */
export const SHUTDOWN_DRAIN_MS = 10_000;
/** Then each later step of a shutdown (socket events and requests in flight, trigger handling) gets at most this long. */
export const SHUTDOWN_FLUSH_MS = 5_000;
/** This long after the signal the process exits (code 1) whatever is still pending: within the 30 s orchestrators commonly give before SIGKILL. */
export const SHUTDOWN_FORCE_EXIT_MS = 28_000;
/** A run that has been running longer than this fails. */
export const MAX_RUN_DURATION_MS = 30 * 60 * 1000;
/** Model steps with tool calls per run; one more fails the run. */
export const MAX_TOOL_STEPS = 20;
/** `read_messages` default and maximum `limit`. */
export const READ_MESSAGES_LIMIT = 50;
/** `get_my_runs` default `limit`. */
export const GET_MY_RUNS_LIMIT = 10;
/** Unresolved failed runs shown in an agent's context (newest first); the block says how many more there are. */
export const MAX_FAILED_RUNS_SHOWN = 3;
/** Tool calls of the current run listed in its THIS RUN SO FAR block (the latest ones). */
export const MAX_RUN_ACTIONS_SHOWN = 20;
/** Messages folded into a queued run that its TRIGGER block lists. */
export const MAX_FOLDED_SHOWN = 10;
/** How often one execution of a run is compacted (a fresh call at a smaller share) after the provider said its context was too long. */
export const MAX_CONTEXT_COMPACTIONS = 3;
/** A model's context window when neither its id nor the agent's modelSettings.contextTokens says: small, so an unknown model is never overrun. */
export const DEFAULT_CONTEXT_TOKENS = 8_000;
/** Tokens kept free for the model's reply when the agent sets no maxOutputTokens (at most a quarter of the window). */
export const DEFAULT_OUTPUT_RESERVE_TOKENS = 4_000;
/** Longest trigger text (message, plan instruction) and service payload shown in TRIGGER, in characters; the rest is cut with "…(+N chars)". */
export const MAX_TRIGGER_TEXT_CHARS = 3_000;
/** The trigger's text when even the smallest context is over the budget: the last thing to give way. */
export const MIN_TRIGGER_TEXT_CHARS = 600;
/** Longest message text on a [NEW] (or trigger, or reply) line of SPACE HISTORY, in characters. */
export const MAX_NEW_LINE_CHARS = 1_500;
/** Longest message text on a [SEEN] line, in characters: cut once, when the line is first seen, and never again. */
export const MAX_SEEN_LINE_CHARS = 300;
/** How short a [NEW] or recent line may be clipped when even that is over the budget. */
export const MIN_LINE_CHARS = 200;
/** The most recent [SEEN] lines that always stay in SPACE HISTORY, whatever the budget. */
export const MIN_RECENT_SEEN_LINES = 5;
/** The most tokens MEMORIES and GOALS take, each, however large the window; the rest is "… N more". */
export const MAX_MEMORIES_TOKENS = 1_700;
export const MAX_GOALS_TOKENS = 850;
/** EARLIER IN THIS SPACE: key lines kept, and the longest model-written summary, in characters. */
export const EARLIER_KEY_LINES = 5;
export const MAX_SUMMARY_CHARS = 1_200;
/** A model-written summary not back by then is skipped for this run (the digest still stands). */
export const SUMMARY_TIMEOUT_MS = 20_000;
/**
 * Unread messages older than SPACE HISTORY's window are counted and digested, not shown: the
 * digest's key lines are picked from at most this many of the newest of them.
 */
export const UNREAD_DIGEST_SCAN = 500;
/** A run resumed in another space is shown at most this many of what arrived in its trigger space meanwhile. */
export const RESUME_ELSEWHERE_LINES = 20;
/** read_payload: the longest JSON path it takes, and the most characters of the payload one call returns (the rest is cut and counted). */
export const MAX_PAYLOAD_PATH_CHARS = 300;
export const MAX_READ_PAYLOAD_CHARS = 8_000;
/** The newest step's tool result, when even one-line summaries of the older ones leave no room for it whole, keeps this many characters. */
export const TOOL_RESULT_PREVIEW_CHARS = 300;

/** Different emoji one message may carry; a new one past it is refused (people can still join the existing ones). */
export const MAX_REACTION_EMOJI_PER_MESSAGE = 20;
/** Reactions one person or agent may put on one message. */
export const MAX_REACTIONS_PER_ENTITY_PER_MESSAGE = 10;
/** Longest emoji string accepted, in UTF-16 units (the longest in the emoji data set, a flag or a family with skin tones, is 15). */
export const MAX_EMOJI_LENGTH = 32;
/** People named per emoji on a history line of an agent's context; the rest are counted. */
export const MAX_REACTION_NAMES_SHOWN = 5;

/** Nodes (messages, trigger decisions, runs) one chain tree shows; deeper levels are cut. */
export const CHAIN_MAX_NODES = 500;
/** Characters of each message's text in a chain tree. */
export const CHAIN_TEXT_CLIP = 280;

/** Runs per page of the admin run list (the default, and the most `limit` may ask for). */
export const RUNS_PAGE_SIZE = 50;
export const MAX_RUNS_PAGE_SIZE = 100;
/** Runs a run's messages triggered, listed on its page (its place in the chain); the rest are counted. */
export const MAX_CHILD_RUNS_SHOWN = 50;

/** Audit entries per page of the audit list and of an agent's history. */
export const AUDIT_PAGE_SIZE = 50;
/** "Test model": the one call's longest answer in tokens, and how long it may take before it counts as failed. */
export const MODEL_TEST_MAX_OUTPUT_TOKENS = 32;
export const MODEL_TEST_TIMEOUT_MS = 20_000;
/** Agents an admin can create; past it, creating one is refused (archived agents do not count). */
export const MAX_AGENTS = 100;
/** Edits and removals of messages listed in an agent's next context (MESSAGE CHANGES), newest kept. */
export const MAX_MESSAGE_CHANGES_SHOWN = 10;
/** Admin changes listed in an agent's next context ("changed since your last run"); older ones are counted. */
export const MAX_ADMIN_CHANGES_SHOWN = 10;
/** A plan's newest runs listed with it on the admin page; the rest are counted (and paged through its runs route). */
export const PLAN_RUNS_SHOWN = 5;
/** At most this many of a plan's runs per page of GET /api/agents/:id/plans/:planId/runs. */
export const PLAN_RUNS_PAGE = 50;
/** Members one message may mention; a message naming more is refused (a mention notifies: no pinging a crowd by paste). */
export const MAX_MENTIONS_PER_MESSAGE = 20;
/** Members or channels the composer's @ / # autocomplete lists at once. */
export const MENTION_AUTOCOMPLETE_RESULTS = 8;
/** Messages per page of the Mentions view (GET /api/mentions, mentions:list): default and maximum. */
export const MENTIONS_PAGE_SIZE = 30;
export const MAX_MENTIONS_PAGE_SIZE = 100;

/** The usage page's ranges, in UTC days back from today; the API accepts only these. */
export const USAGE_RANGE_DAYS = [7, 30] as const;
/** Longest search query (the search box's text, operators included), in characters. */
export const MAX_SEARCH_QUERY_LENGTH = 200;
/** Search results per page: the default, and the most `limit` may ask for. */
export const SEARCH_PAGE_SIZE = 20;
export const MAX_SEARCH_PAGE_SIZE = 50;
/** Longest snippet of a search result, in characters (the matched words' marks not counted). */
export const MAX_SEARCH_SNIPPET_CHARS = 300;
/** search_messages (agent tool): results per call by default, and at most. */
export const SEARCH_TOOL_LIMIT = 10;
export const MAX_SEARCH_TOOL_LIMIT = 20;
/** Messages loaded on each side of a message opened from search (messages:around). */
export const AROUND_MESSAGES = 25;
/** Service runs listed on an agent's Services page (newest first). */
export const SERVICE_RUNS_SHOWN = 20;
/** Spaces one service key may list (every key lists at least one). */
export const MAX_SERVICE_KEY_SPACES = 100;
/** Models one price-settings save may carry, and the highest price accepted (USD per million tokens). */
export const MAX_PRICED_MODELS = 200;
export const MAX_PRICE_PER_M_TOKENS = 10_000;

// --- Abuse limits: one client must not hurt everyone (see SECURITY.md) ---
/** A rate limit: `points` actions per `durationS` seconds per key; past it, refused for `blockS` (default: the rest of the window). */
export interface RateLimit {
  points: number;
  durationS: number;
  blockS?: number;
}

/** Wrong sign-ins of an account (from any IPs, in signInFailuresPerAccount's window) before its attempts are slowed. */
export const SIGN_IN_FREE_FAILURES = 3;
/** The first delay past SIGN_IN_FREE_FAILURES; each further failure doubles it, up to SIGN_IN_DELAY_MAX_MS. */
export const SIGN_IN_DELAY_BASE_MS = 250;
/** The longest delay an account's sign-ins get, however many wrong passwords strangers sent: a throttle, not a lockout. */
export const SIGN_IN_DELAY_MAX_MS = 3000;

/** Every rate limit, named once. Keys are per IP, user, space, key or agent as the name says. */
export const RATE_LIMITS = {
  /** Wrong sign-ins per IP; then a 15-minute block. */
  signInPerIp: { points: 20, durationS: 15 * 60, blockS: 15 * 60 },
  /**
   * Wrong sign-ins per account from one IP; then that IP (only) is blocked for that account for
   * 15 minutes. There is no block of an account as such: strangers could use it to lock anyone out.
   */
  signInPerAccountIp: { points: 5, durationS: 15 * 60, blockS: 15 * 60 },
  /** Wrong sign-ins per account from any IPs, counted but never refused: they set SIGN_IN_DELAY. */
  signInFailuresPerAccount: { points: 1_000_000, durationS: 15 * 60 },
  /**
   * An address that just sent a wrong password for an account waits the account's delay
   * (SIGN_IN_DELAY) before its next try at that account: a gate that is only ever set by a
   * failure, for the delay's length, and refused fast (429) instead of sleeping in a sign-in slot.
   */
  signInRetryPerAccountIp: { points: 1, durationS: SIGN_IN_DELAY_MAX_MS / 1000 },
  /** Sign-ups per IP. */
  signupPerIp: { points: 5, durationS: 60 * 60 },
  /** Edits and deletions of messages per user, over HTTP and the socket together. */
  messageChangesPerUser: { points: 30, durationS: 60 },
  /** Messages per user, over HTTP and the socket together. */
  messagesPerUser: { points: 20, durationS: 10 },
  /** Past messagesPerUser, retries of already-stored messages still get their message back, this many times. */
  messageRetriesPerUser: { points: 20, durationS: 10 },
  /** typing:set events per socket (relays are further limited to one per TYPING_RELAY_MS per space). */
  typingPerSocket: { points: 20, durationS: 10 },
  /** space:join per user. */
  joinsPerUser: { points: 30, durationS: 10 },
  /** Channels created per user. */
  channelsPerUser: { points: 10, durationS: 60 },
  /** Channels a user may add members to, per minute. */
  memberAddsPerUser: { points: 10, durationS: 60 },
  /** Channel browser lists per user (each counts the members of up to MAX_BROWSE_CHANNELS channels). */
  channelBrowsesPerUser: { points: 60, durationS: 60 },
  /** Public channels joined per user (each posts a line in the channel). */
  publicJoinsPerUser: { points: 20, durationS: 60 },
  /** Channel settings changes per user: rename, topic, description, visibility, archive (each may post a line). */
  spaceUpdatesPerUser: { points: 30, durationS: 60 },
  /** Account and admin changes per user: tokens, sessions, OAuth links, service keys, agent settings. */
  accountChangesPerUser: { points: 20, durationS: 60 },
  /** Run list pages and run pages read per user (the inspector re-reads a run as its timeline grows). */
  runViewsPerUser: { points: 300, durationS: 60 },
  /** Runs canceled or retried per user. */
  runActionsPerUser: { points: 20, durationS: 60 },
  /** Failure-note lists read per user (one per space opened). */
  failureNoteReadsPerUser: { points: 60, durationS: 60 },
  /** "Test model" calls per admin: each spends the provider's key and tokens. */
  modelTestsPerUser: { points: 5, durationS: 60 },
  /** Audit pages read per user. */
  auditReadsPerUser: { points: 60, durationS: 60 },
  /** People administration changes per admin: roles, (re)activation, invite links, reset links. */
  peopleChangesPerUser: { points: 30, durationS: 60 },
  /** People list pages and invite lists read per admin. */
  peopleReadsPerUser: { points: 120, durationS: 60 },
  /** Invite sign-ups and password resets per address (each costs a password hash). */
  linkUsesPerIp: { points: 10, durationS: 60 * 60 },
  /** Changes to agents' goals, memories and plans per admin (the admin page saves one item per click). */
  agentKnowledgeChangesPerUser: { points: 60, durationS: 60 },
  /** Reads of agents' goals, memories, plans and plan runs per admin. */
  agentKnowledgeReadsPerUser: { points: 120, durationS: 60 },
  /** Chain trees read per user. */
  chainViewsPerUser: { points: 60, durationS: 60 },
  /** Service (webhook) triggers per key. */
  serviceTriggersPerKey: { points: 30, durationS: 60 },
  /** Readiness checks (GET /api/ready) per address: load balancers poll every few seconds. */
  readyChecksPerIp: { points: 30, durationS: 10 },
  /** Metrics scrapes (GET /api/metrics) per address: Prometheus scrapes every 15 s; a few scrapers share a host. */
  metricsScrapesPerIp: { points: 30, durationS: 60 },
  /** Test triggers an admin sends from an agent's Services page (each starts a run). */
  testTriggersPerUser: { points: 10, durationS: 60 },
  /** Reactions added or removed per person or agent, over HTTP, the socket and the react tool together. */
  reactionsPerEntity: { points: 30, durationS: 10 },
  /** Usage reports per user (each reads up to 30 days of runs). */
  usageReadsPerUser: { points: 30, durationS: 60 },
  /** Thread pages and Threads-view lists read per user (the panel pages a long thread back). */
  threadReadsPerUser: { points: 120, durationS: 60 },
  /** "Read up to here" marks on threads per user (one per thread opened or reply seen). */
  threadMarksPerUser: { points: 60, durationS: 10 },
  /** Answers to agents' questions (button presses) per user. */
  questionAnswersPerUser: { points: 20, durationS: 60 },
  /** Stops and regenerations of agent runs from the chat, per user. */
  runSteersPerUser: { points: 20, durationS: 60 },
  /** "What it did" lines read per user (one per expanded agent message). */
  runStepViewsPerUser: { points: 120, durationS: 60 },
  /** Mentions pages read per user (the view pages back through older mentions). */
  mentionReadsPerUser: { points: 120, durationS: 60 },
  /** Notification settings (a space's notify level) changed per user. */
  notifySettingsPerUser: { points: 30, durationS: 60 },
  /** Searches per user (HTTP and socket together); each is one full-text query over the user's spaces. */
  searchesPerUser: { points: 30, durationS: 60 },
  /** search_messages calls per agent, all its runs together. */
  agentSearchesPerAgent: { points: 30, durationS: 60 },
  /** Messages around a seq (opening a search result) per user. */
  aroundReadsPerUser: { points: 60, durationS: 60 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Runs an agent may have queued (not yet started); a trigger past it is refused (429 for services). */
export const MAX_QUEUED_RUNS_PER_AGENT = 20;
/** Shortest interval between two runs of a recurring (cron) plan. */
export const MIN_CRON_INTERVAL_MS = 60_000;

// Two groups live in files of their own, named here once like the rest.
export * from "./limits/people";
export * from "./limits/transport";

/**
 * How long the admins who may see a run's content are remembered for its live events
 * (server/domain/runs/admin-run-viewers.ts): one lookup per burst of events instead of one per event.
 */
export const ADMIN_VIEWERS_TTL_MS = 1000;
/** Highest call number GET /api/runs/:id/contexts/:n accepts; the run page lists at most this many events anyway. */
export const MAX_RUN_CALL_NUMBER = 2000;
/**
 * The longest a rate-limited message waits in the browser's outbox to go out by itself; a
 * refusal asking for longer (a daily budget) fails the message, with Retry, instead.
 */
export const OUTBOX_MAX_AUTO_WAIT_S = 120;
/** A send that got no answer while connected is tried again (same idempotency key) after this long. */
export const OUTBOX_RETRY_AFTER_TIMEOUT_MS = 3000;
/** Failure notes (an agent couldn't answer a person's message) listed per space for their sender, newest first. */
export const MAX_FAILURE_NOTES = 50;
/** How many of a person's newest messages in a space are looked at for refusal notes. */
export const FAILURE_NOTE_MESSAGES = 200;
/** Topics an agent may declare (reply mode auto wakes it on them), and the length of each. */
export const MAX_AGENT_TOPICS = 20;
export const MAX_AGENT_TOPIC_LENGTH = 60;
