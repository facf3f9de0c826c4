// What every domain function is given: the database and a sink for realtime events.
// The sink is an interface so the domain never imports Socket.IO; in production it is
// the Socket.IO publisher (server/realtime/socket-sink.ts), in tests it can record events.
import type { Db } from "../db/client";
import type { ServerEventName, ServerEventPayload } from "@/lib/realtime/events";
import type { DomainBus } from "./bus";
import type { RateLimits } from "../limits/rate-limits";

export interface EventSink {
  publish<E extends ServerEventName>(room: string, event: E, payload: ServerEventPayload<E>): void;
  /** Connected sockets of `entityId` start / stop receiving the space's events. */
  joinSpace(entityId: string, spaceId: string): void;
  leaveSpace(entityId: string, spaceId: string): void;
  /** Closes every socket in `room` (a revoked token's or ended session's, see rooms.token / rooms.session). */
  disconnect(room: string): void;
}

export interface Deps {
  db: Db;
  events: EventSink;
  /** Domain events for in-process listeners (the agent gateway). Absent in seeding and some tests. */
  bus?: DomainBus;
  /** Rate limits shared by every transport (server/limits). Absent in seeding and scripts. */
  limits?: RateLimits;
}

/** Who is acting: a human (with userId) or an agent. */
export interface Actor {
  entityId: string;
  userId?: string;
  isAdmin?: boolean;
}

export const nullSink: EventSink = { publish: () => {}, joinSpace: () => {}, leaveSpace: () => {}, disconnect: () => {} };
