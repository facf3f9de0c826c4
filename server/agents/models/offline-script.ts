// The offline model's behaviour, as a pure function of the context text: which tool calls
// to make, in order. Deterministic, so the demo and tests are repeatable, and it uses the
// real tools so every gateway mechanism can be watched without an API key.
//
// Like a good colleague it follows the speaking rule: it answers what TRIGGER.addressedTo says
// is for it, never what is addressed to someone else; a human's message addressed to nobody is
// answered when it is on the agent's topics, else by one agent (the first by name, "the lead").
// It answers from what was asked, so a trial shows the mechanics truthfully. It understands:
//   "remember <fact>"                 → set_memories, then confirms
//   "what do you remember"            → lists its MEMORIES
//   "remind me in 2 minutes to <x>"   → set_plans(runAfter), then confirms; the plan run posts the reminder
//   "deploy v3.0" / "ask me …"        → asks "Deploy v3.0? Reply yes or no" (the version named, else
//                                       "the latest version") with wait: true (its requester; for "deploy",
//                                       with the choices Deploy / Cancel as buttons), then acts on the answer
//   "essay …" / "in detail …"         → writes a long answer (streamed for a while: something to stop)
//   "discuss / debate / brainstorm …" → starts a chain: each agent hands the topic to the next by name
//   a plan run                        → posts its reminder in the space the plan was made in
//   a service run with payload.spaceId → reports the payload there (no spaceId: stays silent)
//   "thanks" / "ok" / "fyi …", to nobody  → the lead reacts 👍 (👀 for an FYI) instead of writing
// It reads only the context's fields; every user-written value there is a quoted literal,
// so words inside a name or message cannot pose as a field or a mark.
import { mentions } from "@/lib/agents/reply-modes";
import { matchTopics } from "../triggers/addressing/topic-match";
import { MAX_MESSAGE_LENGTH } from "@/lib/limits";

export interface Action {
  tool: string;
  input: Record<string, unknown>;
}

interface Parsed {
  me: string;
  persona: string;
  triggerType: string;
  sender?: { name: string; type: string };
  text: string;
  messageId?: string;
  expectsReply: boolean;
  /** TRIGGER.addressedToYou; undefined when the context does not say. */
  addressedToYou?: boolean;
  /** TRIGGER.addressedTo is someone (not "nobody"). */
  addressedToSomeone: boolean;
  topics: string[];
  memories: { key: string; value: string }[];
  spaceId?: string;
  /** The message just before the trigger is another member's question that waits for a reply. */
  answersWait: boolean;
  /** Agent names in the active space other than me, sorted. */
  otherAgents: string[];
  resumed?: { reply: { entityName: string; text: string } | null; status: string; waitDuration: string };
  /** The question the resumed run asked before its wait. */
  question?: string;
  planInstruction?: string;
  serviceName?: string;
  payload?: string;
}

const field = (text: string, name: string): string | undefined => {
  const m = new RegExp(`^  ${name}: (.*)$`, "m").exec(text);
  return m?.[1];
};
const unquote = (s: string | undefined): string => {
  if (!s) return "";
  try {
    return JSON.parse(s) as string;
  } catch {
    return s;
  }
};

/** A JSON string literal as the context writes every user-controlled value. */
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;

/** The line with its quoted values emptied: marks like ← TRIGGER are only looked for outside them. */
const marksOf = (line: string) => line.replace(new RegExp(QUOTED, "g"), '""');

