// A person joins a public channel from the channel browser; from then on they are an ordinary
// member. A private channel, an archived one, a direct space or an id that names nothing all
// answer the same not_found, so a guessed id never tells that a private channel exists.
// Agents are added by members (add-members.ts), never join by themselves.
import type { SpaceDto } from "@/lib/realtime/dto";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { getSpace } from "./get-space";
import { postMembershipLine } from "./membership-line";
import { publishMembersAdded } from "./publish-membership";

export async function joinPublicChannel({ db, events }: Deps, actor: Actor, input: { spaceId: string }): Promise<SpaceDto> {
  const { spaceId } = input;
  if (!actor.userId) throw new AppError("forbidden", "Only people join channels by themselves");
  const space = await db.space.findFirst({ where: { id: spaceId, kind: "channel", visibility: "public", archivedAt: null }, select: { id: true } });
  if (!space) throw new AppError("not_found", "Space not found or you are not a member");
  const { count } = await db.membership.createMany({ data: [{ spaceId, entityId: actor.entityId }], skipDuplicates: true });
  // Joining twice (two tabs, a retry) is one join: one line, one announcement.
  if (count > 0) {
    publishMembersAdded(events, spaceId, [actor.entityId]);
    await postMembershipLine({ db, events }, actor, spaceId, { kind: "joined" });
  }
  return getSpace({ db }, actor, { spaceId });
}
