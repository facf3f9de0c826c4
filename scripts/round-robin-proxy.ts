// A small local load balancer for `npm run cluster`: one port, HTTP and WebSocket upgrades
// handed to the live Parley processes in turn. No sticky sessions: the browser's Socket.IO
// client opens a WebSocket straight away (lib/client/socket.ts), and a WebSocket stays on
// the process it was opened to. For production, put nginx or Caddy here (README).
import { createServer } from "node:http";
import { createProxyServer } from "http-proxy-3";

export interface RoundRobinProxy {
  close(): Promise<void>;
}

/** `targets()` lists the base URLs to use now (processes that are up); asked per request. */
export async function startRoundRobinProxy(opts: { port: number; host: string; targets: () => string[] }): Promise<RoundRobinProxy> {
  // xfwd: the processes see the client's address in X-Forwarded-For (they run with TRUST_PROXY).
  const proxy = createProxyServer({ ws: true, xfwd: true });
  let turn = 0;
  const next = (): string | undefined => {
    const live = opts.targets();
    if (!live.length) return undefined;
    turn = (turn + 1) % live.length;
    return live[turn];
  };
  // A process that died mid-request: the client gets a 502 (or its socket closes) and reconnects to another.
  proxy.on("error", (err, _req, res) => {
    if ("writeHead" in res) {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`bad gateway: ${err.message}\n`);
    } else res.destroy();
  });
  const server = createServer((req, res) => {
    const target = next();
    if (!target) {
      res.writeHead(503, { "content-type": "text/plain", "retry-after": "2" });
      res.end("no Parley process is up\n");
      return;
    }
    proxy.web(req, res, { target });
  });
  server.on("upgrade", (req, socket, head) => {
    const target = next();
    if (!target) return socket.destroy();
    proxy.ws(req, socket, head, { target });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        proxy.close();
      }),
  };
}
