// In-process domain events. The messaging domain announces what it stored; the agent
// gateway listens. Keeps send-message free of any knowledge of agents, and lets the
// realtime layer, HTTP routes and tools share one trigger path.
import { EventEmitter } from "node:events";
import type { MessageDto } from "@/lib/realtime/dto";

export interface DomainEvents {
  "message:created": MessageDto;
  /** A message's text changed: its new state and the text before. */
  "message:edited": { message: MessageDto; before: string };
  /** A message was deleted (its text is gone): its new state and who deleted it. */
  "message:deleted": { message: MessageDto; byEntityId: string };
  /**
   * A member steered a run from the chat (server/domain/steering): the gateway cancels it (and
   * aborts its model call where it executes), or looks at once for the run just queued.
   */
  "run:steer": { op: "cancel"; runId: string; reason: string } | { op: "queued"; runId: string };
}

export class DomainBus {
  private readonly emitter = new EventEmitter().setMaxListeners(50);

  on<E extends keyof DomainEvents>(event: E, fn: (payload: DomainEvents[E]) => void): () => void {
    this.emitter.on(event, fn);
    return () => this.emitter.off(event, fn);
  }

  emit<E extends keyof DomainEvents>(event: E, payload: DomainEvents[E]): void {
    this.emitter.emit(event, payload);
  }
}
