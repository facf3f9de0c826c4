// "X is typing": started by the client (throttled there), expired here after TYPING_TTL_MS
// without a refresh, and cleared when the message is sent or the socket disconnects.
import type { Socket } from "socket.io";
import { TYPING_TTL_MS } from "@/lib/limits";
import { rooms, type ClientToServerEvents, type ServerToClientEvents } from "@/lib/realtime/events";
import type { EventSink } from "../domain/deps";
import type { SocketData } from "./socket-sink";

export type ParleySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export class TypingTracker {
  private timers = new Map<string, NodeJS.Timeout>();

  constructor(private events: EventSink) {}

  start(socket: ParleySocket, spaceId: string): void {
    const key = `${socket.id}:${spaceId}`;
    const had = this.timers.get(key);
    if (had) clearTimeout(had);
    else this.emit(socket, spaceId, true);
    this.timers.set(key, setTimeout(() => this.stop(socket, spaceId), TYPING_TTL_MS));
  }

  stop(socket: ParleySocket, spaceId: string): void {
    const key = `${socket.id}:${spaceId}`;
    const had = this.timers.get(key);
    if (!had) return;
    clearTimeout(had);
    this.timers.delete(key);
    this.emit(socket, spaceId, false);
  }

  stopAll(socket: ParleySocket): void {
    for (const key of [...this.timers.keys()]) {
      if (key.startsWith(`${socket.id}:`)) this.stop(socket, key.slice(socket.id.length + 1));
    }
  }

  private emit(socket: ParleySocket, spaceId: string, typing: boolean) {
    const { entityId, name } = socket.data;
    this.events.publish(rooms.space(spaceId), "typing:updated", {
      spaceId,
      typing,
      entity: { id: entityId, name, type: "human", avatarColor: null },
    });
  }
}
