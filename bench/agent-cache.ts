// Two agent-context figures for bench/agents.ts:
//   - prompt caching over 10 consecutive runs of one agent in a busy space: the share of bytes
//     each run's first prompt shares with the previous run's from the start, and the share an
//     Anthropic-style cache (breakpoints, block boundaries) would serve, with 3 short, 12 short
//     or 3 long messages between runs;
//   - the largest model call against its window in a busy workspace (16 spaces, 20 plans, 3
//     failed runs, long messages) at the default window for unknown models, over a 20-step
//     tool loop, with a provider that refuses any call over the window.
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { DEFAULT_CONTEXT_TOKENS, HISTORY_WINDOW, MAX_MESSAGE_LENGTH } from "@/lib/limits";
import { createAgent, type scriptedModels, type Script } from "@/server/testing/agents";
import { anthropicCacheHits, commonPrefixShare, type PromptBlock } from "@/server/testing/prompt-prefix";
import { strictWindow } from "@/server/testing/strict-window";
import type { Deps } from "@/server/domain/deps";
import { createChannel } from "@/server/domain/spaces/create-channel";
import { sendMessage } from "@/server/domain/messages/send-message";
import { addMembers } from "@/server/domain/spaces/add-members";
import type { ModelResolver } from "@/server/agents/models/resolve-model";

type Actor = { entityId: string; userId: string };

/** The prompt's content blocks as a provider receives them, breakpoints marked. */
function blocksOf(options: LanguageModelV4CallOptions): PromptBlock[] {
  const mark = (p: { providerOptions?: Record<string, unknown> }) => !!(p.providerOptions?.anthropic as { cacheControl?: unknown } | undefined)?.cacheControl;
  return options.prompt.flatMap((m): PromptBlock[] => {
    if (m.role === "system") return [{ text: m.content, mark: mark(m) }];
    if (m.role !== "user") return [];
    return m.content.flatMap((p) => (p.type === "text" ? [{ text: p.text, mark: mark(p) }] : []));
  });
}

/** The model as Anthropic's provider names itself (so the prompt gets its breakpoints), recording each call's blocks. */
function asAnthropic(model: LanguageModelV4, calls: PromptBlock[][]): LanguageModelV4 {
  return {
    specificationVersion: model.specificationVersion,
    provider: "anthropic.messages",
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    doGenerate: (o) => model.doGenerate(o),
    doStream: (o) => {
      calls.push(blocksOf(o));
      return model.doStream(o);
    },
  };
}

export interface CacheFigures {
  label: string;
  prefix: number;
  anthropic: number;
}

const SERIES = [
  { label: "3 short messages between runs", between: 3, text: (i: number) => `short note ${i}: looks fine to me` },
  { label: "12 short messages between runs", between: 12, text: (i: number) => `short note ${i}: looks fine to me` },
  {
    label: "3 long messages between runs",
    between: 3,
    text: (i: number) => `long note ${i}: ${"the numbers, the owners and the dates again. ".repeat(90)}`.slice(0, MAX_MESSAGE_LENGTH),
  },
];
const RUNS = 10;

/** Each series: a fresh agent that answers when named, in a space with HISTORY_WINDOW messages already. */
export async function cacheSeries(
  deps: Deps,
  people: [Actor, Actor],
  register: (name: string, wrap: (m: LanguageModelV4) => LanguageModelV4) => void,
  idle: () => Promise<void>,
): Promise<CacheFigures[]> {
  const out: CacheFigures[] = [];
  for (const [n, s] of SERIES.entries()) {
    const name = `Keeper${n}`;
    const calls: PromptBlock[][] = [];
    register(name, (m) => asAnthropic(m, calls));
    const agent = await createAgent(deps.db, name);
    const space = await createChannel(deps, people[0], { name: `cache-${n}`, memberIds: [people[1].entityId] });
    for (let i = 0; i < HISTORY_WINDOW; i++)
      await sendMessage(deps, people[i % 2]!, { spaceId: space.id, text: `message ${i}: ${"lorem ipsum ".repeat(2 + (i % 15))}` });
    await addMembers(deps, { entityId: people[0].entityId, isAdmin: true }, { spaceId: space.id, entityIds: [agent.entityId] });
    await deps.db.membership.update({
      where: { spaceId_entityId: { spaceId: space.id, entityId: agent.entityId } },
      data: { lastProcessedSeq: HISTORY_WINDOW, replyMode: "addressed" },
    });
    const firsts: PromptBlock[][] = [];
    for (let r = 0; r < RUNS; r++) {
      for (let i = 0; i < s.between; i++) await sendMessage(deps, people[(r + i) % 2]!, { spaceId: space.id, text: s.text(r * 100 + i) });
      const before = calls.length;
      await sendMessage(deps, people[0], { spaceId: space.id, text: `${name}, what is next (${r})?` });
      await idle();
      if (calls.length === before) throw new Error(`${name}: run ${r} never called the model`);
      firsts.push(calls[before]!);
    }
    const texts = firsts.map((b) => b.map((x) => x.text).join(""));
    const shares = texts.slice(1).map((t, i) => commonPrefixShare(texts[i]!, t).share);
    const hits = anthropicCacheHits(firsts).slice(1);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    out.push({ label: s.label, prefix: mean(shares), anthropic: mean(hits) });
  }
  return out;
}

