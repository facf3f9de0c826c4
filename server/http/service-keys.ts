// POST /api/agents/:id/keys  (admins, signed-in session)  body optional: { spaceIds?: string[] }
// → 201 { key, prefix, spaceIds }. Rotates the agent's service key (the old one stops working);
// the key is shown once. With spaceIds, runs the key starts reach only those of the agent's
// spaces, so a webhook meant for one channel cannot be steered into another.
import { z } from "zod";
import { AppError } from "../domain/errors";
import { rotateServiceKey } from "../agents/services/service-keys";
import { authed, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const body = z.object({ spaceIds: z.array(z.string().min(1).max(64)).max(100).default([]) });

export const rotateKeyHandler = authed<{ id: string }>(
  async (req, deps, { id }, caller) => {
    requireAdmin(caller, "manage service keys");
    // Body-less POSTs (the common case) rotate an unnarrowed key; a JSON body may narrow it.
    const hasBody = req.body !== null && /json/i.test(req.headers.get("content-type") ?? "");
    const { spaceIds } = hasBody ? await readJson(req, body) : { spaceIds: [] };
    const agent = await deps.db.agent.findUnique({ where: { id }, select: { id: true, entityId: true } });
    if (!agent) throw new AppError("not_found", "Agent not found");
    const unique = [...new Set(spaceIds)];
    if (unique.length) {
      const member = await deps.db.membership.count({ where: { entityId: agent.entityId, spaceId: { in: unique } } });
      if (member !== unique.length) throw new AppError("bad_request", "spaceIds: every space must be one the agent is a member of");
    }
    return json(await rotateServiceKey(deps.db, id, { spaceIds: unique }), 201);
  },
  { sessionOnly: true, limit: "accountChangesPerUser" },
);
