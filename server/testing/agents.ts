// Agents and scripted models for gateway tests. A script is a function of the model call
// (its system prompt and the tool results so far) returning the next tool call or a final
// text, so a test reads like the conversation it drives.
import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import type { Db } from "../db/client";
import type { ModelResolver } from "../agents/models/resolve-model";
import { defaultModelResolver } from "../agents/models/resolve-model";
import { addMembers } from "../domain/spaces/add-members";
import { nullSink } from "../domain/deps";
import { createChannel } from "../domain/spaces/create-channel";
import { ManualClock } from "../agents/clock";
import { startTestServer, type TestDatabase } from "./test-server";
import type { GatewayOptions } from "../agents/gateway";
import type { ReplyMode } from "@/lib/agents/reply-modes";

export interface ModelCall {
  /** The whole context as the model reads it: the system part, then the timeline user message. */
  system: string;
  /** The system role alone and the user messages alone, for tests of what goes where. */
  roles: { system: string; user: string };
  /** Outputs of the tool calls made so far in this model call. */
  results: unknown[];
  call: number;
  /** Names of the tools this call offers the model. */
  tools: string[];
  /** The call's abort signal: a slow script ends when its call is aborted, as a provider's request does. */
  signal?: AbortSignal;
}
export type Step =
  | { tool: string; input: Record<string, unknown> }
  /** Several tool calls in one step, as models that call tools in parallel emit them. */
  | { tools: { tool: string; input: Record<string, unknown> }[] }
  | { text: string }
  | { error: string };
export type Script = (call: ModelCall) => Step | Promise<Step>;

export async function createAgent(
  db: Db,
  name: string,
  opts: {
    provider?: string;
    modelId?: string;
    maxConcurrentRuns?: number;
    enabled?: boolean;
    persona?: string;
    modelSettings?: object;
    topics?: string[];
  } = {},
) {
  const agent = await db.agent.create({
    data: {
      provider: opts.provider ?? "mock",
      modelId: opts.modelId ?? (opts.provider === "offline" ? "parley-offline-1" : "scripted"),
      persona: opts.persona ?? `You are ${name}.`,
      maxConcurrentRuns: opts.maxConcurrentRuns,
      enabled: opts.enabled,
      modelSettings: opts.modelSettings ?? {},
      topics: opts.topics ?? [],
      entity: { create: { type: "agent", name } },
    },
    include: { entity: true },
  });
  return { id: agent.id, entityId: agent.entityId, name };
}

/** Puts a channel's agents in reply mode `every`, for tests of what a run does rather than of who wakes. */
export async function everyMessage(db: Db, spaceId: string) {
  await db.membership.updateMany({ where: { spaceId, entity: { type: "agent" } }, data: { replyMode: "every" } });
}

/**
 * Adds members to a channel. Agents are put in reply mode `every` unless `replyMode` says
 * otherwise: the gateway's mechanics are tested one message → one run, and the tests of who
 * wakes (reply modes, auto) choose their mode.
 */
export async function addToSpace(db: Db, spaceId: string, ownerEntityId: string, entityIds: string[], replyMode: ReplyMode = "every") {
  await addMembers({ db, events: nullSink }, { entityId: ownerEntityId, isAdmin: true }, { spaceId, entityIds });
  await db.membership.updateMany({ where: { spaceId, entityId: { in: entityIds }, entity: { type: "agent" } }, data: { replyMode } });
}

/**
 * Scripted models by agent name; agents without a script (or with provider "offline")
 * use the real resolver. Every system prompt a script saw is kept in `calls`.
 */
