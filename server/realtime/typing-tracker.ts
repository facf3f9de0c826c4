// "X is typing": started by the client (throttled there), expired here after TYPING_TTL_MS
// without a refresh, and cleared when the message is sent or the last socket typing there
// disconnects. State is per (entity, space), so two tabs of one person are one indicator.
// Relays are throttled too, whatever a client sends: at most one `typing:updated` per
// TYPING_RELAY_MS per (entity, space). Events in between only refresh the expiry; a change
// that came in meanwhile (started → stopped) goes out when the window ends.
import type { Socket } from "socket.io";
import { TYPING_RELAY_MS, TYPING_TTL_MS } from "@/lib/limits";
import type { EntityDto } from "@/lib/realtime/dto";
import { rooms, type ClientToServerEvents, type ServerToClientEvents } from "@/lib/realtime/events";
import type { EventSink } from "../domain/deps";
import type { SocketData } from "./socket-sink";

export type ParleySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

interface Typist {
  spaceId: string;
  entity: EntityDto;
  /** What the person is doing now, and what the space was last told. */
  typing: boolean;
  relayed: boolean;
  /** Sockets that said "typing" here; when the last one goes, so does the indicator. */
  sockets: Set<string>;
  /** Expiry of `typing` without a refresh. */
  expires?: NodeJS.Timeout;
  /** Set while the relay window is closed; on open it sends what changed meanwhile. */
  window?: NodeJS.Timeout;
}

export class TypingTracker {
  private typists = new Map<string, Typist>();

  constructor(private events: EventSink) {}

  start(socket: ParleySocket, spaceId: string): void {
    const { entityId, name } = socket.data;
    const key = `${entityId}:${spaceId}`;
    let t = this.typists.get(key);
    if (!t) {
      t = { spaceId, entity: { id: entityId, name, type: "human", avatarColor: null }, typing: false, relayed: false, sockets: new Set() };
      this.typists.set(key, t);
    }
    t.sockets.add(socket.id);
    t.typing = true;
    clearTimeout(t.expires);
    t.expires = setTimeout(() => this.end(key), TYPING_TTL_MS);
    t.expires.unref?.();
    this.relay(key, t);
  }

  /** The person stopped typing in the space (said so, or sent the message), from any tab. */
  stop(socket: ParleySocket, spaceId: string): void {
    this.end(`${socket.data.entityId}:${spaceId}`);
  }

  /** The socket is gone: indicators only it kept alive end; another tab's stay. */
  stopAll(socket: ParleySocket): void {
    for (const [key, t] of this.typists) {
      if (t.sockets.delete(socket.id) && t.sockets.size === 0) this.end(key);
    }
  }

  private end(key: string): void {
    const t = this.typists.get(key);
    if (!t) return;
    clearTimeout(t.expires);
    t.expires = undefined;
    t.sockets.clear();
    t.typing = false;
    this.relay(key, t);
  }

  private relay(key: string, t: Typist): void {
    if (t.window) return; // the window's end sends the latest state
    if (t.typing === t.relayed) {
      if (!t.typing) this.typists.delete(key); // idle and nothing owed: forget it
      return;
    }
    t.relayed = t.typing;
    this.events.publish(rooms.space(t.spaceId), "typing:updated", { spaceId: t.spaceId, typing: t.typing, entity: t.entity });
    t.window = setTimeout(() => {
      t.window = undefined;
      this.relay(key, t);
    }, TYPING_RELAY_MS);
    t.window.unref?.();
  }
}
