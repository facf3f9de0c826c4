// Boots the realtime server on a random port against a private database, with helpers
// to make users and connect real Socket.IO clients as them. Integration tests only.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "@/lib/realtime/events";
import { createRealtime, type Realtime } from "../realtime/create-realtime";
import { createUser } from "../domain/users/create-user";
import { mintSessionCookie } from "../auth/session-cookie";
import type { Deps } from "../domain/deps";
import { openTestDatabase } from "./test-database";
import { DomainBus } from "../domain/bus";
import { createGateway, type Gateway, type GatewayOptions } from "../agents/gateway";
import { createRateLimits } from "../limits/rate-limits";
import { withoutLimits } from "../limits/without-limits";
import type { RateLimitName } from "@/lib/limits";
import { watchProcess } from "../metrics/watch-process";

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";
/** The Redis that cross-process tests use (the machine's; .ci/run starts it). Each test uses a prefix of its own. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

export interface TestServer {
  deps: Deps;
  database: TestDatabase;
  url: string;
  http: Server;
  realtime: Realtime;
  gateway: Gateway;
  user(name: string, opts?: { isAdmin?: boolean }): Promise<TestUser>;
  close(): Promise<void>;
}

export interface TestUser {
  userId: string;
  entityId: string;
  name: string;
  cookie: string;
  actor: { entityId: string; userId: string; isAdmin: boolean };
  connect(): Promise<ClientSocket>;
}

/**
 * The gateway runs with manual ticks (tickMs 0) unless the test asks otherwise. Rate limits
 * are the product's; `unlimited` lifts some for tests that are about something else (e.g.
 * posting a long history quickly). `database`: another server's, as a second process on the
 * same database (this server does not close it).
 */
export async function startTestServer(
  opts: {
    gateway?: GatewayOptions;
    unlimited?: RateLimitName[];
    /** Another server's database, shared (two servers on one database act as two processes); its opener closes it. */
    database?: TestDatabase;
    /** Two servers given one Redis (and one prefix) and one database act as two processes of one workspace. */
    redis?: { url: string; prefix: string };
  } = {},
): Promise<TestServer> {
  const database = opts.database ?? (await openTestDatabase());
  const http = createServer();
  const bus = new DomainBus();
  const limits = opts.redis ? undefined : withoutLimits(createRateLimits(), opts.unlimited ?? []);
  const realtime = await createRealtime(http, {
    db: database.db,
    secret: TEST_SECRET,
    bus,
    limits,
    redisUrl: opts.redis?.url,
    redisPrefix: opts.redis?.prefix,
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const deps: Deps = { db: database.db, events: realtime.events, bus, limits: realtime.limits };
  const gateway = createGateway(deps, { tickMs: 0, ...opts.gateway });
  await gateway.start();
  const unwatch = watchProcess({ io: realtime.io, db: database.db, bus });
  const sockets: ClientSocket[] = [];
  let n = 0;

  return {
    deps,
    database,
    url,
    http,
    realtime,
    gateway,
    async user(name, opts) {
      const user = await createUser(database, {
        email: `${name.toLowerCase()}-${++n}@test.dev`,
        name,
        password: "password123",
        isAdmin: opts?.isAdmin ?? false,
      });
      const cookie = await mintSessionCookie(database.db, user.id, TEST_SECRET);
      return {
        userId: user.id,
        entityId: user.entityId,
        name,
        cookie,
        actor: { entityId: user.entityId, userId: user.id, isAdmin: user.isAdmin },
        connect: async () => {
          const socket: ClientSocket = connect(url, { extraHeaders: { cookie }, transports: ["websocket"], forceNew: true });
          sockets.push(socket);
          await waitFor(socket, "session:ready");
          return socket;
        },
      };
    },
    async close() {
      for (const s of sockets) s.disconnect();
      unwatch();
      await gateway.stop();
      await realtime.close();
      if (!opts.database) await database.close();
    },
  };
}

/** Resolves with the next payload of `event`. */
export function waitFor<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), timeoutMs);
    const on = socket.on.bind(socket) as unknown as (e: string, cb: (p: never) => void) => void;
    const off = socket.off.bind(socket) as unknown as (e: string, cb: (p: never) => void) => void;
    const handler = (p: never) => {
      clearTimeout(timer);
      off(event, handler);
      resolve(p);
    };
    on(event, handler);
  });
}

type AckOf<E extends keyof ClientToServerEvents> = Parameters<NonNullable<Parameters<ClientToServerEvents[E]>[1]>>[0];

/** Emits with an ack and resolves with the ack. Payloads are `unknown` so tests can send garbage. */
export function call<E extends keyof ClientToServerEvents>(socket: ClientSocket, event: E, payload: unknown): Promise<AckOf<E>> {
  return new Promise((resolve) => {
    (socket.emit as unknown as (e: string, p: unknown, cb: (a: unknown) => void) => void)(event, payload, (a) => resolve(a as never));
  });
}

/** Opens a socket that may be refused and closes it: resolves with "connected" or the connect_error message. */
export function connectOutcome(url: string, opts: Parameters<typeof connect>[1] = {}): Promise<string> {
  return new Promise<string>((resolve) => {
    const s = connect(url, { transports: ["websocket"], forceNew: true, reconnection: false, ...opts });
    s.on("connect_error", (e) => {
      s.close();
      resolve(e.message);
    });
    s.on("connect", () => {
      s.close();
      resolve("connected");
    });
  });
}
