// A model provider on 127.0.0.1 that speaks the real streaming wire formats the AI SDK's
// providers parse: OpenAI Responses (POST /v1/responses), OpenAI Chat Completions, which
// OpenAI-compatible servers also speak (POST /v1/chat/completions), and Anthropic Messages
// (POST /v1/messages). A test scripts what each call gets back, in order: a streamed turn
// (text, a send_message call whose arguments arrive in pieces, usage with cached tokens) or
// a failure as the provider sends it (429 with retry-after, 500, context too long, a
// connection dropped mid-stream). Every request is recorded with its headers and JSON body,
// so a test can check what Parley sends without any key or network.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** `input` counts every prompt token, cached ones included (OpenAI's convention); `cached` of them were read from the prompt cache. */
export interface FakeUsage {
  input: number;
  cached: number;
  output: number;
}

export type FakeReply =
  /** One model turn: optional text, then optionally one send_message call with this text. */
  | { stream: { text?: string; sendMessage?: string; usage: FakeUsage } }
  | { rateLimited: { retryAfterSeconds: number } }
  | { serverError: true }
  | { contextTooLong: true }
  | { unauthorized: true }
  /** Starts a send_message call, streams the first part of its arguments, then destroys the socket. */
  | { dropMidStream: { sendMessage: string } };

export interface RecordedRequest {
  path: string;
  /** When it arrived (Date.now()), for benches that split a latency into the model's part and the rest. */
  at: number;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: a provider request body is arbitrary JSON that tests walk into
  body: any;
}

export interface FakeProvider {
  /** http://127.0.0.1:<port>/v1, the base URL every provider appends its path to. */
  baseURL: string;
  /** host:port, as PARLEY_MODEL_HOSTS names it. */
  host: string;
  requests: RecordedRequest[];
  /** Queues replies for the next calls, in order. A call with nothing queued gets a 400 naming it. */
  script(...replies: FakeReply[]): void;
  /** What GET /v1/models lists (OpenAI's shape); null (the default): the endpoint has no such list (404). */
  listModels(ids: string[] | null): void;
  /** Replies scripted but not yet asked for. */
  pending(): number;
  /** Forgets the requests and any replies left over, between tests. */
  reset(): void;
  close(): Promise<void>;
}

type Wire = "responses" | "chat" | "anthropic";
const WIRES: Record<string, Wire> = { "/v1/responses": "responses", "/v1/chat/completions": "chat", "/v1/messages": "anthropic" };

interface SseEvent {
  /** The `event:` line; Chat Completions sends data lines only. */
  name?: string;
  data: unknown;
}

export interface FakeProviderOptions {
  /** Answers a call when nothing is scripted (benches that run many calls), from the request body. */
  auto?: (body: unknown) => FakeReply;
  /** Waits this long after the response headers before the first streamed event: a model's time to first token. */
  firstTokenDelayMs?: number;
}

