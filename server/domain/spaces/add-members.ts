// Adding people and agents to a channel. Any member may add (as in Slack), and only a member:
// an agent added reads the channel for whoever asks it. A direct space keeps its two. The
// channel gets a line saying who added whom (membership-line.ts).
import type { SpaceDto } from "@/lib/realtime/dto";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { announceAdded } from "./announce-added";
import { startAgentCursors } from "./start-agent-cursors";
import { getSpace } from "./get-space";
import { publishMembersAdded } from "./publish-membership";
import { postMembershipLine } from "./membership-line";
import { requireMembership } from "./require-membership";

export async function addMembers({ db, events }: Deps, actor: Actor, input: { spaceId: string; entityIds: string[] }): Promise<SpaceDto> {
  const { spaceId } = input;
  const me = await requireMembership(db, spaceId, actor.entityId);
  if (me.space.kind === "direct") throw new AppError("bad_request", "A direct message keeps its members: start a new one with everyone");
  const ids = [...new Set(input.entityIds)];
  const [found, already] = await Promise.all([
    db.entity.count({ where: { id: { in: ids } } }),
    db.membership.findMany({ where: { spaceId, entityId: { in: ids } }, select: { entityId: true } }),
  ]);
  if (found !== ids.length) throw new AppError("bad_request", "Some members do not exist");
  await db.membership.createMany({ data: ids.map((entityId) => ({ spaceId, entityId })), skipDuplicates: true });
  const members = new Set(already.map((m) => m.entityId));
  const addedIds = ids.filter((id) => !members.has(id));
  await startAgentCursors(db, spaceId, addedIds);
  publishMembersAdded(events, spaceId, ids);
  await postMembershipLine({ db, events }, actor, spaceId, { kind: "added", entityIds: addedIds });
  await announceAdded({ db, events }, actor, { space: me.space, addedIds });
  return getSpace({ db }, actor, { spaceId });
}
