// POST /api/sessions/revoke-all → 204: "sign out everywhere". Every signed-in session of
// the caller ends (cookies stop working, their sockets close); API tokens stay. Session
// cookie only, so a leaked API token cannot lock its owner out.
import { endAllSessions } from "../domain/users/end-all-sessions";
import { actorOf, authed } from "./endpoint";
import { noContent } from "./respond";

export const revokeAllSessionsHandler = authed(
  async (_req, deps, _params, caller) => {
    await endAllSessions(deps, actorOf(caller));
    return noContent();
  },
  { sessionOnly: true, limit: "accountChangesPerUser" },
);
