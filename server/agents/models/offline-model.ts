// The built-in offline model: a real AI SDK LanguageModelV4, so runs go through exactly the
// same streamText loop, tool execution and streaming as with a hosted model. Each call
// reads the context (the system prompt), asks offline-script what to do, and emits the
// next tool call — streamed as JSON input deltas, like a hosted model writing a tool input.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { offlineScript } from "./offline-script";
import { isSummaryRequest, offlineSummary } from "./offline-summary";

export const OFFLINE_MODEL_ID = "parley-offline-1";

export class OfflineModel implements LanguageModelV4 {
  readonly specificationVersion = "v4" as const;
  readonly provider = "parley-offline";
  readonly modelId = OFFLINE_MODEL_ID;
  readonly supportedUrls = {};

  /**
   * thinkMs: pause before the first step, so "X is thinking…" is visible like with a hosted
   * model; streamDelayMs: pause between streamed chunks. Both 0 in tests.
   */
  constructor(private readonly opts: { streamDelayMs: number; thinkMs?: number } = { streamDelayMs: 0 }) {}

  private next(options: LanguageModelV4CallOptions) {
    // The context is the system part (identity, persona, instructions) plus the first user
    // message (the timeline); the script reads them as one text, as a hosted model would.
    const system = options.prompt
      .flatMap((m) => (m.role === "system" ? [m.content] : m.role === "user" ? m.content.flatMap((p) => (p.type === "text" ? [p.text] : [])) : []))
      .join("\n\n");
    const results = options.prompt.flatMap((m) => (m.role === "tool" ? m.content : [])).filter((p) => p.type === "tool-result");
    const { actions, thought } = offlineScript(system);
    const step = results.length;
    const last = results.at(-1);
    const out = last?.output as { type: string; value?: unknown } | undefined;
    const failed = !!out && (out.type.startsWith("error") || (typeof out.value === "object" && out.value !== null && "error" in out.value));
    const action = failed ? undefined : actions[step];
    const usage: LanguageModelV4Usage = {
      inputTokens: { total: Math.ceil(JSON.stringify(options.prompt).length / 4), noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: action ? Math.ceil(JSON.stringify(action.input).length / 4) : 8, text: undefined, reasoning: undefined },
    };
    if (isSummaryRequest(system)) return { action: undefined, text: offlineSummary(system), usage, step, id: `offline-summary-${step}` };
    const text = failed ? `A tool returned an error; stopping. ${thought}` : action ? "" : `${thought}.`;
    return { action, text, usage, step, id: `offline-${step}-${Date.now().toString(36)}` };
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const { action, text, usage, id } = this.next(options);
    const content: LanguageModelV4Content[] = action
      ? [{ type: "tool-call", toolCallId: id, toolName: action.tool, input: JSON.stringify(action.input) }]
      : [{ type: "text", text }];
    return {
      content,
      finishReason: { unified: action ? "tool-calls" : "stop", raw: undefined },
      usage,
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const { action, text, usage, id, step } = this.next(options);
    const delay = this.opts.streamDelayMs;
    const think = step === 0 ? (this.opts.thinkMs ?? 0) : 0;
    const signal = options.abortSignal;
    const stream = new ReadableStream<LanguageModelV4StreamPart>({
      async start(controller) {
        controller.enqueue({ type: "stream-start", warnings: [] });
        if (think) await new Promise((r) => setTimeout(r, think));
        if (action) {
          const json = JSON.stringify(action.input);
          controller.enqueue({ type: "tool-input-start", id, toolName: action.tool });
          for (let i = 0; i < json.length; i += 6) {
            if (signal?.aborted) break;
            controller.enqueue({ type: "tool-input-delta", id, delta: json.slice(i, i + 6) });
            if (delay) await new Promise((r) => setTimeout(r, delay));
          }
          controller.enqueue({ type: "tool-input-end", id });
          controller.enqueue({ type: "tool-call", toolCallId: id, toolName: action.tool, input: json });
        } else {
          controller.enqueue({ type: "text-start", id });
          controller.enqueue({ type: "text-delta", id, delta: text });
          controller.enqueue({ type: "text-end", id });
        }
        controller.enqueue({ type: "finish", finishReason: { unified: action ? "tool-calls" : "stop", raw: undefined }, usage });
        controller.close();
      },
    });
    return { stream };
  }
}
