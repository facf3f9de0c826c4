// The HTTP side of a shutdown. Stopping intake closes the listener (new connections go to
// other processes) and the idle kept-alive connections; a request already arriving on an
// open connection is still answered, with `Connection: close`, so its client comes back
// through a new connection. settle() waits for the requests in flight, whose handlers may
// still write and publish; closeConnections() then cuts whatever is left.
import type { Server, ServerResponse } from "node:http";

export interface HttpRequests {
  stopAccepting(): void;
  /** True when every request in flight was answered within `ms`. */
  settle(ms: number): Promise<boolean>;
  closeConnections(): void;
}

/** Call before the server gets its first request: requests are counted from here on. */
export function trackHttpRequests(server: Server): HttpRequests {
  const open = new Set<ServerResponse>();
  const waiters = new Set<() => void>();
  let accepting = true;
  // First in line, so the flag is set before any handler writes its headers.
  server.prependListener("request", (_req, res) => {
    if (!accepting) res.shouldKeepAlive = false;
    open.add(res);
    res.on("close", () => {
      open.delete(res);
      if (open.size === 0) for (const w of waiters) w();
    });
  });
  return {
    stopAccepting() {
      if (!accepting) return;
      accepting = false;
      if (server.listening) server.close(); // also closes idle kept-alive connections
    },
    async settle(ms) {
      if (open.size === 0) return true;
      let timer: NodeJS.Timeout | undefined;
      let done: (() => void) | undefined;
      const settled = await Promise.race([
        new Promise<boolean>((r) => waiters.add((done = () => r(true)))),
        new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms))),
      ]);
      clearTimeout(timer);
      if (done) waiters.delete(done);
      return settled;
    },
    closeConnections() {
      server.closeAllConnections();
    },
  };
}