export async function startFakeProvider(opts: FakeProviderOptions = {}): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];
  let models: string[] | null = null;
  const server = createServer((req, res) => {
    void handle(req, res).catch((e) => {
      res.destroy(e as Error);
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? "").split("?")[0]!;
    const text = Buffer.concat(chunks).toString("utf8");
    const body = text ? JSON.parse(text) : null;
    requests.push({ path, headers: req.headers, body, at: Date.now() });
    if (req.method === "GET" && path === "/v1/models" && models) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ object: "list", data: models.map((id) => ({ id, object: "model" })) }));
    }
    const wire = WIRES[path];
    if (req.method !== "POST" || !wire) return sendError(res, "chat", 404, { kind: "invalid_request", message: `Unknown path ${req.method} ${path}` });
    const reply = queue.shift() ?? opts.auto?.(body);
    if (!reply) return sendError(res, wire, 400, { kind: "invalid_request", message: `fake provider: no reply scripted for call ${requests.length}` });
    const model = String(body?.model ?? "unknown-model");
    if ("rateLimited" in reply) {
      const seconds = reply.rateLimited.retryAfterSeconds;
      return sendError(res, wire, 429, { kind: "rate_limit", message: rateLimitMessage(wire, model) }, { "retry-after": String(seconds) });
    }
    if ("serverError" in reply) return sendError(res, wire, 500, { kind: "server", message: serverErrorMessage(wire) });
    if ("contextTooLong" in reply) return sendError(res, wire, 400, { kind: "context_length", message: contextMessage(wire) });
    if ("unauthorized" in reply) return sendError(res, wire, 401, { kind: "auth", message: authMessage(wire) });
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    if (opts.firstTokenDelayMs) {
      res.flushHeaders();
      await new Promise((r) => setTimeout(r, opts.firstTokenDelayMs));
    }
    if ("dropMidStream" in reply) {
      const events = turnEvents(wire, model, body, { sendMessage: reply.dropMidStream.sendMessage, usage: { input: 0, cached: 0, output: 0 } });
      // Everything up to the first half of the send_message argument pieces, then the socket dies.
      const cut = events.findIndex((e) => isArgumentDelta(e)) + Math.ceil(ARGUMENT_PIECES / 2);
      await write(res, events.slice(0, cut));
      res.socket?.destroy();
      return;
    }
    await write(res, turnEvents(wire, model, body, reply.stream));
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    host: `127.0.0.1:${port}`,
    requests,
    listModels: (ids) => {
      models = ids;
    },
    script: (...replies) => queue.push(...replies),
    pending: () => queue.length,
    reset: () => {
      models = null;
      requests.length = 0;
      queue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes the events and resolves once they are handed to the socket, so a drop after them cuts after them. */
function write(res: ServerResponse, events: SseEvent[]): Promise<void> {
  const text = events.map((e) => `${e.name ? `event: ${e.name}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`).join("");
  return new Promise((resolve) => res.write(text, () => resolve()));
}

const ARGUMENT_PIECES = 4;

/** A tool call's JSON arguments in the uneven pieces models stream them in. */
function pieces(json: string, n = ARGUMENT_PIECES): string[] {
  const size = Math.ceil(json.length / n);
  return Array.from({ length: n }, (_, i) => json.slice(i * size, (i + 1) * size));
}

function isArgumentDelta(e: SseEvent): boolean {
  const d = e.data as { type?: string; choices?: { delta?: { tool_calls?: { function?: { name?: string } }[] } }[]; delta?: { type?: string } };
  if (d.type === "response.function_call_arguments.delta") return true;
  if (d.type === "content_block_delta" && d.delta?.type === "input_json_delta") return true;
  const call = d.choices?.[0]?.delta?.tool_calls?.[0];
  return !!call && !call.function?.name;
}

interface Turn {
  text?: string;
  sendMessage?: string;
  usage: FakeUsage;
}

// biome-ignore lint/suspicious/noExplicitAny: the request body as recorded
function turnEvents(wire: Wire, model: string, body: any, turn: Turn): SseEvent[] {
  if (wire === "responses") return responsesTurn(model, turn);
  if (wire === "anthropic") return anthropicTurn(model, turn);
  return chatTurn(model, turn, body?.stream_options?.include_usage === true);
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}${(++counter).toString(36).padStart(6, "0")}fake`;

/** OpenAI Responses: semantic events, each with its sequence_number; ends with response.completed (no [DONE]). */
function responsesTurn(model: string, turn: Turn): SseEvent[] {
  const id = nextId("resp_");
  const createdAt = Math.floor(Date.now() / 1000);
  const out: object[] = [];
  const events: { type: string; [k: string]: unknown }[] = [];
  const base = { id, object: "response", created_at: createdAt, model, instructions: null, tool_choice: "auto", parallel_tool_calls: true };
  events.push({ type: "response.created", response: { ...base, status: "in_progress", output: [], usage: null } });
  events.push({ type: "response.in_progress", response: { ...base, status: "in_progress", output: [], usage: null } });
  if (turn.text) {
    const output_index = out.length;
    const item_id = nextId("msg_");
    const part = { type: "output_text", annotations: [], logprobs: [] };
    events.push({
      type: "response.output_item.added",
      output_index,
      item: { id: item_id, type: "message", status: "in_progress", content: [], role: "assistant" },
    });
    events.push({ type: "response.content_part.added", item_id, output_index, content_index: 0, part: { ...part, text: "" } });
    for (const delta of pieces(turn.text, 2)) events.push({ type: "response.output_text.delta", item_id, output_index, content_index: 0, delta, logprobs: [] });
    events.push({ type: "response.output_text.done", item_id, output_index, content_index: 0, text: turn.text, logprobs: [] });
    events.push({ type: "response.content_part.done", item_id, output_index, content_index: 0, part: { ...part, text: turn.text } });
    const item = { id: item_id, type: "message", status: "completed", content: [{ ...part, text: turn.text }], role: "assistant" };
    events.push({ type: "response.output_item.done", output_index, item });
    out.push(item);
  }
  if (turn.sendMessage !== undefined) {
    const output_index = out.length;
    const item_id = nextId("fc_");
    const call = { id: item_id, type: "function_call", call_id: nextId("call_"), name: "send_message" };
    const args = JSON.stringify({ text: turn.sendMessage });
    events.push({ type: "response.output_item.added", output_index, item: { ...call, status: "in_progress", arguments: "" } });
    for (const delta of pieces(args)) events.push({ type: "response.function_call_arguments.delta", item_id, output_index, delta });
    events.push({ type: "response.function_call_arguments.done", item_id, output_index, arguments: args });
    const item = { ...call, status: "completed", arguments: args };
    events.push({ type: "response.output_item.done", output_index, item });
    out.push(item);
  }
  const { input, cached, output } = turn.usage;
  const usage = {
    input_tokens: input,
    input_tokens_details: { cached_tokens: cached },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
  events.push({ type: "response.completed", response: { ...base, status: "completed", output: out, usage } });
  return events.map((e, sequence_number) => ({ name: e.type, data: { ...e, sequence_number } }));
}

/** Chat Completions: `data:` chunks of choice deltas, a usage chunk when the request asked for it, then `data: [DONE]`. */
function chatTurn(model: string, turn: Turn, includeUsage: boolean): SseEvent[] {
  const id = nextId("chatcmpl-");
  const created = Math.floor(Date.now() / 1000);
  // With include_usage every chunk carries "usage": null until the last one.
  const chunk = (choices: object[]) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    system_fingerprint: "fp_fake",
    choices,
    ...(includeUsage ? { usage: null } : {}),
  });
  const choice = (delta: object, finish_reason: string | null = null) => ({ index: 0, delta, logprobs: null, finish_reason });
  const events: object[] = [chunk([choice({ role: "assistant", content: turn.text === undefined ? null : "", refusal: null })])];
  for (const content of turn.text ? pieces(turn.text, 2) : []) events.push(chunk([choice({ content })]));
  if (turn.sendMessage !== undefined) {
    const args = JSON.stringify({ text: turn.sendMessage });
    events.push(chunk([choice({ tool_calls: [{ index: 0, id: nextId("call_"), type: "function", function: { name: "send_message", arguments: "" } }] })]));
    for (const part of pieces(args)) events.push(chunk([choice({ tool_calls: [{ index: 0, function: { arguments: part } }] })]));
  }
  events.push(chunk([choice({}, turn.sendMessage !== undefined ? "tool_calls" : "stop")]));
  if (includeUsage) {
    const { input, cached, output } = turn.usage;
    events.push({
      ...chunk([]),
      usage: {
        prompt_tokens: input,
        completion_tokens: output,
        total_tokens: input + output,
        prompt_tokens_details: { cached_tokens: cached, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
    });
  }
  return [...events.map((data) => ({ data })), { data: "[DONE]" }];
}

/** Anthropic Messages: message_start (input usage, cache reads apart), content blocks, message_delta (output usage), message_stop. */
function anthropicTurn(model: string, turn: Turn): SseEvent[] {
  const { input, cached, output } = turn.usage;
  const events: { type: string; [k: string]: unknown }[] = [];
  events.push({
    type: "message_start",
    message: {
      id: nextId("msg_"),
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      // Anthropic counts cached tokens apart: input_tokens is only what came after the last cache breakpoint.
      usage: { input_tokens: input - cached, cache_creation_input_tokens: 0, cache_read_input_tokens: cached, output_tokens: 1, service_tier: "standard" },
    },
  });
  events.push({ type: "ping" });
  let index = 0;
  if (turn.text) {
    events.push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
    for (const text of pieces(turn.text, 2)) events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text } });
    events.push({ type: "content_block_stop", index });
    index++;
  }
  if (turn.sendMessage !== undefined) {
    events.push({ type: "content_block_start", index, content_block: { type: "tool_use", id: nextId("toolu_01"), name: "send_message", input: {} } });
    events.push({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: "" } });
    for (const partial_json of pieces(JSON.stringify({ text: turn.sendMessage }))) {
      events.push({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } });
    }
    events.push({ type: "content_block_stop", index });
  }
  events.push({
    type: "message_delta",
    delta: { stop_reason: turn.sendMessage !== undefined ? "tool_use" : "end_turn", stop_sequence: null },
    usage: { output_tokens: output },
  });
  events.push({ type: "message_stop" });
  return events.map((e) => ({ name: e.type, data: e }));
}

