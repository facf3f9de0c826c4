// Who must answer a question (send_message with wait). By default whoever started the run: the
// sender of its trigger message, or for a plan run the person the plan was made for. A service
// run has no one behind it and may ask only "anyone". `askTo` may name another member of the
// space (by id or exact name), or "anyone". The asked entity must be a member of the space the
// question is posted in (which is within the run's reach): no one is asked where they cannot
// read the question (a default starter who is not there gives way to "anyone"), and the agent
// cannot ask itself.
import type { Db } from "../../db/client";
import { AppError } from "../../domain/errors";
import type { RunScope } from "./run-scope";

export type Asked = { id: string; name: string } | null;

export async function whoToAsk(db: Db, run: RunScope["run"], agentEntityId: string, spaceId: string, askTo: string | undefined): Promise<Asked> {
  const wanted = askTo?.trim().replace(/^@/, "");
  if (wanted?.toLowerCase() === "anyone") return null;
  if (run.triggerType === "service") {
    if (wanted) throw new AppError("bad_request", 'A service run has no requester: it can ask only "anyone".');
    return null;
  }
  const members = await db.membership.findMany({ where: { spaceId }, select: { entity: { select: { id: true, name: true } } } });
  const byId = (id: string | null | undefined) => (id ? members.find((m) => m.entity.id === id)?.entity : undefined);
  if (wanted) {
    const found = byId(wanted.replace(/^id:/, "")) ?? members.find((m) => m.entity.name.toLowerCase() === wanted.toLowerCase())?.entity;
    if (!found) throw new AppError("bad_request", `askTo "${wanted}" is not a member of this space; ask a member, or "anyone".`);
    if (found.id === agentEntityId) throw new AppError("bad_request", 'You cannot ask yourself; ask a member of the space, or "anyone".');
    return found;
  }
  const starter = run.triggerType === "space_message" ? (run.triggerEntityId ?? run.requesterId) : run.requesterId;
  // Asked where they cannot read it, the starter could never answer: a question posted in a
  // space they are not in (the agent went elsewhere to ask) is for anyone there, as it says.
  const found = byId(starter);
  return found && found.id !== agentEntityId ? found : null;
}
