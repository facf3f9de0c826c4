// The one place that turns domain events into Socket.IO emits. With the Redis adapter
// installed on `io`, these reach sockets on every server process.
import type { Server } from "socket.io";
import type { EventSink } from "../domain/deps";
import { rooms, type ClientToServerEvents, type ServerToClientEvents } from "@/lib/realtime/events";

export type ParleyServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface SocketData {
  userId: string;
  entityId: string;
  name: string;
  isAdmin: boolean;
  /** The API token the socket was opened with, or the signed-in session's id: what revocation ends. */
  tokenId?: string;
  sid?: string;
}

export function createSocketSink(io: ParleyServer): EventSink {
  return {
    publish: (room, event, payload) => {
      // The contract types the pair; the emit overloads cannot see through the generic.
      (io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    joinSpace: (entityId, spaceId) => io.in(rooms.entity(entityId)).socketsJoin(rooms.space(spaceId)),
    leaveSpace: (entityId, spaceId) => io.in(rooms.entity(entityId)).socketsLeave(rooms.space(spaceId)),
    // `true` closes the transport too: a revoked credential gets no lingering half-open socket.
    disconnect: (room) => io.in(room).disconnectSockets(true),
  };
}