export function parseContext(ctx: string): Parsed {
  const persona = /PERSONA:\n((?: {2}.*\n)+)/.exec(ctx)?.[1]?.trim() ?? "";
  const trig = ctx.split("\nTRIGGER:\n")[1]?.split("\n\n")[0] ?? "";
  const sender = new RegExp(`^ {2}sender: (${QUOTED}) \\((human|agent), id:`, "m").exec(trig);
  const spaces = ctx.split("\nYOUR SPACES:\n")[1]?.split("\n\n")[0] ?? "";
  const active = spaces.split("\n").find((l) => marksOf(l).includes("[ACTIVE]")) ?? "";
  // Names are quoted; only a quoted name followed by (agent) counts, so text inside a name cannot fake one.
  const otherAgents = [...active.matchAll(new RegExp(`(${QUOTED}) \\(agent\\)`, "g"))].map((m) => unquote(m[1])).sort();
  const resumedJson = /^ {2}send_message result: (.*)$/m.exec(ctx)?.[1];
  // [SEEN] and [NEW] history lines stand in two blocks; each line is cut where its block ends.
  const historyLines = (ctx.split("\nSPACE HISTORY")[1] ?? "").split("\n  [msg:").map((l) => l.split("\n\n")[0]!);
  const trigIdx = historyLines.findIndex((l) => marksOf(l).includes("← TRIGGER"));
  // The trigger answered a run's wait (it resumed that run), or follows a question still waiting.
  const answersWait =
    trigIdx > 0 &&
    (marksOf(historyLines[trigIdx]!).includes("[answered the wait of") || marksOf(historyLines[trigIdx - 1]!).includes("[asked with wait: true"));
  // A question another agent put to every agent (it waits for an answer) is, in the demo, for
  // the person who asked that agent: the offline model leaves it to them.
  const askedOnly = marksOf(field(`\n${trig}`, "addressedTo") ?? "").includes("you (asked by an agent");
  const toYou = askedOnly ? "false" : field(`\n${trig}`, "addressedToYou");
  const identity = ctx.split("\nPERSONA:\n")[0] ?? "";
  const memories = (ctx.split("\nMEMORIES:\n")[1]?.split("\n\n")[0] ?? "")
    .split("\n")
    .map((l) => new RegExp(`^ {2}- (${QUOTED}): (${QUOTED})$`).exec(l))
    .flatMap((m) => (m ? [{ key: unquote(m[1]), value: unquote(m[2]) }] : []));
  return {
    answersWait,
    addressedToYou: toYou === undefined ? undefined : toYou === "true",
    addressedToSomeone: (field(`\n${trig}`, "addressedTo") ?? "nobody") !== "nobody",
    topics: [...(field(identity, "topics") ?? "").matchAll(new RegExp(QUOTED, "g"))].map((m) => unquote(m[0])),
    memories,
    question: unquote(new RegExp(`^ {2}your question: \\[msg:[^\\]]+\\] (${QUOTED})`, "m").exec(ctx)?.[1]),
    me: unquote(field(ctx, "name")),
    persona,
    triggerType: field(`\n${trig}`, "type") ?? "",
    sender: sender ? { name: unquote(sender[1]), type: sender[2]! } : undefined,
    text: unquote(field(`\n${trig}`, "message")),
    messageId: field(`\n${trig}`, "messageId"),
    expectsReply: field(`\n${trig}`, "senderExpectsReply") === "true",
    spaceId: /^ACTIVE SPACE: .* \(id: ([^)]+)\)/m.exec(ctx)?.[1],
    otherAgents,
    resumed: resumedJson ? JSON.parse(resumedJson) : undefined,
    planInstruction: unquote(field(`\n${trig}`, "instruction")),
    serviceName: unquote(field(`\n${trig}`, "service")),
    payload: field(`\n${trig}`, "payload"),
  };
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** "You turn discussions into plans." → "I turn discussions into plans." */
function voice(persona: string): string {
  const first = persona.split(/(?<=\.)\s/)[0] ?? "";
  return first
    .replace(/^You /, "I ")
    .replace(/\byour\b/g, "my")
    .replace(/\byou\b/g, "I");
}

