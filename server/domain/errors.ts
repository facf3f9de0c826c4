// The one error type. Domain code throws AppError with a code; each transport maps the
// code to its own shape (HTTP status + JSON body, socket error ack). Anything else that
// escapes is an internal error and is logged, never shown to clients in detail.

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** The channel is archived: read-only until a manager unarchives it. */
  archived: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  /** Shed load now rather than queue: e.g. every password-hashing slot is taken. */
  busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

// Next's route bundles load their own copy of this module, so an AppError thrown by code the
// custom server loaded (its rate limiter, the gateway) is not `instanceof` a route's AppError.
// A registry-wide symbol marks every copy's instances instead.
const APP_ERROR = Symbol.for("parley.AppError");

export class AppError extends Error {
  readonly [APP_ERROR] = true;
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const isAppError = (e: unknown): e is AppError => typeof e === "object" && e !== null && (e as { [APP_ERROR]?: unknown })[APP_ERROR] === true;

/** Field path ("prices.2.inputPerM", or "body") → what is wrong with it: shown next to each field. */
export type FieldErrors = Record<string, string>;

/**
 * A 400 for input that failed its schema: the message names the first field, and `fields`
 * carries every field's problem so a form can show each next to its input.
 */
export function invalidInput(issues: readonly { path: readonly PropertyKey[]; message: string }[]): AppError {
  const fields: FieldErrors = {};
  // A problem with the input as a whole (a wrong body type) names no field: message only.
  for (const issue of issues) if (issue.path.length) fields[issue.path.map(String).join(".")] ??= issue.message;
  const first = issues[0];
  const message = first ? `${first.path.map(String).join(".") || "body"}: ${first.message}` : "Invalid input";
  return new AppError("bad_request", message, Object.keys(fields).length ? { fields } : undefined);
}

/** A 400 that says which fields are wrong, so a form can show each message next to its field. */
export function fieldErrors(fields: FieldErrors): AppError {
  const message = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join("; ");
  return new AppError("bad_request", message, { fields });
}

/** The client-safe form of any thrown value. */
export function toErrorBody(e: unknown): { code: ErrorCode; message: string; fields?: FieldErrors; retryAfterS?: number } {
  if (isAppError(e)) {
    const { fields, retryAfterS } = (e.details as { fields?: FieldErrors; retryAfterS?: number } | undefined) ?? {};
    // retryAfterS lets a client (the socket has no Retry-After header) wait exactly as long as asked.
    return { code: e.code, message: e.message, ...(fields && { fields }), ...(retryAfterS && { retryAfterS }) };
  }
  return { code: "internal", message: "Something went wrong on our side." };
}
