// A person joins a public channel from the channel browser; from then on they are an ordinary
// member. A private channel, an archived one, a direct space or an id that names nothing all
// answer the same not_found, so a guessed id never tells that a private channel exists.
// Agents are added by members (add-members.ts), never join by themselves.
import { randomUUID } from "node:crypto";
import type { SpaceDto } from "@/lib/realtime/dto";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { getSpace } from "./get-space";
import { postMembershipLine } from "./membership-line";
import { publishMembersAdded } from "./publish-membership";

export async function joinPublicChannel({ db, events }: Deps, actor: Actor, input: { spaceId: string }): Promise<SpaceDto> {
  const { spaceId } = input;
  if (!actor.userId) throw new AppError("forbidden", "Only people join channels by themselves");
  // The check and the insert are one statement, so a channel made private (or archived) a moment
  // before is not joined on a check that was true earlier.
  const count = await db.$executeRaw`
    INSERT INTO "Membership" (id, "spaceId", "entityId")
    SELECT ${randomUUID()}, s.id, ${actor.entityId} FROM "Space" s
    WHERE s.id = ${spaceId} AND s.kind = 'channel' AND s.visibility = 'public' AND s."archivedAt" IS NULL
    ON CONFLICT ("spaceId", "entityId") DO NOTHING`;
  if (count === 0) {
    // Joining twice (two tabs, a retry) is one join: one line, one announcement. Anything else
    // that stored nothing is a channel the caller may not join, told apart from nothing.
    const member = await db.membership.findFirst({
      where: { spaceId, entityId: actor.entityId, space: { kind: "channel", visibility: "public", archivedAt: null } },
      select: { id: true },
    });
    if (!member) throw new AppError("not_found", "Space not found or you are not a member");
    return getSpace({ db }, actor, { spaceId });
  }
  publishMembersAdded(events, spaceId, [actor.entityId]);
  await postMembershipLine({ db, events }, actor, spaceId, { kind: "joined" });
  return getSpace({ db }, actor, { spaceId });
}
