// The two servers the fan-out benchmark compares, behind one small interface:
//   parley — the real realtime server (createRealtime: cookie auth, zod, Prisma write,
//            seq row lock, message:new broadcast, batched presence) over its own database;
//   bare   — a plain Socket.IO server that acks and room-broadcasts the same payload shape,
//            so the ratio shows what Parley's work costs on top of Socket.IO itself.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import type { MessageDto } from "@/lib/realtime/dto";
import { PROTOCOL_VERSION, type ClientToServerEvents, type ServerToClientEvents } from "@/lib/realtime/events";
import { createRealtime } from "@/server/realtime/create-realtime";
import { createRateLimits } from "@/server/limits/rate-limits";
import { withoutLimits } from "@/server/limits/without-limits";
import { openBenchDatabase } from "./bench-database";
import type { Db } from "@/server/db/client";
import { seedSpaceWithPeople } from "./seed-people";

export interface Target {
  name: "parley" | "bare";
  url: string;
  spaceId: string;
  /** Handshake headers for client i: receivers are 0..n-1, the sender is n. */
  headers(i: number): Record<string, string>;
  /**
   * Handshake headers for warm-up client i, who is none of the measured ones: Parley
   * remembers decoded cookies, so warming up with the measured people would time their
   * connect with that work already done.
   */
  warmupHeaders?(i: number): Record<string, string>;
  /** Seconds spent creating the database and seeding it (parley only). */
  setupS: number;
  close(): Promise<void>;
}

async function listen(http: HttpServer): Promise<string> {
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

/** The real realtime server over `db`, on a free port. Senders post as fast as acks come back: the per-user message limit would measure itself. */
export async function serveParley(db: Db, secret: string): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer();
  const limits = withoutLimits(createRateLimits(), ["messagesPerUser"]);
  const realtime = await createRealtime(http, { db, secret, limits });
  const url = await listen(http);
  return { url, close: () => realtime.close() }; // io.close() also closes the HTTP server
}

export async function startParley(receivers: number, warmupPeople = 0): Promise<Target & { dbLabel: string }> {
  const t0 = performance.now();
  const database = await openBenchDatabase();
  const { db } = database;
  const secret = randomBytes(32).toString("hex");
  const names = Array.from({ length: receivers + 1 }, (_, i) => (i === receivers ? "Sender" : `Receiver ${i}`));
  const { spaceId, people } = await seedSpaceWithPeople(db, { tag: "bench", names, secret, spaceName: "fanout" });
  // In a space of their own: they are not in the fan-out.
  const warm = warmupPeople
    ? (await seedSpaceWithPeople(db, { tag: "warm", names: Array.from({ length: warmupPeople }, (_, i) => `Warm ${i}`), secret, spaceName: "warm-up" })).people
    : [];
  const setupS = (performance.now() - t0) / 1000;
  const server = await serveParley(db, secret);
  return {
    name: "parley",
    url: server.url,
    spaceId,
    headers: (i) => ({ cookie: people[i]!.cookie }),
    warmupHeaders: (i) => ({ cookie: warm[i]!.cookie }),
    setupS,
    dbLabel: database.label,
    close: async () => {
      await server.close();
      await database.close();
    },
  };
}

export async function startBare(): Promise<Target> {
  const server = await serveBare();
  return { name: "bare", url: server.url, spaceId: server.spaceId, headers: () => ({}), setupS: 0, close: server.close };
}

/** The bare Socket.IO server on a free port: it acks and room-broadcasts, nothing more. */
export async function serveBare(): Promise<{ url: string; spaceId: string; close(): Promise<void> }> {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http);
  // Ids as long as Parley's (a cuid space, a seeded entity id, a uuid per message), so that
  // both servers send and both sets of clients parse the same number of bytes per message.
  const spaceId = `c${randomBytes(12).toString("hex").slice(0, 24)}`;
  const room = `space:${spaceId}`;
  const sender = { id: "bench-e-1000", name: "Sender", type: "human" as const, avatarColor: "#4f46e5" };
  let seq = 0;
  io.on("connection", (socket) => {
    socket.on("message:send", (p, ack) => {
      seq++;
      const message: MessageDto = {
        id: randomUUID(),
        seq,
        spaceId: p.spaceId,
        sender,
        text: p.text,
        replyToMessageId: null,
        replyTo: null,
        clientMessageId: p.clientMessageId ?? null,
        runId: null,
        origin: null,
        chainDepth: 0,
        chainStopLimit: null,
        createdAt: new Date().toISOString(),
        editedAt: null,
        deletedAt: null,
        threadRootId: null,
        thread: null,
        reactions: [],
      };
      io.to(room).emit("message:new", { message });
      ack({ ok: true, data: { message } });
    });
    // Same readiness signal as Parley, sent once the socket is in the room.
    void socket.join(room);
    socket.emit("session:ready", { protocol: PROTOCOL_VERSION, entityId: socket.id, online: [] });
  });
  const url = await listen(http);
  return { url, spaceId, close: () => new Promise<void>((resolve) => io.close(() => resolve())) };
}
