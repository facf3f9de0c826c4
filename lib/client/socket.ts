// The browser's typed Socket.IO client. The session cookie authenticates it.
import { io, type Socket } from "socket.io-client";
import type { Ack, ClientToServerEvents, ServerToClientEvents } from "../realtime/events";

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectSocket(): ClientSocket {
  // WebSocket first, and (without `tryAllTransports`) only: a WebSocket stays on the process
  // it was opened to, so a round-robin load balancer needs no sticky sessions. Starting with
  // long-polling would send each poll to any process, which only sticky sessions can follow.
  return io({ transports: ["websocket", "polling"], withCredentials: true });
}

type AckData<E extends keyof ClientToServerEvents> = Parameters<NonNullable<Parameters<ClientToServerEvents[E]>[1]>>[0] extends Ack<infer T> ? T : never;

export class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** Seconds until a rate-limited request would be accepted. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** Emit with an ack; resolves with the data or throws RequestError (timeouts included). */
export async function request<E extends keyof ClientToServerEvents>(
  socket: ClientSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
  timeoutMs = 15_000,
): Promise<AckData<E>> {
  let ack: Ack<AckData<E>>;
  try {
    const emit = socket.timeout(timeoutMs).emitWithAck as unknown as (e: string, p: unknown) => Promise<Ack<AckData<E>>>;
    ack = await emit.call(socket.timeout(timeoutMs), event, payload);
  } catch {
    throw new RequestError("timeout", "No answer from the server. Check your connection.");
  }
  if (!ack.ok) throw new RequestError(ack.error.code, ack.error.message, ack.error.retryAfterS);
  return ack.data;
}
