// "Adding someone to a channel notifies them": each newly added person hears who added
// them to which channel (their client shows it; space:updated brings the space itself).
import { rooms } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { entitySelect, toEntityDto } from "../dto";

export async function announceAdded(
  { db, events }: Pick<Deps, "db" | "events">,
  actor: Actor,
  input: { space: { id: string; name: string }; addedIds: string[] },
): Promise<void> {
  const { space, addedIds } = input;
  const others = addedIds.filter((id) => id !== actor.entityId);
  if (others.length === 0) return;
  const [by, humans] = await Promise.all([
    db.entity.findUnique({ where: { id: actor.entityId }, select: entitySelect }),
    // Agents have no client to tell; their runs see the space in YOUR SPACES.
    db.entity.findMany({ where: { id: { in: others }, type: "human" }, select: { id: true } }),
  ]);
  if (!by) return;
  for (const { id } of humans) {
    events.publish(rooms.entity(id), "space:added", { spaceId: space.id, spaceName: space.name, by: toEntityDto(by) });
  }
}
