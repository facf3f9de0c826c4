// GET /api/audit?agentId=&before=&limit= → { entries, nextBefore }: admin changes, newest first;
// `before` is the previous page's nextBefore. Admins only; an API token may read it.
import { listAudit, listAuditInput } from "../domain/audit/list-audit";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { readQuery } from "./read-query";
import { json } from "./respond";

export const listAuditHandler = authed(
  async (req, deps, _p, caller) => {
    requireAdmin(caller, "read the audit log");
    return json(await listAudit(deps, actorOf(caller), readQuery(req, listAuditInput)));
  },
  { limit: "auditReadsPerUser" },
);
