// Wrappers every handler goes through: errors become JSON responses (respond.ts), and
// `authed` resolves the caller from the API token or session cookie, or answers 401, and
// refuses a cookie caller's state-changing request from another site (csrf.ts, 403).
import { authenticate, type AuthedUser } from "../auth/authenticate";
import { AppError } from "../domain/errors";
import { assertSameOrigin } from "./csrf";
import type { Handler, HttpDeps, NoParams, Params } from "./deps";
import type { RateLimitName } from "@/lib/limits";
import { errorResponse } from "./respond";

export interface Caller extends AuthedUser {
  /** How the caller proved who they are; some actions need a real session. */
  via: "token" | "session";
}

export type AuthedHandler<P extends Params> = (req: Request, deps: HttpDeps, params: P, caller: Caller) => Promise<Response>;

export function endpoint<P extends Params = NoParams>(run: Handler<P>): Handler<P> {
  return async (req, deps, params) => {
    try {
      return await run(req, deps, params);
    } catch (e) {
      return errorResponse(e, req);
    }
  };
}

export function authed<P extends Params = NoParams>(
  run: AuthedHandler<P>,
  opts: {
    sessionOnly?: boolean;
    /** A rate limit spent per caller before the handler runs (lib/limits.ts RATE_LIMITS). */
    limit?: RateLimitName;
  } = {},
): Handler<P> {
  return async (req, deps, params) => {
    let caller: Caller | undefined;
    try {
      const authorization = req.headers.get("authorization");
      const user = await authenticate(deps.db, deps.secret, { authorization, cookie: req.headers.get("cookie") });
      if (!user) throw new AppError("unauthorized", "Sign in, or send an API token as 'Authorization: Bearer pk_…'");
      // Same test authenticate() uses to pick the bearer token over the cookie.
      caller = { ...user, via: authorization?.toLowerCase().startsWith("bearer ") ? "token" : "session" };
      if (opts.sessionOnly && caller.via === "token") {
        throw new AppError("forbidden", "This needs a signed-in session; API tokens cannot be used here");
      }
      // The cookie rides along on cross-site requests; a token never does.
      if (caller.via === "session") assertSameOrigin(req);
      if (opts.limit) await deps.limits?.consume(opts.limit, caller.userId);
      return await run(req, deps, params, caller);
    } catch (e) {
      return errorResponse(e, req, caller ? { userId: caller.userId, via: caller.via } : {});
    }
  };
}

/** The caller as a domain actor (without the HTTP-only fields). */
export const actorOf = (c: Caller) => ({ entityId: c.entityId, userId: c.userId, isAdmin: c.isAdmin });

/** Admin-only actions: members get 403 saying what they cannot do. */
export function requireAdmin(caller: Caller, what: string): void {
  if (!caller.isAdmin) throw new AppError("forbidden", `Only admins can ${what}`);
}
