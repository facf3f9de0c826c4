// Stopping intake, the first step of a shutdown: no new connection, HTTP or Socket.IO, gets in;
// a request already under way is answered, and one that arrives on a connection already
// open is answered with `Connection: close` so its client comes back through a new one.
import { createServer } from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { connectOutcome, startTestServer, type TestServer } from "../../testing/test-server";
import { trackHttpRequests } from "../http-requests";

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

const refusedAt = (port: number) =>
  new Promise<string>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.on("connect", () => {
      s.destroy();
      resolve("connected");
    });
    s.on("error", (e) => resolve((e as NodeJS.ErrnoException).code ?? e.message));
  });

describe("stopping intake", () => {
  it("HTTP: the listener closes, the request in flight is answered, a request behind it gets Connection: close", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = createServer();
    const requests = trackHttpRequests(server);
    server.on("request", (req, res) => {
      if (req.url === "/slow") void gate.then(() => res.end("slow"));
      else res.end("fast");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    cleanup.push(() => {
      requests.closeConnections();
      server.close();
    });
    const { port } = server.address() as AddressInfo;

    const client = net.connect(port, "127.0.0.1");
    await new Promise((r) => client.on("connect", r));
    let received = "";
    client.on("data", (d) => (received += d.toString()));
    const closed = new Promise((r) => client.on("close", r));
    client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => setTimeout(r, 100));

    requests.stopAccepting();
    expect(await refusedAt(port)).toBe("ECONNREFUSED");
    client.write("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n"); // pipelined behind the slow one
    expect(await requests.settle(100)).toBe(false);

    release();
    expect(await requests.settle(2000)).toBe(true);
    await closed; // the server closed the connection after answering
    const [slow, fast] = received.split(/(?=HTTP\/1\.1 )/);
    expect(slow).toMatch(/^HTTP\/1\.1 200[\s\S]*slow$/);
    expect(fast).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\nConnection: close\r\n[\s\S]*fast$/i);
  });

  it("Socket.IO: a new socket is refused while the open ones are still served", async () => {
    const t: TestServer = await startTestServer();
    cleanup.push(() => t.close());
    const ann = await t.user("Ann");
    const open = await ann.connect();
    t.realtime.stopAccepting();
    // Refused at the handshake (engine.io's allowRequest), before anyone is authenticated.
    expect(await connectOutcome(t.url, { extraHeaders: { cookie: ann.cookie } })).toBe("websocket error");
    const ack = await open.timeout(5000).emitWithAck("spaces:list", {});
    expect(ack).toMatchObject({ ok: true });
  });
});
