// The one place that turns domain events into Socket.IO emits. With the Redis adapter
// installed on `io`, these reach sockets on every server process.
import type { Server } from "socket.io";
import type { EventSink } from "../domain/deps";
import { rooms, type ClientToServerEvents, type ServerToClientEvents } from "@/lib/realtime/events";
import type { ReadCursorDto } from "@/lib/realtime/dto";
import type { ReadRelay } from "./read-relay";
import { log } from "../log";

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

/**
 * `reads`: read receipts go through it (throttled per reader); without it, each goes out at once.
 * `open` turns false when the server closes: with the Redis adapter an emit then would go to
 * a closed Redis client and reject where no one catches it. A shutdown finishes its writes
 * before closing (server/shutdown), so anything published later is logged and dropped; its
 * message is stored, and clients replay it by seq when they reconnect.
 */
export interface SocketSink extends EventSink {
  /**
   * How many room changes (joins, leaves, disconnects) this process has made. Socket setup
   * compares it before its first read and after its joins: unchanged, no change made in
   * between could have missed the socket.
   */
  roomChanges(): number;
}

export function createSocketSink(io: ParleyServer, opts: { reads?: ReadRelay; open?: () => boolean } = {}): SocketSink {
  const { reads, open = () => true } = opts;
  let changes = 0;
  const change = () => {
    changes++;
    return false;
  };
  const closed = (what: string) => {
    if (open()) return false;
    log.warn({ what }, "realtime event dropped: the server is closed");
    return true;
  };
  return {
    publish: (room, event, payload) => {
      if (closed(event)) return;
      if (event === "read:updated" && reads) return reads.relay(room, payload as ReadCursorDto);
      // The contract types the pair; the emit overloads cannot see through the generic.
      (io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    joinSpace: (entityId, spaceId) => void (closed("joinSpace") || change() || io.in(rooms.entity(entityId)).socketsJoin(rooms.space(spaceId))),
    leaveSpace: (entityId, spaceId) => void (closed("leaveSpace") || change() || io.in(rooms.entity(entityId)).socketsLeave(rooms.space(spaceId))),
    // `true` closes the transport too: a revoked credential gets no lingering half-open socket.
    disconnect: (room) => void (closed("disconnect") || change() || io.in(room).disconnectSockets(true)),
    roomChanges: () => changes,
  };
}
