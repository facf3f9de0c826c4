// How a space is named to a person: a channel by its name, a direct space by its other
// members' names (its stored name is only a key, "dm-<id>:<id>", and must never reach a screen).
import type { Deps } from "../deps";

export interface SpaceLabel {
  id: string;
  kind: "channel" | "direct";
  /** The channel's name, or the other members' names ("Ada, Planner"). */
  name: string;
}

/** Labels for `spaceIds` as `viewerEntityId` sees them: one read for the spaces, one for the members of direct ones. */
export async function spaceLabels(db: Deps["db"], spaceIds: string[], viewerEntityId: string): Promise<Map<string, SpaceLabel>> {
  const ids = [...new Set(spaceIds)];
  if (!ids.length) return new Map();
  const spaces = await db.space.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, kind: true } });
  const directIds = spaces.filter((s) => s.kind !== "channel").map((s) => s.id);
  const members = directIds.length
    ? await db.membership.findMany({
        where: { spaceId: { in: directIds } },
        select: { spaceId: true, entityId: true, entity: { select: { name: true } } },
        orderBy: { joinedAt: "asc" },
      })
    : [];
  const labels = new Map<string, SpaceLabel>();
  for (const s of spaces) {
    if (s.kind === "channel") {
      labels.set(s.id, { id: s.id, kind: "channel", name: s.name });
      continue;
    }
    const mine = members.filter((m) => m.spaceId === s.id);
    const others = mine.filter((m) => m.entityId !== viewerEntityId);
    const names = (others.length ? others : mine).map((m) => m.entity.name);
    labels.set(s.id, { id: s.id, kind: "direct", name: names.join(", ") || "direct message" });
  }
  return labels;
}
