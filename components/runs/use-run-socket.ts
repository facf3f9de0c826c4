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
  onReconnect?(): void;
}) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const socket = connectSocket();
    let connectedBefore = false;
    socket.on("connect", () => {
      // Events were missed while offline: let the page re-fetch.
      if (connectedBefore) ref.current.onReconnect?.();
      connectedBefore = true;
    });
    socket.on("run:updated", ({ run }) => ref.current.onRun?.(run));
    socket.on("run:event", ({ event }) => ref.current.onEvent?.(event));
    socket.on("chain:decided", (p) => ref.current.onDecided?.(p));
    return () => {
      socket.disconnect();
    };
  }, []);
}
