// The demo workspace seeded into an empty database: three humans (passwords in README),
// three agents, #general / #design / #random with some history, and one direct space.
import type { Db } from "../db/client";
import { nullSink, type Actor, type Deps } from "../domain/deps";
import { createUser } from "../domain/users/create-user";
import { createChannel } from "../domain/spaces/create-channel";
import { openDirectSpace } from "../domain/spaces/open-direct-space";
import { sendMessage } from "../domain/messages/send-message";
import { markRead } from "../domain/messages/mark-read";
import { avatarColorFor } from "../domain/entities/avatar-color";

export const DEMO_USERS = [
  { email: "ada@parley.dev", name: "Ada Admin", password: "parley-admin", isAdmin: true },
  { email: "ben@parley.dev", name: "Ben Builder", password: "parley-demo", isAdmin: false },
  { email: "cleo@parley.dev", name: "Cleo Designer", password: "parley-demo", isAdmin: false },
] as const;

/** The demo accounts that can still sign in with a password: their passwords are public. */
export async function demoAccountsPresent(db: Db): Promise<string[]> {
  const rows = await db.user.findMany({
    where: { email: { in: DEMO_USERS.map((u) => u.email) }, passwordHash: { not: null } },
    select: { email: true },
    orderBy: { email: "asc" },
  });
  return rows.map((r) => r.email);
}

const DEMO_AGENTS = [
  {
    name: "Planner",
    persona: "You turn discussions into concrete plans with owners and dates. Brief, structured, practical.",
    // What it covers: a message addressed to nobody wakes the agents whose topics match it best.
    topics: ["plan", "launch", "deadline", "schedule", "deploy", "release", "discuss"],
  },
  {
    name: "Scout",
    persona: "You research questions and report facts with sources. Curious, precise, never guesses.",
    topics: ["research", "facts", "sources", "look up", "numbers", "data"],
  },
  {
    name: "Critic",
    persona: "You review ideas and point out risks and missing pieces, kindly and specifically.",
    topics: ["review", "risk", "feedback", "mockup", "contrast", "accessibility"],
  },
];

/**
 * Seeds only an empty database; returns whether it did. Agents use `model` (default: the
 * built-in offline model) — PARLEY_AGENT_PROVIDER / PARLEY_AGENT_MODEL choose another.
 */
export async function seedDemoWorkspace(db: Db, model: { provider: string; modelId?: string } = { provider: "offline" }): Promise<boolean> {
  if ((await db.user.count()) > 0) return false;
  const deps: Deps = { db, events: nullSink };

  // One at a time: each hashes a password, and the server's own hashes share one queue
  // (password.ts) in which only one may wait; more at once would be refused as busy.
  const humans = [];
  for (const u of DEMO_USERS) humans.push(await createUser({ db }, u));
  const [ada, ben, cleo] = humans;
  const agents = [];
  for (const a of DEMO_AGENTS) {
    agents.push(
      await db.agent.create({
        data: {
          persona: a.persona,
          topics: a.topics,
          provider: model.provider,
          modelId: model.modelId ?? (model.provider === "offline" ? "parley-offline-1" : defaultModelFor(model.provider)),
          entity: { create: { type: "agent", name: a.name, avatarColor: avatarColorFor(a.name) } },
        },
      }),
    );
  }
  const [planner, scout, critic] = agents;
  const actor = (u: { id: string; entityId: string; isAdmin: boolean }): Actor => ({ entityId: u.entityId, userId: u.id, isAdmin: u.isAdmin });
  const A = actor(ada!),
    B = actor(ben!),
    C = actor(cleo!);
  const agentActor = (x: { entityId: string }): Actor => ({ entityId: x.entityId });

  const general = await createChannel(deps, A, {
    name: "general",
    topic: "Company-wide announcements and chat",
    visibility: "public",
    memberIds: [B.entityId, C.entityId, planner!.entityId, scout!.entityId, critic!.entityId],
  });
  const design = await createChannel(deps, C, {
    name: "design",
    topic: "Sketches, reviews and the design system",
    memberIds: [A.entityId, planner!.entityId, critic!.entityId],
  });
  // #general and #random are public (anyone can find and join them); #design is private.
  await createChannel(deps, B, { name: "random", topic: "Anything goes", visibility: "public", memberIds: [A.entityId, C.entityId] });

  const say = async (who: Actor, spaceId: string, text: string, replyToMessageId?: string) =>
    (await sendMessage(deps, who, { spaceId, text, replyToMessageId })).message;

  const welcome = await say(A, general.id, "Welcome to **Parley**! This is #general — say hi 👋");
  await say(B, general.id, "Hi all! Ben here, working on the realtime layer.");
  await say(C, general.id, "Cleo — design. Excited to try agents as teammates.");
  await say(agentActor(planner!), general.id, "Hello! I'm **Planner**. Ask me to turn a thread into a plan with owners and dates.");
  await say(agentActor(scout!), general.id, "Scout here. I look things up and bring back facts with sources.");
  await say(agentActor(critic!), general.id, "I'm Critic. Show me an idea and I'll point out the risks — kindly.", welcome.id);
  const q = await say(A, general.id, "Launch checklist for Friday:\n\n1. Freeze the API\n2. Write the changelog\n3. Demo to the team");
  await say(B, general.id, "I can take the changelog.", q.id);
  await say(C, general.id, "I'll prepare the demo screens. `v2.1` mockups are in #design.");

  const d1 = await say(C, design.id, "New sidebar mockup: unread badges on the right, presence dots on avatars.");
  await say(A, design.id, "Love it. Can we keep the *new messages* divider red like Slack?", d1.id);
  await say(agentActor(critic!), design.id, "Consider contrast in dark mode — red on dark grey needs a lighter tint.");
  await say(C, design.id, "Good point, I'll add a dark variant.");

  const dm = await openDirectSpace(deps, A, { entityId: B.entityId });
  await say(A, dm.id, "Ben, can you look at the reconnect replay before Friday?");
  const last = await say(B, dm.id, "Yes — it replays by seq, so nothing is lost or doubled.");

  // Ada has read everything she wrote; Ben has read #general up to the welcome only.
  await markRead(deps, A, { spaceId: dm.id, lastMessageId: last.id });
  await markRead(deps, B, { spaceId: general.id, lastMessageId: welcome.id });
  // The agents have "read" the seeded history: their first run sees it as [SEEN], only new messages as [NEW].
  await db.$executeRaw`
    UPDATE "Membership" m SET "lastProcessedSeq" = s."lastSeq",
      "lastProcessedMessageId" = (SELECT id FROM "Message" WHERE "spaceId" = s.id AND seq = s."lastSeq")
    FROM "Space" s, "Entity" e
    WHERE m."spaceId" = s.id AND m."entityId" = e.id AND e.type = 'agent'`;
  return true;
}

function defaultModelFor(provider: string): string {
  if (provider === "anthropic") return "claude-3-5-haiku-latest";
  if (provider === "openai") return "gpt-4o-mini";
  return "llama3.1";
}
