// What the process's main thread and its gateway thread say to each other (start-gateway-thread.ts,
// gateway-thread.ts). Everything here crosses a MessagePort, so it is plain data: structured
// clone copies it, and nothing with a function or a class instance may go in.
import type { MessageDto } from "@/lib/realtime/dto";
import type { EventSink } from "../../domain/deps";
import type { MetricUpdate } from "./forward-metrics";
import type { LogContext } from "../../log-context";

/** What the thread is started with (its workerData). */
export interface GatewayThreadConfig {
  /** The tsx-compiled entry the bootstrap imports (gateway-thread.ts). */
  entry: string;
  databaseUrl: string;
  poolSize: number;
  tickMs?: number;
  leaseMs?: number;
  /** Claim past the first run only while the process has room (runs/loop-headroom.ts). */
  headroom: boolean;
  /**
   * A module whose `resolver` export replaces the model resolver: how a bench or a test gives
   * the thread scripted models, which cannot be posted to it. Production leaves it unset.
   */
  modelsModule?: string;
}

/** Requests the main thread waits an answer for, by id. */
export type GatewayCall =
  | { op: "idle" }
  | { op: "tick" }
  | { op: "drain"; ms: number }
  | { op: "stop" }
  | { op: "start"; recover: boolean }
  /** Canceled by the thread, so that its broadcast follows every event the run sent before. */
  | { op: "cancel"; runId: string; reason: string };

export type ToGatewayThread =
  /**
   * A message stored by this process's people, routes or tools: the thread decides who reacts.
   * `log` is the log context it was stored in (its request's id), which a thread cannot inherit.
   */
  { type: "message"; message: MessageDto; log: LogContext } | { type: "kick" } | { type: "stopIntake" } | { type: "call"; id: number; call: GatewayCall };

type SinkCall = { [K in keyof EventSink]: { method: K; args: Parameters<EventSink[K]> } }[keyof EventSink];

export type FromGatewayThread =
  | { type: "ready" }
  /** Realtime events for the main thread's Socket.IO server to send. */
  | { type: "events"; calls: SinkCall[] }
  | { type: "metrics"; updates: MetricUpdate[] }
  /** Sent after the events posted before it, so a caller that has its answer has seen them all. */
  | { type: "reply"; id: number; ok: true; value: unknown }
  | { type: "reply"; id: number; ok: false; error: string };
