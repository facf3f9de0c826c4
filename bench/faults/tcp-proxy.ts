// A TCP proxy between Parley and a service (PostgreSQL, Redis), so a scenario can take the
// service away without touching the machine's own: `cut()` drops every open connection and
// stops listening (new connections are refused, as from a stopped server); `restore()`
// listens again on the same port.
import { createServer, connect, type Server, type Socket } from "node:net";

export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** Connections accepted so far, for the report. */
  accepted = 0;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const probe = await listen(0);
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const proxy = new TcpProxy(port, target);
    await proxy.restore();
    return proxy;
  }

  get up(): boolean {
    return this.server !== undefined;
  }

  async restore(): Promise<void> {
    if (this.server) return;
    this.server = await listen(this.port, (client) => this.pipe(client));
  }

  async cut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  private pipe(client: Socket) {
    this.accepted++;
    const upstream = connect(this.target.port, this.target.host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.setNoDelay(true);
      s.on("error", () => {});
      s.on("close", () => {
        this.sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

function listen(port: number, onConnection?: (s: Socket) => void): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(onConnection);
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}