export function scriptedModels(scripts: Record<string, Script>) {
  const calls: Record<string, string[]> = {};
  const resolver: ModelResolver = (agent) => {
    const script = scripts[agent.name];
    if (!script || agent.provider !== "mock")
      return defaultModelResolver({ ...agent, modelSettings: { streamDelayMs: 0, thinkMs: 0, ...(agent.modelSettings as object) } });
    const model = new MockLanguageModelV4({
      doStream: async (options: LanguageModelV4CallOptions) => {
        const sys = options.prompt
          .filter((m) => m.role === "system")
          .map((m) => m.content)
          .join("\n");
        const user = options.prompt.flatMap((m) => (m.role === "user" ? m.content.flatMap((p) => (p.type === "text" ? [p.text] : [])) : [])).join("\n");
        const system = `${sys}\n\n${user}`;
        const results = options.prompt
          .flatMap((m) => (m.role === "tool" ? m.content : []))
          .filter((p) => p.type === "tool-result")
          .map((p) => (p.output as { value?: unknown }).value);
        (calls[agent.name] ??= []).push(system);
        const tools = (options.tools ?? []).map((t) => t.name);
        const step = await script({ system, roles: { system: sys, user }, results, call: calls[agent.name]!.length, tools, signal: options.abortSignal });
        return { stream: convertArrayToReadableStream(parts(step, calls[agent.name]!.length)) };
      },
    });
    return { model, contextTokens: (agent.modelSettings as { contextTokens?: number } | null)?.contextTokens ?? 100_000 };
  };
  return { resolver, calls };
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function parts(step: Step, n: number): LanguageModelV4StreamPart[] {
  if ("error" in step)
    return [
      { type: "stream-start", warnings: [] },
      { type: "error", error: new Error(step.error) },
    ];
  if ("text" in step) {
    return [
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: step.text },
      { type: "text-end", id: "t" },
      { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage },
    ];
  }
  const calls = "tools" in step ? step.tools : [step];
  return [
    { type: "stream-start", warnings: [] },
    ...calls.flatMap((c, i): LanguageModelV4StreamPart[] => {
      const id = `call-${n}-${i}-${Math.random().toString(36).slice(2, 8)}`;
      const json = JSON.stringify(c.input);
      const mid = Math.ceil(json.length / 2);
      return [
        { type: "tool-input-start", id, toolName: c.tool },
        { type: "tool-input-delta", id, delta: json.slice(0, mid) },
        { type: "tool-input-delta", id, delta: json.slice(mid) },
        { type: "tool-input-end", id },
        { type: "tool-call", toolCallId: id, toolName: c.tool, input: json },
      ];
    }),
    { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
  ];
}

/** The common script: say `text` once, then stop. */
export const replyOnce =
  (text: string | ((c: ModelCall) => string), extra: Record<string, unknown> = {}): Script =>
  (c) =>
    c.results.length === 0 ? { tool: "send_message", input: { text: typeof text === "string" ? text : text(c), ...extra } } : { text: "done" };

/** Never says anything. */
export const silent: Script = () => ({ text: "nothing to add" });

/** True when this call's TRIGGER came from a human. */
export const triggeredByHuman = (c: ModelCall) => /^ {2}sender: .+ \(human, id:/m.test(c.system.split("\nTRIGGER:\n")[1] ?? "");

/** Replies once to humans; stays silent when an agent spoke (a polite colleague). */
export const replyToHumans =
  (text: string, extra: Record<string, unknown> = {}): Script =>
  (c) =>
    triggeredByHuman(c) ? replyOnce(text, extra)(c) : { text: "an agent spoke; nothing to add" };

type AgentOptions = Parameters<typeof createAgent>[2];

/**
 * The common scenario: a test server whose gateway uses `scripts` (and `clock`), a human
 * "Ada", one agent per script, and a channel holding them all.
 */
export async function startAgentScenario(
  scripts: Record<string, Script>,
  opts: {
    clock?: ManualClock;
    spaceName?: string;
    agentOptions?: Record<string, AgentOptions>;
    maxRunsInFlight?: number;
    /** The agents' reply mode in the channel: `every` unless a test of who wakes says otherwise. */
    replyMode?: ReplyMode;
    /** More for the server: its gateway's other options (lease, ticks), a database it shares. */
    server?: { gateway?: GatewayOptions; database?: TestDatabase };
  } = {},
) {
  const models = scriptedModels(scripts);
  const clock = opts.clock ?? new ManualClock();
  const srv = await startTestServer({
    gateway: { models: models.resolver, clock, maxRunsInFlight: opts.maxRunsInFlight, ...opts.server?.gateway },
    database: opts.server?.database,
  });
  const ada = await srv.user("Ada");
  const agents: Record<string, Awaited<ReturnType<typeof createAgent>>> = {};
  for (const name of Object.keys(scripts)) agents[name] = await createAgent(srv.deps.db, name, opts.agentOptions?.[name]);
  const space = await createChannel(srv.deps, ada.actor, { name: opts.spaceName ?? "general", memberIds: Object.values(agents).map((a) => a.entityId) });
  await srv.deps.db.membership.updateMany({ where: { spaceId: space.id, entity: { type: "agent" } }, data: { replyMode: opts.replyMode ?? "every" } });
  return { srv, ada, agents, space, calls: models.calls, clock, models };
}
