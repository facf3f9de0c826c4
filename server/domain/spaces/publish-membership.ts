// What everyone hears when a space's members change, in one place for every way members are
// added or removed (a member adding people, an admin adding an agent from the admin panel).
import { rooms } from "@/lib/realtime/events";
import type { EventSink } from "../deps";

/** The added members' sockets join the room and learn of the space; the space's members see it change. */
export function publishMembersAdded(events: EventSink, spaceId: string, entityIds: string[]): void {
  for (const id of entityIds) {
    events.joinSpace(id, spaceId);
    events.publish(rooms.entity(id), "space:updated", { spaceId });
  }
  events.publish(rooms.space(spaceId), "space:updated", { spaceId });
}

/** The removed member's sockets leave the room and lose the space; the rest see it change. */
export function publishMemberRemoved(events: EventSink, spaceId: string, entityId: string): void {
  events.leaveSpace(entityId, spaceId);
  events.publish(rooms.entity(entityId), "space:removed", { spaceId });
  events.publish(rooms.space(spaceId), "space:updated", { spaceId });
}
