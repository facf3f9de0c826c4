// A hosted model's failure in words an admin reads in the run inspector: what happened (the
// provider's rate limit, its server error, a prompt over the model's window, a refused key, a
// connection lost or never made), the HTTP status, how many attempts the SDK's retry made, then
// what the provider said. The AI SDK reports all of these as APICallError, wrapped in a
// RetryError once its retry is spent; a connection lost mid-stream is an APICallError carrying
// the 200 the response started with ("Failed to process successful response"), so the cause
// chain decides, not the status.
import { APICallError, RetryError } from "ai";
import { isModelRedirect, ModelRedirectError } from "./no-redirect-fetch";

const PREFIX = "Model call failed:";

/** undefined: not a provider failure we know; the caller says it generically. */
export function describeProviderFailure(e: unknown): string | undefined {
  const attempts = RetryError.isInstance(e) ? e.errors.length : 1;
  const last = RetryError.isInstance(e) ? e.lastError : e;
  const tries = attempts > 1 ? `, ${attempts} attempts` : "";
  if (isModelRedirect(last)) return `${PREFIX} ${new ModelRedirectError().message}.`;
  const socket = socketFailure(last);
  if (socket === "lost") return `${PREFIX} the connection to the model provider was lost mid-response (${causeText(last)}${tries}).`;
  if (socket === "unreachable") return `${PREFIX} could not connect to the model provider (${causeText(last)}${tries}).`;
  if (!APICallError.isInstance(last) || last.statusCode === undefined) return undefined;
  const status = `HTTP ${last.statusCode}${tries}`;
  const said = `The provider said: ${last.message}`;
  if (last.statusCode === 429) return `${PREFIX} the provider's rate limit was reached (${status}). ${said}`;
  if (contextTooLong(last)) return `${PREFIX} the prompt is too long for the model's context window (${status}). ${said}`;
  if (last.statusCode === 401 || last.statusCode === 403) return `${PREFIX} the provider refused the API key (${status}). ${said}`;
  if (last.statusCode >= 500) return `${PREFIX} the provider had a server error (${status}). ${said}`;
  return undefined;
}

// OpenAI (and servers copying it) send code context_length_exceeded; Anthropic "prompt is too
// long: N tokens > M maximum"; vLLM and others only say it in words.
const CONTEXT_WORDS = /prompt is too long|maximum context length|context window|context length|too many (input )?tokens/i;

function contextTooLong(e: APICallError): boolean {
  const code = (e.data as { error?: { code?: unknown } } | undefined)?.error?.code;
  return code === "context_length_exceeded" || CONTEXT_WORDS.test(e.message) || CONTEXT_WORDS.test(e.responseBody ?? "");
}

const LOST = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE", "UND_ERR_CLOSED"]);
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** Walks the cause chain for the socket error under the SDK's wrapper. */
function socketFailure(e: unknown): "lost" | "unreachable" | undefined {
  for (let c = e, depth = 0; c instanceof Error && depth < 6; c = c.cause, depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string" && LOST.has(code)) return "lost";
    if (typeof code === "string" && UNREACHABLE.has(code)) return "unreachable";
    // undici ends a body cut short with TypeError("terminated"), its socket error as the cause.
    if (c instanceof TypeError && c.message === "terminated") return "lost";
  }
  return undefined;
}

/** The innermost messages, e.g. "terminated: other side closed", without the SDK's wrapper text. */
function causeText(e: unknown): string {
  const parts: string[] = [];
  for (let c = e instanceof Error ? e.cause : undefined, depth = 0; c instanceof Error && depth < 6; c = c.cause, depth++) parts.push(c.message);
  return parts.join(": ") || (e instanceof Error ? e.message : String(e));
}
