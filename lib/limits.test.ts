import { describe, expect, it } from "vitest";
import * as limits from "./limits";

// The product's fixed numbers; changing one must be a deliberate act.
describe("product limits", () => {
  it("a message carries at most 20 different emoji, 10 of them from one person; an emoji is at most 32 UTF-16 units; agents see 5 names per emoji", () => {
    expect(limits.MAX_REACTION_EMOJI_PER_MESSAGE).toBe(20);
    expect(limits.MAX_REACTIONS_PER_ENTITY_PER_MESSAGE).toBe(10);
    expect(limits.MAX_EMOJI_LENGTH).toBe(32);
    expect(limits.MAX_REACTION_NAMES_SHOWN).toBe(5);
  });
  it("each person or agent may react 30 times per 10 s", () => expect(limits.RATE_LIMITS.reactionsPerEntity).toEqual({ points: 30, durationS: 10 }));
  it("message length limit is 4000 characters", () => expect(limits.MAX_MESSAGE_LENGTH).toBe(4000));
  it("message pages default to 50 and cap at 200", () => {
    expect(limits.DEFAULT_PAGE_SIZE).toBe(50);
    expect(limits.MAX_PAGE_SIZE).toBe(200);
  });
  it("chain depth limit defaults to 5", () => expect(limits.MAX_CHAIN_DEPTH).toBe(5));
  it("edits and deletions: 30 a minute per user; reconnect catch-up reads 1000 seqs a call; 10 changes shown to an agent", () => {
    expect(limits.RATE_LIMITS.messageChangesPerUser).toEqual({ points: 30, durationS: 60 });
    expect(limits.MAX_CHANGED_RANGE).toBe(1000);
    expect(limits.MAX_MESSAGE_CHANGES_SHOWN).toBe(10);
  });
  it("who may see a run's live events is remembered for 1 s", () => expect(limits.ADMIN_VIEWERS_TTL_MS).toBe(1000));
  it("a run's call contexts are numbered up to 2000, the run page's event cap", () => expect(limits.MAX_RUN_CALL_NUMBER).toBe(2000));
  it("bodies over 64 KiB are refused", () => expect(limits.MAX_BODY_BYTES).toBe(65536));

  it("agents see 50 messages per space and read_messages defaults to 50", () => {
    expect(limits.HISTORY_WINDOW).toBe(50);
    expect(limits.READ_MESSAGES_LIMIT).toBe(50);
  });
  it("[SEEN] history starts on a 50-message boundary and is cached and left out in chunks of 10", () => {
    expect(limits.HISTORY_ANCHOR_BLOCK).toBe(50);
    expect(limits.HISTORY_CACHE_CHUNK).toBe(10);
    expect(limits.HISTORY_ANCHOR_BLOCK % limits.HISTORY_CACHE_CHUNK).toBe(0);
  });
  it("waits time out after 5 minutes; 10 per run; 5 waiting runs per agent", () => {
    expect(limits.WAIT_TIMEOUT_MS).toBe(300_000);
    expect(limits.MAX_WAITS_PER_RUN).toBe(10);
    expect(limits.MAX_WAITING_RUNS_PER_AGENT).toBe(5);
  });
  it("a run silent for 60 s is taken over; its process touches it 4 times per lease (every 15 s)", () => {
    expect(limits.RUN_LEASE_MS).toBe(60_000);
    expect(limits.HEARTBEATS_PER_LEASE).toBe(4);
  });
  it("a shutdown gives running model calls 10 s, each later step 5 s, and exits by 28 s whatever is left", () => {
    expect(limits.SHUTDOWN_DRAIN_MS).toBe(10_000);
    expect(limits.SHUTDOWN_FLUSH_MS).toBe(5_000);
    expect(limits.SHUTDOWN_FORCE_EXIT_MS).toBe(28_000);
    // Drain, then two bounded flush steps (clients and requests together, then triggers), then closing.
    expect(limits.SHUTDOWN_DRAIN_MS + 2 * limits.SHUTDOWN_FLUSH_MS).toBeLessThan(limits.SHUTDOWN_FORCE_EXIT_MS);
    expect(limits.SHUTDOWN_FORCE_EXIT_MS).toBeLessThan(30_000);
  });
  it("an agent runs at most 5 runs at once, each at most 30 minutes and 20 tool steps", () => {
    expect(limits.MAX_CONCURRENT_RUNS).toBe(5);
    expect(limits.MAX_RUN_DURATION_MS).toBe(1_800_000);
    expect(limits.MAX_TOOL_STEPS).toBe(20);
  });
  it("an unknown model's window is taken to be 8k tokens; 4k are kept for the reply unless the agent says", () => {
    expect(limits.DEFAULT_CONTEXT_TOKENS).toBe(8_000);
    expect(limits.DEFAULT_OUTPUT_RESERVE_TOKENS).toBe(4_000);
  });
  it("trigger text is cut at 3000 characters, [NEW] lines at 1500, older [SEEN] lines at 300, never below 200", () => {
    expect(limits.MAX_TRIGGER_TEXT_CHARS).toBe(3_000);
    expect(limits.MAX_NEW_LINE_CHARS).toBe(1_500);
    expect(limits.MAX_SEEN_LINE_CHARS).toBe(300);
    expect(limits.MIN_LINE_CHARS).toBe(200);
  });
  it("a run is compacted at most 3 times for its context", () => expect(limits.MAX_CONTEXT_COMPACTIONS).toBe(3));
  it("the trigger keeps 600 characters when nothing else is left to give way", () => expect(limits.MIN_TRIGGER_TEXT_CHARS).toBe(600));
  it("the 5 most recent [SEEN] lines always stay", () => expect(limits.MIN_RECENT_SEEN_LINES).toBe(5));
  it("memories take at most 1700 tokens and goals 850", () => {
    expect(limits.MAX_MEMORIES_TOKENS).toBe(1_700);
    expect(limits.MAX_GOALS_TOKENS).toBe(850);
  });
  it("EARLIER IN THIS SPACE keeps 5 key lines and a summary of at most 1200 characters", () => {
    expect(limits.EARLIER_KEY_LINES).toBe(5);
    expect(limits.MAX_SUMMARY_CHARS).toBe(1_200);
  });
  it("a model-written summary gets 20 s", () => expect(limits.SUMMARY_TIMEOUT_MS).toBe(20_000));
  it("an unread backlog's digest picks its key lines from its newest 500 messages", () => expect(limits.UNREAD_DIGEST_SCAN).toBe(500));
  it("a run resumed elsewhere sees up to 20 lines of what arrived in its trigger space", () => expect(limits.RESUME_ELSEWHERE_LINES).toBe(20));
  it("the newest tool result shrinks to a 300-character preview when nothing else is left to shrink", () => expect(limits.TOOL_RESULT_PREVIEW_CHARS).toBe(300));
  it("read_payload takes paths of up to 300 characters and returns at most 8000 characters a call", () => {
    expect(limits.MAX_PAYLOAD_PATH_CHARS).toBe(300);
    expect(limits.MAX_READ_PAYLOAD_CHARS).toBe(8_000);
  });
  it("get_my_runs defaults to 10 runs", () => expect(limits.GET_MY_RUNS_LIMIT).toBe(10));
  it("a context shows at most 3 unresolved failed runs, 20 of the run's own tool calls and 10 folded messages", () => {
    expect(limits.MAX_FAILED_RUNS_SHOWN).toBe(3);
    expect(limits.MAX_RUN_ACTIONS_SHOWN).toBe(20);
    expect(limits.MAX_FOLDED_SHOWN).toBe(10);
  });

  it("20 wrong sign-ins per IP per 15 minutes, then a 15-minute block", () =>
    expect(limits.RATE_LIMITS.signInPerIp).toEqual({ points: 20, durationS: 900, blockS: 900 }));
  it("5 wrong sign-ins per account and IP per 15 minutes, then that IP is blocked for that account for 15 minutes", () =>
    expect(limits.RATE_LIMITS.signInPerAccountIp).toEqual({ points: 5, durationS: 900, blockS: 900 }));
  it("an account's wrong sign-ins are counted over 15 minutes and never refused (they set a delay, not a lockout)", () => {
    expect(limits.RATE_LIMITS.signInFailuresPerAccount).toEqual({ points: 1_000_000, durationS: 900 });
    expect("blockS" in limits.RATE_LIMITS.signInFailuresPerAccount).toBe(false);
  });
  it("an address that failed waits the account's delay before its next try there (a 3 s gate, set only by failures)", () => {
    expect(limits.RATE_LIMITS.signInRetryPerAccountIp).toEqual({ points: 1, durationS: 3 });
    expect("blockS" in limits.RATE_LIMITS.signInRetryPerAccountIp).toBe(false);
  });
  it("an account's sign-ins slow down after 3 wrong passwords: 250 ms, doubling, at most 3 s", () => {
    expect(limits.SIGN_IN_FREE_FAILURES).toBe(3);
    expect(limits.SIGN_IN_DELAY_BASE_MS).toBe(250);
    expect(limits.SIGN_IN_DELAY_MAX_MS).toBe(3000);
  });
  it("hashing is queued fairly: one waiting per address, 50 in all, for at most 10 s", () => {
    expect(limits.HASH_QUEUE_PER_ADDRESS).toBe(1);
    expect(limits.HASH_QUEUE_MAX).toBe(50);
    expect(limits.HASH_QUEUE_WAIT_MS).toBe(10_000);
  });
  it("the door lets in 2 sign-in or sign-up POSTs per address, 60 in all", () => {
    expect(limits.HASHING_POSTS_PER_ADDRESS).toBe(2);
    expect(limits.HASHING_POSTS_MAX).toBe(60);
  });
  it("30 readiness checks per address per 10 s", () => expect(limits.RATE_LIMITS.readyChecksPerIp).toEqual({ points: 30, durationS: 10 }));
  it("30 metrics scrapes per address per minute", () => expect(limits.RATE_LIMITS.metricsScrapesPerIp).toEqual({ points: 30, durationS: 60 }));
  it("an incoming request id is kept up to 128 characters", () => expect(limits.MAX_REQUEST_ID_LENGTH).toBe(128));
  it("5 sign-ups per IP per hour", () => expect(limits.RATE_LIMITS.signupPerIp).toEqual({ points: 5, durationS: 3600 }));
  it("one password hash at a time", () => expect(limits.MAX_CONCURRENT_PASSWORD_HASHES).toBe(1));
  it("a chain tree shows at most 500 nodes, each message clipped to 280 characters", () => {
    expect(limits.CHAIN_MAX_NODES).toBe(500);
    expect(limits.CHAIN_TEXT_CLIP).toBe(280);
  });
  it("the audit pages by 50, and an agent's context lists its last 10 admin changes", () => {
    expect(limits.AUDIT_PAGE_SIZE).toBe(50);
    expect(limits.MAX_ADMIN_CHANGES_SHOWN).toBe(10);
  });
  it("the run list pages by 50, at most 100; a run's page lists at most 50 runs it triggered", () => {
    expect(limits.RUNS_PAGE_SIZE).toBe(50);
    expect(limits.MAX_RUNS_PAGE_SIZE).toBe(100);
    expect(limits.MAX_CHILD_RUNS_SHOWN).toBe(50);
  });
  it("a model test answers in at most 32 tokens within 20 s; at most 100 live agents", () => {
    expect(limits.MODEL_TEST_MAX_OUTPUT_TOKENS).toBe(32);
    expect(limits.MODEL_TEST_TIMEOUT_MS).toBe(20_000);
    expect(limits.MAX_AGENTS).toBe(100);
  });
  it("5 model tests and 60 audit pages per user per minute", () => {
    expect(limits.RATE_LIMITS.modelTestsPerUser).toEqual({ points: 5, durationS: 60 });
    expect(limits.RATE_LIMITS.auditReadsPerUser).toEqual({ points: 60, durationS: 60 });
  });
  it("a plan lists its newest 5 runs on the admin page, and pages its runs by 50", () => {
    expect(limits.PLAN_RUNS_SHOWN).toBe(5);
    expect(limits.PLAN_RUNS_PAGE).toBe(50);
  });
  it("busy refusals are held 1 s, at most 1,000 at once", () => {
    expect(limits.BUSY_REFUSAL_HOLD_MS).toBe(1000);
    expect(limits.MAX_HELD_REFUSALS).toBe(1000);
  });
  it("JSON bodies nest at most 32 deep", () => expect(limits.MAX_JSON_DEPTH).toBe(32));

  it("20 messages per user per 10 s, socket and HTTP together", () => expect(limits.RATE_LIMITS.messagesPerUser).toEqual({ points: 20, durationS: 10 }));
  it("past it, 20 retries of stored messages per user per 10 s", () => expect(limits.RATE_LIMITS.messageRetriesPerUser).toEqual({ points: 20, durationS: 10 }));
  it("20 typing events per socket per 10 s", () => expect(limits.RATE_LIMITS.typingPerSocket).toEqual({ points: 20, durationS: 10 }));
  it("past 10 refusals in a row a socket's refused events wait 50 ms each; 200 unanswered events disconnect it", () => {
    expect(limits.REFUSALS_BEFORE_SLOWDOWN).toBe(10);
    expect(limits.REFUSED_EVENT_PAUSE_MS).toBe(50);
    expect(limits.MAX_PENDING_EVENTS_PER_SOCKET).toBe(200);
  });
  it("typing is relayed at most every 2 s per person and space", () => expect(limits.TYPING_RELAY_MS).toBe(2000));
  it("30 space joins per user per 10 s", () => expect(limits.RATE_LIMITS.joinsPerUser).toEqual({ points: 30, durationS: 10 }));
  it("10 new channels or direct spaces per user per minute", () => expect(limits.RATE_LIMITS.channelsPerUser).toEqual({ points: 10, durationS: 60 }));
  it("members added to at most 10 channels per user per minute", () => expect(limits.RATE_LIMITS.memberAddsPerUser).toEqual({ points: 10, durationS: 60 }));
  it("60 channel browser lists, 20 public joins and 30 channel settings changes per user per minute", () => {
    expect(limits.RATE_LIMITS.channelBrowsesPerUser).toEqual({ points: 60, durationS: 60 });
    expect(limits.RATE_LIMITS.publicJoinsPerUser).toEqual({ points: 20, durationS: 60 });
    expect(limits.RATE_LIMITS.spaceUpdatesPerUser).toEqual({ points: 30, durationS: 60 });
  });
  it("topics up to 250 characters, descriptions up to 1,000; the browser lists 200 channels, searched by up to 80 characters", () => {
    expect(limits.MAX_TOPIC_LENGTH).toBe(250);
    expect(limits.MAX_DESCRIPTION_LENGTH).toBe(1000);
    expect(limits.MAX_BROWSE_CHANNELS).toBe(200);
    expect(limits.MAX_CHANNEL_SEARCH_LENGTH).toBe(80);
  });
  it("a group direct message has at most 8 members", () => expect(limits.MAX_GROUP_DM_MEMBERS).toBe(8));
  it("30 service triggers per key per minute", () => expect(limits.RATE_LIMITS.serviceTriggersPerKey).toEqual({ points: 30, durationS: 60 }));
  it("60 chain trees per user per minute", () => expect(limits.RATE_LIMITS.chainViewsPerUser).toEqual({ points: 60, durationS: 60 }));
  it("300 run pages per user per minute", () => expect(limits.RATE_LIMITS.runViewsPerUser).toEqual({ points: 300, durationS: 60 }));
  it("20 run cancels or retries per user per minute", () => expect(limits.RATE_LIMITS.runActionsPerUser).toEqual({ points: 20, durationS: 60 }));
  it("20 question answers, 20 stops or regenerations and 120 step lists per user per minute", () => {
    expect(limits.RATE_LIMITS.questionAnswersPerUser).toEqual({ points: 20, durationS: 60 });
    expect(limits.RATE_LIMITS.runSteersPerUser).toEqual({ points: 20, durationS: 60 });
    expect(limits.RATE_LIMITS.runStepViewsPerUser).toEqual({ points: 120, durationS: 60 });
  });
  it("a question offers at most 5 choices of 40 characters; a wait timeout is 10 s to 1 h; 5 non-answers are told", () => {
    expect(limits.MAX_QUESTION_OPTIONS).toBe(5);
    expect(limits.MAX_QUESTION_OPTION_LENGTH).toBe(40);
    expect(limits.MIN_WAIT_TIMEOUT_MS).toBe(10_000);
    expect(limits.MAX_WAIT_TIMEOUT_MS).toBe(3_600_000);
    expect(limits.MAX_NOT_ANSWERS_PER_WAIT).toBe(5);
  });
  it("an agent has at most 20 queued runs", () => expect(limits.MAX_QUEUED_RUNS_PER_AGENT).toBe(20));
  it("a recurring plan runs at most once a minute", () => expect(limits.MIN_CRON_INTERVAL_MS).toBe(60_000));
  it("20 account or admin changes per user per minute", () => expect(limits.RATE_LIMITS.accountChangesPerUser).toEqual({ points: 20, durationS: 60 }));
  it("60 changes and 120 reads of agents' goals, memories and plans per admin per minute", () => {
    expect(limits.RATE_LIMITS.agentKnowledgeChangesPerUser).toEqual({ points: 60, durationS: 60 });
    expect(limits.RATE_LIMITS.agentKnowledgeReadsPerUser).toEqual({ points: 120, durationS: 60 });
  });
  it("the embedded database runs at most 4 agent runs at once per process", () => expect(limits.MAX_RUNS_IN_FLIGHT_EMBEDDED).toBe(4));
  it("a process claims a second run only under 0.35 of a core and 4 ms of loop lag, and looks again after 25 ms", () => {
    expect(limits.RUN_CLAIM_MAX_CPU_SHARE).toBe(0.35);
    expect(limits.RUN_CLAIM_MAX_LOOP_LAG_MS).toBe(4);
    expect(limits.RUN_CLAIM_RETRY_MS).toBe(25);
  });
  it("10 test triggers per admin per minute", () => expect(limits.RATE_LIMITS.testTriggersPerUser).toEqual({ points: 10, durationS: 60 }));
  it("30 usage reports per user per minute", () => expect(limits.RATE_LIMITS.usageReadsPerUser).toEqual({ points: 30, durationS: 60 }));
  it("usage covers the last 7 or 30 UTC days", () => expect(limits.USAGE_RANGE_DAYS).toEqual([7, 30]));
  it("search takes queries of up to 200 characters, pages by 20 (at most 50), and cuts snippets at 300 characters", () => {
    expect(limits.MAX_SEARCH_QUERY_LENGTH).toBe(200);
    expect(limits.SEARCH_PAGE_SIZE).toBe(20);
    expect(limits.MAX_SEARCH_PAGE_SIZE).toBe(50);
    expect(limits.MAX_SEARCH_SNIPPET_CHARS).toBe(300);
  });
  it("search_messages returns 10 results by default, at most 20", () => {
    expect(limits.SEARCH_TOOL_LIMIT).toBe(10);
    expect(limits.MAX_SEARCH_TOOL_LIMIT).toBe(20);
  });
  it("a message opened from search loads 25 messages on each side", () => expect(limits.AROUND_MESSAGES).toBe(25));
  it("30 searches per user and 30 search_messages calls per agent per minute; 60 reads around a message per user", () => {
    expect(limits.RATE_LIMITS.searchesPerUser).toEqual({ points: 30, durationS: 60 });
    expect(limits.RATE_LIMITS.agentSearchesPerAgent).toEqual({ points: 30, durationS: 60 });
    expect(limits.RATE_LIMITS.aroundReadsPerUser).toEqual({ points: 60, durationS: 60 });
  });
  it("an agent's Services page lists its 20 newest service runs", () => expect(limits.SERVICE_RUNS_SHOWN).toBe(20));
  it("a service key lists at most 100 spaces", () => expect(limits.MAX_SERVICE_KEY_SPACES).toBe(100));
  it("a price save carries at most 200 models, each price at most 10,000 USD per million tokens", () => {
    expect(limits.MAX_PRICED_MODELS).toBe(200);
    expect(limits.MAX_PRICE_PER_M_TOKENS).toBe(10_000);
  });
  it("presence is batched every 500 ms, a silent process counts offline after 15 s, read receipts go out at most every 250 ms", () => {
    expect(limits.PRESENCE_BATCH_MS).toBe(500);
    expect(limits.PRESENCE_NODE_TTL_MS).toBe(15_000);
    expect(limits.READ_RELAY_MS).toBe(250);
  });
  it("on PostgreSQL a process keeps a pool of 15 connections", () => expect(limits.DEFAULT_DB_POOL_SIZE).toBe(15));
  it("the outbox waits up to 2 minutes for a rate limit by itself, and retries an unanswered send after 3 s", () => {
    expect(limits.OUTBOX_MAX_AUTO_WAIT_S).toBe(120);
    expect(limits.OUTBOX_RETRY_AFTER_TIMEOUT_MS).toBe(3000);
  });

  it("threads: 50 replies a page (100 at most), 30 threads a Threads-view page; agents see 40 replies and 10 background lines", () => {
    expect(limits.DEFAULT_THREAD_PAGE).toBe(50);
    expect(limits.MAX_THREAD_PAGE).toBe(100);
    expect(limits.THREADS_LIST_PAGE).toBe(30);
    expect(limits.THREAD_CONTEXT_REPLIES).toBe(40);
    expect(limits.THREAD_BACKGROUND_LINES).toBe(10);
  });
  it("120 thread reads per user a minute, 60 thread read marks per 10 s", () => {
    expect(limits.RATE_LIMITS.threadReadsPerUser).toEqual({ points: 120, durationS: 60 });
    expect(limits.RATE_LIMITS.threadMarksPerUser).toEqual({ points: 60, durationS: 10 });
  });
  it("a message mentions at most 20 members; the composer lists 8 matches; the Mentions view pages 30 at a time, at most 100", () => {
    expect(limits.MAX_MENTIONS_PER_MESSAGE).toBe(20);
    expect(limits.MENTION_AUTOCOMPLETE_RESULTS).toBe(8);
    expect(limits.MENTIONS_PAGE_SIZE).toBe(30);
    expect(limits.MAX_MENTIONS_PAGE_SIZE).toBe(100);
  });
  it("120 Mentions pages and 30 notify-level changes per user per minute", () => {
    expect(limits.RATE_LIMITS.mentionReadsPerUser).toEqual({ points: 120, durationS: 60 });
    expect(limits.RATE_LIMITS.notifySettingsPerUser).toEqual({ points: 30, durationS: 60 });
  });
  it("failure notes: 60 list reads per user per minute, at most 50 per space, over the sender's 200 newest messages", () => {
    expect(limits.RATE_LIMITS.failureNoteReadsPerUser).toEqual({ points: 60, durationS: 60 });
    expect(limits.MAX_FAILURE_NOTES).toBe(50);
    expect(limits.FAILURE_NOTE_MESSAGES).toBe(200);
  });
  it("an agent declares at most 20 topics of at most 60 characters", () => {
    expect(limits.MAX_AGENT_TOPICS).toBe(20);
    expect(limits.MAX_AGENT_TOPIC_LENGTH).toBe(60);
  });
  it("people administration: 30 changes and 120 reads per admin per minute, 10 link uses per address per hour", () => {
    expect(limits.RATE_LIMITS.peopleChangesPerUser).toEqual({ points: 30, durationS: 60 });
    expect(limits.RATE_LIMITS.peopleReadsPerUser).toEqual({ points: 120, durationS: 60 });
    expect(limits.RATE_LIMITS.linkUsesPerIp).toEqual({ points: 10, durationS: 3600 });
  });
  it("people pages of 50; invites last 7 days (at most 90), up to 100 uses and 20 channels; reset links last 1 hour", () => {
    expect(limits.PEOPLE_PAGE_SIZE).toBe(50);
    expect(limits.DEFAULT_INVITE_DAYS).toBe(7);
    expect(limits.MAX_INVITE_DAYS).toBe(90);
    expect(limits.MAX_INVITE_USES).toBe(100);
    expect(limits.MAX_INVITE_CHANNELS).toBe(20);
    expect(limits.PASSWORD_RESET_TTL_MS).toBe(3_600_000);
  });
});
