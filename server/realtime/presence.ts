// Who is online, computed from the sockets in each entity's room. fetchSockets() asks
// every node when the Redis adapter is installed, so presence is right across processes.
import { rooms } from "@/lib/realtime/events";
import type { ParleyServer } from "./socket-sink";

export async function onlineEntityIds(io: ParleyServer): Promise<string[]> {
  const sockets = await io.in(rooms.workspace).fetchSockets();
  return [...new Set(sockets.map((s) => s.data.entityId))];
}

export async function isOnline(io: ParleyServer, entityId: string): Promise<boolean> {
  return (await io.in(rooms.entity(entityId)).fetchSockets()).length > 0;
}