/** A 20-step loop in a busy workspace at the default window; the calls' token counts and how the run ended. */
export async function busyWindow(
  deps: Deps,
  ada: Actor,
  register: (name: string, wrap: (m: LanguageModelV4) => LanguageModelV4, window: number) => void,
  idle: () => Promise<void>,
): Promise<{ calls: number[]; window: number; status: string; error: string | null }> {
  const spaces: string[] = [];
  let step = 0;
  const calls: number[] = [];
  register("Busy", (m) => strictWindow(m, DEFAULT_CONTEXT_TOKENS, calls), DEFAULT_CONTEXT_TOKENS);
  const long = (i: number) => `Report ${i}: ${"the numbers for the region, the open questions and who owns them. ".repeat(60)}`.slice(0, MAX_MESSAGE_LENGTH);
  const agent = await createAgent(deps.db, "Busy", { modelId: "gpt-4o-mini" });
  await deps.db.agent.update({ where: { id: agent.id }, data: { maxToolSteps: 25 } });
  for (let i = 0; i < 16; i++) {
    const space = await createChannel(deps, ada, { name: `busy-${i}`, memberIds: [] });
    spaces.push(space.id);
    for (let j = 0; j < (i === 0 ? 40 : 3); j++) await sendMessage(deps, ada, { spaceId: space.id, text: long(j) });
  }
  const asked = [];
  for (let i = 0; i < 3; i++) asked.push((await sendMessage(deps, ada, { spaceId: spaces[0]!, text: `Busy, deploy report ${i}?` })).message);
  for (const id of spaces) await addMembers(deps, { entityId: ada.entityId, isAdmin: true }, { spaceId: id, entityIds: [agent.entityId] });
  for (let i = 0; i < 20; i++)
    await deps.db.plan.create({
      data: {
        agentId: agent.id,
        name: `Weekly check ${i}`,
        instruction: long(i).slice(0, 500),
        cron: "0 9 * * 1",
        nextRunAt: new Date(Date.now() + (i + 1) * 3_600_000),
      },
    });
  for (let i = 0; i < 30; i++) await deps.db.memory.create({ data: { agentId: agent.id, key: `fact-${i}`, value: long(i).slice(0, 600) } });
  for (const [i, m] of asked.entries())
    await deps.db.run.create({
      data: {
        agentId: agent.id,
        triggerType: "space_message",
        triggerMessageId: m.id,
        triggerSpaceId: spaces[0]!,
        triggerEntityId: ada.entityId,
        reach: [spaces[0]!],
        status: "failed",
        error: long(3 + i),
        partialOutput: long(5 + i),
        endedAt: new Date(),
      },
    });
  busyScript.next = () => {
    const s = step++;
    if (s < 19) return { tool: "read_messages", input: { spaceId: spaces[s % spaces.length] } };
    if (s === 19) return { tool: "send_message", input: { text: "Read everything: all quiet." } };
    return { text: "done" };
  };
  await sendMessage(deps, ada, { spaceId: spaces[0]!, text: `Busy, please go through every space. ${long(9)}`.slice(0, MAX_MESSAGE_LENGTH) });
  await idle();
  const run = await deps.db.run.findFirstOrThrow({
    where: { agentId: agent.id, triggerSpaceId: spaces[0]!, status: { not: "failed" } },
    orderBy: { queuedAt: "desc" },
  });
  return { calls, window: DEFAULT_CONTEXT_TOKENS, status: run.status, error: run.error };
}

/** The busy agent's script, set once its spaces exist. */
export const busyScript: { next: Script } = { next: () => ({ text: "not set up" }) };

/** Scripts for the agents above, and a resolver that wraps their models as registered. */
export function cacheModels(base: ReturnType<typeof scriptedModels>["resolver"]) {
  const wraps = new Map<string, { wrap: (m: LanguageModelV4) => LanguageModelV4; window?: number }>();
  const resolver: ModelResolver = (agent) => {
    const r = base(agent);
    const w = wraps.get(agent.name);
    if (!w) return r;
    return { ...r, model: w.wrap(r.model as LanguageModelV4), ...(w.window ? { contextTokens: w.window, contextSource: "default" as const } : {}) };
  };
  return { resolver, register: (name: string, wrap: (m: LanguageModelV4) => LanguageModelV4, window?: number) => void wraps.set(name, { wrap, window }) };
}