export function offlineScript(ctx: string): { actions: Action[]; thought: string } {
  const p = parseContext(ctx);
  // A reply target goes before the text, as the tool's schema orders them: drafts are streamed only once it is checked.
  const say = (text: string, extra: Record<string, unknown> = {}) => ({ tool: "send_message", input: { ...extra, text } });

  if (p.resumed) {
    const r = p.resumed;
    if (r.status !== "resolved" || !r.reply) {
      return { actions: [say(`No answer after ${r.waitDuration} — I'll hold off for now.`)], thought: "wait timed out" };
    }
    const answer = r.reply.text.trim().toLowerCase();
    const version = versionIn(p.question ?? "") ?? "it";
    const text = /^(y|yes|yep|sure|ok|okay|go|ship it|deploy)\b/.test(answer)
      ? `Thanks ${r.reply.entityName} — going ahead: deploying ${version} now.`
      : /^(n|no|nope|stop|wait|hold|cancel)\b/.test(answer)
        ? `Understood, ${r.reply.entityName} — holding off on the deploy.`
        : `Got it, ${r.reply.entityName}: “${clip(r.reply.text, 80)}”.`;
    return { actions: [say(text)], thought: `resumed: ${r.status}` };
  }

  // A run with no active space never guesses one: a plan run starts in the space its plan was
  // made in, and a service names its target with `spaceId` in the payload.
  if (p.triggerType === "plan") {
    if (!p.spaceId) return { actions: [], thought: "plan fired but it has no space to post in" };
    const m = /^Remind (.+?)(?: in space \S+)?: (.+)$/s.exec(p.planInstruction ?? "");
    const text = m ? `**Reminder** for ${m[1]}: ${m[2]}` : `**Scheduled:** ${p.planInstruction}`;
    return { actions: [say(text)], thought: "plan fired" };
  }

  if (p.triggerType === "service") {
    const target = serviceTarget(p.payload);
    if (!target) return { actions: [], thought: "service trigger without a spaceId in its payload; nowhere to report" };
    return {
      actions: [{ tool: "enter_space", input: { spaceId: target } }, say(`Service **${p.serviceName}** reported: \`${clip(p.payload ?? "null", 300)}\``)],
      thought: "service trigger",
    };
  }

  // space_message
  // The context says who the message is for; an older context without it: by name.
  const addressed = p.addressedToYou ?? mentions(p.text, p.me);
  const toSomeoneElse = p.addressedToYou === undefined ? p.otherAgents.some((a) => mentions(p.text, a)) : !addressed && p.addressedToSomeone;
  const human = p.sender?.type === "human";
  if (!addressed && (!human || toSomeoneElse)) {
    return { actions: [], thought: toSomeoneElse ? "addressed to someone else; staying quiet" : "not addressed to me; staying quiet" };
  }
  // Addressed to nobody: an agent whose topics it matches takes it on; without one, the first
  // agent by name does, so three agents do not all act.
  const onTopic = !addressed && matchTopics(p.text, p.topics).score > 0;
  const lead = addressed || onTopic || (p.topics.length === 0 && [p.me, ...p.otherAgents].sort()[0] === p.me);
  const reply = p.expectsReply && p.messageId ? { messageId: p.messageId } : {};
  const text = p.text;
  const next = [...p.otherAgents, p.me].sort();
  const after = p.otherAgents.length ? next[(next.indexOf(p.me) + 1) % next.length]! : undefined;

  const remember = /\bremember(?: that)?[:,]?\s+(.+)/is.exec(text);
  const remind = /\bremind (me|us|\w+) in (\d+ (?:minute|hour|day|week)s?)(?: to)?\s+(.+)/is.exec(text);
  const isRequest = !!remember || !!remind || /\b(deploy|ask me|discuss|debate|brainstorm|essay|in detail)\b/i.test(text);
  // An answer to another member's question ("Deploy" pressed under it) is not a new request.
  if (human && p.answersWait && !addressed) return { actions: [], thought: "this answers another member's question" };
  // A request nobody addressed is handled by the lead alone; the others keep quiet.
  if (human && isRequest && !lead) return { actions: [], thought: "another agent takes this request" };
  if (remember && lead) {
    const value = clip(remember[1]!.trim(), 500);
    const key =
      value
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .split("-")
        .filter(Boolean)
        .slice(0, 4)
        .join("-") || "note";
    return { actions: [{ tool: "set_memories", input: { memories: [{ key, value }] } }, say(`Noted — I'll remember: “${value}”`, reply)], thought: "remember" };
  }
  if (remind && lead && p.spaceId) {
    const who = remind[1] === "me" ? (p.sender?.name ?? "you") : remind[1] === "us" ? "everyone" : remind[1]!;
    const what = clip(remind[3]!.trim(), 300);
    return {
      actions: [
        {
          tool: "set_plans",
          input: { plans: [{ name: `Reminder: ${clip(what, 60)}`, instruction: `Remind ${who}: ${what}`, runAfter: remind[2] }] },
        },
        say(`Okay — I'll remind ${remind[1] === "me" ? "you" : who} in ${remind[2]}: “${what}”`, reply),
      ],
      thought: "schedule a reminder",
    };
  }
  if (/\bwhat do you remember\b/i.test(text) && lead) {
    const list = p.memories.length ? p.memories.map((m) => `“${clip(m.value, 120)}”`).join("; ") : "nothing yet";
    return { actions: [say(`I remember: ${list}`, reply)], thought: "recall memories" };
  }
  if (/\b(deploy|ask me)\b/i.test(text) && human && lead) {
    const version = versionIn(text) ?? "the latest version";
    const options = /\bdeploy\b/i.test(text) ? { options: ["Deploy", "Cancel"] } : {};
    return { actions: [say(`Deploy ${version}? Reply yes or no`, { wait: true, ...options })], thought: "ask and wait" };
  }
  if (/\b(essay|in detail)\b/i.test(text) && human && lead) {
    return { actions: [say(longAnswer(clip(text, 80)), reply)], thought: "write a long answer" };
  }
  if (/\b(discuss|debate|brainstorm)\b/i.test(text) && human && lead && after) {
    const topic = clip(text.replace(/^.*?\b(discuss|debate|brainstorm)\b\s*/i, "").trim() || text, 100);
    return { actions: [say(`${voice(p.persona)} Let's discuss “${topic}”. @${after}, what's your take?`)], thought: "start a discussion" };
  }
  if (!human && addressed) {
    const handOff = after && after !== p.sender?.name ? after : p.sender?.name;
    return {
      actions: [say(`${voice(p.persona)} From my side: ${opinion(p.me, text)} @${handOff}, over to you.`, reply)],
      thought: "continue the chain",
    };
  }
  if (!human) return { actions: [], thought: "nothing to add" };
  if (addressed) {
    const answer = `${voice(p.persona)} You asked: “${clip(text, 80)}”. My take: ${opinion(p.me, text)} _(offline model: set a provider key for real answers)_`;
    return { actions: [say(answer, reply)], thought: "answer the question addressed to me" };
  }
  if (onTopic) {
    const answer = `${voice(p.persona)} On “${clip(text, 80)}” (my topics: ${matchTopics(text, p.topics).matched.join(", ")}): ${opinion(p.me, text)} _(offline model)_`;
    return { actions: [say(answer, reply)], thought: "answer a message on my topics" };
  }
  if (!lead) return { actions: [], thought: "the lead agent answers unaddressed messages" };
  if (p.answersWait) return { actions: [], thought: "this answers another member's question" };
  // A thank-you or an FYI needs no answer in words: the lead acknowledges it with a reaction.
  const ack = /^(?:(thanks|thank you|thx|ok|okay|got it|nice|great)|(fyi)\b.*)[\s.!]*$/is.exec(text.trim());
  if (ack && p.messageId)
    return { actions: [{ tool: "react", input: { messageId: p.messageId, emoji: ack[2] ? "👀" : "👍" } }], thought: "acknowledge with a reaction" };
  const greeting = `${voice(p.persona)} I read “${clip(text, 80)}”. Mention one of us by name to ask them directly. _(offline model)_`;
  return { actions: [say(greeting, reply)], thought: "acknowledge" };
}