type ErrorKind = "rate_limit" | "server" | "context_length" | "auth" | "invalid_request";

const ANTHROPIC_ERROR_TYPES: Record<ErrorKind, string> = {
  rate_limit: "rate_limit_error",
  server: "api_error",
  context_length: "invalid_request_error",
  auth: "authentication_error",
  invalid_request: "invalid_request_error",
};
const OPENAI_ERRORS: Record<ErrorKind, { type: string; code: string | null }> = {
  rate_limit: { type: "tokens", code: "rate_limit_exceeded" },
  server: { type: "server_error", code: null },
  context_length: { type: "invalid_request_error", code: "context_length_exceeded" },
  auth: { type: "invalid_request_error", code: "invalid_api_key" },
  invalid_request: { type: "invalid_request_error", code: null },
};

/** The error body each API sends: OpenAI's `{error:{message,type,param,code}}`, Anthropic's `{type:"error",error:{type,message}}`. */
function sendError(res: ServerResponse, wire: Wire, status: number, e: { kind: ErrorKind; message: string }, headers: Record<string, string> = {}) {
  const param = e.kind === "context_length" ? (wire === "responses" ? "input" : "messages") : null;
  const body =
    wire === "anthropic"
      ? { type: "error", error: { type: ANTHROPIC_ERROR_TYPES[e.kind], message: e.message }, request_id: nextId("req_") }
      : { error: { message: e.message, ...OPENAI_ERRORS[e.kind], param } };
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function rateLimitMessage(wire: Wire, model: string): string {
  if (wire === "anthropic")
    return "This request would exceed the rate limit for your organization of 30,000 input tokens per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.";
  return `Rate limit reached for ${model} in organization org-fake on tokens per min (TPM): Limit 30000, Used 29500, Requested 1800. Please try again in 2.6s.`;
}

function serverErrorMessage(wire: Wire): string {
  return wire === "anthropic" ? "Internal server error" : "The server had an error while processing your request. Sorry about that!";
}

function contextMessage(wire: Wire): string {
  if (wire === "anthropic") return "prompt is too long: 208310 tokens > 200000 maximum";
  if (wire === "responses") return "Your input exceeds the context window of this model. Please adjust your input and try again.";
  return "This model's maximum context length is 128000 tokens. However, your messages resulted in 131072 tokens. Please reduce the length of the messages.";
}

function authMessage(wire: Wire): string {
  if (wire === "anthropic") return "invalid x-api-key";
  return "Incorrect API key provided: sk-cont****. You can find your API key at https://platform.openai.com/account/api-keys.";
}
