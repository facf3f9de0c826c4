// The quiet note a person sees under their message when an agent could not answer it: a run
// for it failed, or the agent was refused for a reason only a fix lifts (not configured,
// budget). The one place an admin's error text (provider messages, limits, counts) becomes a
// member-safe reason: a fixed set of phrases, never the provider's words, a key, a host or a
// figure. Retry is offered where trying again can help (an outage, a rate limit, a limit hit by
// one unlucky run), not where it cannot (no key, budget spent, a context that does not fit).

export const FAILURE_KINDS = [
  "not_configured",
  "provider_refused_key",
  "rate_limited",
  "provider_error",
  "budget",
  "step_limit",
  "time_limit",
  "context_too_long",
  "other",
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export const FAILURE_TEXT: Record<FailureKind, string> = {
  not_configured: "the model provider isn't configured",
  provider_refused_key: "the model provider refused its key",
  rate_limited: "the model provider is busy (rate limit)",
  provider_error: "the model provider had an error",
  budget: "it has used its token budget for today",
  step_limit: "it reached its step limit",
  time_limit: "it ran out of time",
  context_too_long: "the conversation was too long for its model",
  other: "something went wrong",
};

export const RETRY_HELPS: Record<FailureKind, boolean> = {
  not_configured: false,
  provider_refused_key: false,
  rate_limited: true,
  provider_error: true,
  budget: false,
  step_limit: true,
  time_limit: true,
  context_too_long: false,
  other: true,
};

/** The kind of a run's error (or a refusal's reason) as the server words it for admins. */
export function failureKindOf(adminText: string): FailureKind {
  const t = adminText.toLowerCase();
  if (t.startsWith("not configured") || /is not set|unknown model provider|base url .* is not allowed|not a url/.test(t)) return "not_configured";
  if (t.startsWith("budget")) return "budget";
  if (/refused the api key/.test(t)) return "provider_refused_key";
  if (/rate limit/.test(t)) return "rate_limited";
  if (/context window|context was too long|too long for the model|does not fit the model/.test(t)) return "context_too_long";
  if (/tool steps/.test(t)) return "step_limit";
  if (/maximum duration|did not answer within|timed out/.test(t)) return "time_limit";
  if (/model call failed|provider|connection|connect/.test(t)) return "provider_error";
  return "other";
}

/** Reasons a trigger refusal gets a failure note for: the agent would have answered, but cannot. */
export const isFailureRefusal = (reason: string): boolean => {
  const kind = failureKindOf(reason);
  return kind === "not_configured" || kind === "budget";
};

/** "Writer couldn't answer: the model provider isn't configured" */
export const failureNoteText = (agentName: string, kind: FailureKind): string => `${agentName} couldn't answer: ${FAILURE_TEXT[kind]}`;

/** One note under one of the receiver's messages. Only to the person who sent the message. */
export interface FailureNoteDto {
  spaceId: string;
  messageId: string;
  agentId: string;
  agentName: string;
  kind: FailureKind;
  /** The member-safe sentence (failureNoteText). */
  text: string;
  /** The failed run: what Retry retries and admins open; null for a refusal (no run was made). */
  runId: string | null;
  retry: boolean;
  at: string;
}