/** The version a request names ("deploy v3.0", "deploy 2.4.1"), if any. */
function versionIn(text: string): string | undefined {
  return /\b(v?\d+(?:\.\d+)+|v\d+)\b/i.exec(text)?.[1];
}

/** The `spaceId` a service's JSON payload names, if any. */
function serviceTarget(payload: string | undefined): string | undefined {
  try {
    const value = JSON.parse(payload ?? "null") as unknown;
    const id = value && typeof value === "object" ? (value as { spaceId?: unknown }).spaceId : undefined;
    return typeof id === "string" && id ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A stable, name-flavoured remark so a chain reads like a conversation, not an echo. */
function opinion(me: string, text: string): string {
  const remarks = [
    "we should write down who owns each step.",
    "I'd check the facts before we commit.",
    "the riskiest part is the timeline.",
    "let's keep the first version small.",
  ];
  let h = 0;
  for (const c of me + text) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return remarks[h % remarks.length]!;
}

/** A long, plain answer: a few paragraphs, so its streaming lasts long enough to be watched (and stopped). */
const END = "That is the whole of it.";

function longAnswer(topic: string): string {
  const paragraph = (n: number) =>
    `${n}. On “${topic}”: this part weighs the trade-offs one by one, the costs first, then what each option buys, and what would change the decision. ` +
    "Each point is kept short so it can be checked against what the team already knows, and anything uncertain is marked as such.";
  // As many parts as fit one message: an answer past the length limit would be refused whole.
  const parts = ["Here is a longer answer, in parts."];
  for (let n = 1; n <= 16; n++) {
    if ([...parts, paragraph(n), END].join("\n\n").length > MAX_MESSAGE_LENGTH) break;
    parts.push(paragraph(n));
  }
  return [...parts, END].join("\n\n");
}
