// POST /api/sessions/revoke-all → 204: "sign out everywhere". Every signed-in session of
// the caller ends (cookies stop working, their sockets close); API tokens stay. Session
// cookie only, so a leaked API token cannot lock its owner out.
import { endAllSessions } from "../domain/users/sessions";
import { authed } from "./endpoint";
import { noContent } from "./respond";

export const revokeAllSessionsHandler = authed(
  async (_req, deps, _params, caller) => {
    await endAllSessions(deps, caller.userId);
    return noContent();
  },
  { sessionOnly: true, limit: "accountChangesPerUser" },
);
