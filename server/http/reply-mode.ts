// PUT /api/spaces/:id/agents/:agentId { replyMode: "every" | "auto" | "addressed" | "off" } → 200
// { spaceId, agentId, replyMode }: which of the space's messages wake that agent. The
// space's owner/admin or a workspace admin; 404 when the agent is not in the space.
import { z } from "zod";
import { REPLY_MODES } from "@/lib/agents/reply-modes";
import { AppError } from "../domain/errors";
import { setReplyMode } from "../domain/spaces/set-reply-mode";
import { actorOf, authed } from "./endpoint";
import { readJson } from "./read-json";
import { json } from "./respond";

const body = z.object({ replyMode: z.enum(REPLY_MODES) });
const ids = z.object({ id: z.string().min(1).max(64), agentId: z.string().min(1).max(64) });

export const setReplyModeHandler = authed<{ id: string; agentId: string }>(
  async (req, deps, params, caller) => {
    const { replyMode } = await readJson(req, body);
    const path = ids.safeParse(params);
    if (!path.success) throw new AppError("bad_request", "Malformed space or agent id");
    return json(await setReplyMode(deps, actorOf(caller), { spaceId: path.data.id, agentId: path.data.agentId, replyMode }));
  },
  { limit: "accountChangesPerUser" },
);
