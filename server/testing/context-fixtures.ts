// Context-builder fixtures for tests: a sample run's ContextInput (a space_message run of
// "Planner" in "Project Alpha", with history, spaces, goals, memories, plans and runs), the
// people in it, history messages, and the empty standing state a test starts from.
import type { ContextInput, EntityRef, HistoryMessage } from "../agents/context/context-input";

export const ada = { id: "ent-ada", name: "Ada", type: "human" as const };
export const scout = { id: "ent-scout", name: "Scout", type: "agent" as const };

/** A history message; `hour` picks the hour of 2026-02-18 (UTC) it was sent in, `seq` the minute. */
export const msg = (seq: number, sender: EntityRef = ada, text = `message ${seq}`, extra: Partial<HistoryMessage> = {}, hour = 14): HistoryMessage => ({
  id: `m${seq}`,
  seq,
  createdAt: new Date(Date.UTC(2026, 1, 18, hour, seq)).toISOString(),
  sender,
  text,
  replyToMessageId: null,
  origin: null,
  ...extra,
});

/** No goals, memories, plans, other runs or failures, on a first call. */
export const NO_STANDING_STATE = {
  goals: [],
  memories: [],
  plans: [],
  activeRuns: [],
  failures: [],
  moreFailures: 0,
  thisRun: null,
} satisfies Partial<ContextInput>;

/** The sample run's input; `overrides` replace whole fields. */
export function sampleInput(overrides: Partial<ContextInput> = {}): ContextInput {
  return {
    now: "2026-02-18T15:07:00.000Z",
    agent: { id: "agent-1", entityId: "ent-planner", name: "Planner", persona: "You plan things.", instructions: "Answer in English." },
    runId: "run-1",
    reach: ["sp-1", "sp-2"],
    trigger: {
      type: "space_message",
      space: { id: "sp-1", name: "Project Alpha" },
      sender: ada,
      message: { id: "m4", text: "Pull the Q4 numbers", createdAt: "2026-02-18T14:04:00.000Z" },
      senderExpectsReply: false,
      chainDepth: 0,
    },
    resume: null,
    activeSpace: { id: "sp-1", name: "Project Alpha", auto: true },
    history: {
      space: { id: "sp-1", name: "Project Alpha" },
      lastProcessedSeq: 2,
      shownFromSeq: 1,
      unshownUnread: 0,
      messages: [
        msg(1),
        msg(2, scout, "On it", { replyToMessageId: "m1" }),
        msg(3, { id: "ent-planner", name: "Planner", type: "agent" }, "Report is ready", {
          origin: {
            triggerType: "space_message",
            triggerSpaceId: "sp-2",
            triggerSpaceName: "Daily Reports",
            triggerSenderName: "Sarah",
            triggerText: "Send the report to Alpha",
          },
        }),
        msg(4, ada, "Pull the Q4 numbers"),
      ],
    },
    spaces: [
      { id: "sp-1", name: "Project Alpha", kind: "channel", members: [ada, scout, { id: "ent-planner", name: "Planner", type: "agent" }] },
      { id: "sp-2", name: "Daily Reports", kind: "channel", members: [{ id: "ent-planner", name: "Planner", type: "agent" }] },
    ],
    goals: [{ id: "g1", description: "Complete Q4 analysis", priority: 2, longTerm: false }],
    memories: [{ key: "Q4", value: "Revenue uses the October categories" }],
    plans: [{ id: "p1", name: "Daily Report", cron: "0 9 * * *", runAfter: null, scheduledAt: null, nextRunAt: "2026-02-19T09:00:00.000Z" }],
    activeRuns: [
      { id: "run-1", status: "running", triggerType: "space_message", senderName: "Ada", spaceName: "Project Alpha", waitingIn: null },
      { id: "run-0", status: "waiting_reply", triggerType: "space_message", senderName: "Sarah", spaceName: "Daily Reports", waitingIn: "Daily Reports" },
    ],
    failures: [],
    moreFailures: 0,
    thisRun: null,
    maxTokens: 100_000,
    ...overrides,
  };
}
