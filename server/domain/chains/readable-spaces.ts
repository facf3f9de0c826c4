// Which spaces a viewer can read (a member, space not archived), asked space by space and
// remembered for one request: a chain usually touches one or two spaces.
import type { Db } from "../../db/client";

export function readableSpaces(db: Db, entityId: string) {
  const known = new Map<string, Promise<boolean>>();
  return {
    has(spaceId: string): Promise<boolean> {
      let answer = known.get(spaceId);
      if (!answer) {
        answer = db.membership
          .findUnique({ where: { spaceId_entityId: { spaceId, entityId } }, select: { space: { select: { archivedAt: true } } } })
          .then((m) => m !== null && m.space.archivedAt === null);
        known.set(spaceId, answer);
      }
      return answer;
    },
  };
}
