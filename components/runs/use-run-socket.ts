// Live run updates for admin pages: the server puts admins' sockets in the "admins" room,
// which receives run:updated and run:event for every run.
"use client";
import { useEffect, useRef } from "react";
import { connectSocket } from "@/lib/client/socket";
import type { RunDto } from "@/lib/realtime/dto";
import type { RunEventDto } from "@/lib/runs/run-events";

export function useRunSocket(handlers: {
  onRun?(run: RunDto): void;
  onEvent?(event: RunEventDto): void;
  onDecided?(p: { spaceId: string; messageId: string }): void;
  /**
   * The socket is in the admins' room (again). Called on every session:ready, the first one
   * included: the page's first fetch runs beside the socket's setup, so a run that changed
   * between that fetch and the room join was pushed to nobody, and the page re-fetches.
   */
  onLive?(): void;
}) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const socket = connectSocket();
    socket.on("session:ready", () => ref.current.onLive?.());
    socket.on("run:updated", ({ run }) => ref.current.onRun?.(run));
    socket.on("run:event", ({ event }) => ref.current.onEvent?.(event));
    socket.on("chain:decided", (p) => ref.current.onDecided?.(p));
    return () => {
      socket.disconnect();
    };
  }, []);
}
