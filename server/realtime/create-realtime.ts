// The realtime server: Socket.IO on the given HTTP server, authenticated from the
// next-auth session cookie (or an API token), with optional Redis fan-out. A factory so
// tests and benchmarks can boot it alone on port 0, without Next.
import type { Server as HttpServer } from "node:http";
import { Server } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { createClient } from "redis";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { PROTOCOL_VERSION, rooms } from "@/lib/realtime/events";
import type { Db } from "../db/client";
import { authenticate } from "../auth/authenticate";
import { connectLookups } from "../domain/users/connect-lookups";
import { isAllowedOrigin } from "../auth/origins";
import { log } from "../log";
import { createSocketSink, type ParleyServer } from "./socket-sink";
import { registerHandlers } from "./register-handlers";
import { type ParleySocket, TypingTracker } from "./typing-tracker";
import { Presence } from "./presence/presence";
import { MemoryPresenceStore, type PresenceStore } from "./presence/presence-store";
import { RedisPresenceStore } from "./presence/redis-presence-store";
import { ReadRelay } from "./read-relay";
import type { EventSink } from "../domain/deps";
import type { DomainBus } from "../domain/bus";
import { createRateLimits, type RateLimits } from "../limits/rate-limits";
import { OncePerWindow } from "../limits/once-per-window";

export interface Realtime {
  io: ParleyServer;
  events: EventSink;
  /** Rate limits, in Redis when the realtime layer uses Redis, else in memory. */
  limits: RateLimits;
  /** Asks Redis whether it answers (for /api/ready); absent without REDIS_URL. */
  pingRedis?: () => Promise<void>;
  /** Shutdown: new connections are refused; sockets already open are still served. */
  stopAccepting(): void;
  /**
   * Shutdown: closes every client's transport, which socket.io clients read as "transport
   * close" and reconnect (through the load balancer, to another process). Resolves once the
   * events they had sent are answered and their connect and disconnect work (presence,
   * typing) is done: all of it may still publish, so Redis stays open until close().
   */
  closeClients(): Promise<void>;
  /** Closes Socket.IO and its Redis clients; an event published after this is dropped (socket-sink.ts). */
  close(): Promise<void>;
}

export async function createRealtime(
  httpServer: HttpServer,
  /** `limits`: tests may bring their own (e.g. with one limit lifted); else in memory or Redis. */
  /** `redisPrefix` namespaces the adapter's channels, presence keys and rate-limit keys (default "parley"). */
  opts: { db: Db; secret: string; redisUrl?: string; redisPrefix?: string; bus?: DomainBus; limits?: RateLimits },
): Promise<Realtime> {
  const refusedOrigins = new OncePerWindow(60_000);
  let accepting = true;
  let closed = false;
  // Connection setups, events in flight and disconnect work: closeClients() waits for them.
  const settling = new Set<Promise<unknown>>();
  const track = (work: () => Promise<unknown>): void => {
    const p: Promise<unknown> = work()
      .catch((err) => log.error({ err }, "socket work failed"))
      .finally(() => settling.delete(p));
    settling.add(p);
  };
  const io: ParleyServer = new Server(httpServer, {
    // Next's dev HMR websocket shares the port; engine.io must not destroy upgrades it does not own.
    destroyUpgrade: false,
    maxHttpBufferSize: MAX_BODY_BYTES,
    // Keep missed-packet recovery to our own seq replay; it is exact and survives restarts.
    connectionStateRecovery: undefined,
    // A page on another site could open a socket with the visitor's cookie. Browsers always
    // send Origin; scripts and bots send none and authenticate with a token, so no Origin passes.
    allowRequest: (req, callback) => {
      if (!accepting) return callback("server shutting down", false);
      const origin = req.headers.origin;
      if (!origin || isAllowedOrigin(origin, req.headers.host)) return callback(null, true);
      if (refusedOrigins.first(origin)) log.warn({ origin, host: req.headers.host }, "socket refused: foreign origin");
      callback("forbidden origin", false);
    },
  });

  const redisClients: { quit(): Promise<unknown> }[] = [];
  let pingRedis: Realtime["pingRedis"];
  let limits = opts.limits ?? createRateLimits();
  let store: PresenceStore = new MemoryPresenceStore();
  if (opts.redisUrl) {
    const prefix = opts.redisPrefix ?? "parley";
    // No offline queue for commands: during an outage they fail at once (rate limits fall back
    // to this process's counts, presence catches up on the next heartbeat) instead of piling up
    // and holding every send until Redis is back. The subscriber keeps its queue to resubscribe.
    // Always reconnect, at most a second apart: node-redis's default gives up for good after a
    // socket timeout and backs off to 2 s, which would leave processes deaf to each other
    // (or for seconds longer than needed) after Redis comes back.
    const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** Math.min(retries, 4), 1000) + Math.floor(Math.random() * 100);
    const pub = createClient({ url: opts.redisUrl, disableOfflineQueue: true, socket: { reconnectStrategy } });
    const sub = pub.duplicate({ disableOfflineQueue: false });
    const outage = new OncePerWindow(60_000);
    for (const [name, client] of [
      ["pub", pub],
      ["sub", sub],
    ] as const) {
      client.on("error", (err) => outage.first(`error:${name}`) && log.warn({ err, client: name }, "redis connection error"));
      client.on("ready", () => outage.first(`ready:${name}`) && log.info({ client: name }, "redis connection ready"));
    }
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(publishSafely(pub, outage), sub, { key: `${prefix}:io` }));
    redisClients.push(pub, sub);
    pingRedis = async () => void (await pub.ping());
    limits = opts.limits ?? createRateLimits({ redis: pub, prefix });
    const redisStore = new RedisPresenceStore(pub, prefix);
    await redisStore.start();
    store = redisStore;
    log.info({ prefix, node: redisStore.nodeId }, "socket.io fan-out and presence through redis");
  }

  const reads = new ReadRelay((room, cursor) => io.to(room).emit("read:updated", cursor));
  const events = createSocketSink(io, { reads, open: () => !closed });
  const presence = new Presence(store, events);
  const typing = new TypingTracker(events);

  const lookups = connectLookups(opts.db);
  // The spaces read with the session at the handshake, for the connection's first joins, and
  // this process's room-change count from just before that read.
  const readAtAuth = new WeakMap<ParleySocket, { spaceIds: string[]; roomChanges: number }>();
  io.use(async (socket, next) => {
    try {
      const h = socket.handshake;
      const token = typeof h.auth?.token === "string" ? h.auth.token : undefined;
      const roomChanges = events.roomChanges();
      const user = await authenticate(
        opts.db,
        opts.secret,
        { cookie: h.headers.cookie, authorization: token ? `Bearer ${token}` : h.headers.authorization },
        lookups.userForSession,
      );
      if (!user) {
        log.info({ ip: h.address }, "socket refused: not signed in");
        return next(new Error("unauthorized"));
      }
      socket.data = {
        userId: user.userId,
        entityId: user.entityId,
        name: user.name,
        isAdmin: user.isAdmin,
        tokenId: user.tokenId,
        sid: user.sid,
      };
      if (user.spaceIds) readAtAuth.set(socket, { spaceIds: user.spaceIds, roomChanges });
      next();
    } catch (e) {
      log.error({ err: e }, "socket auth failed");
      next(new Error("unauthorized"));
    }
  });

  const onConnection = async (socket: ParleySocket) => {
    const { entityId } = socket.data;
    // Handlers first, so events sent right after connect are not dropped while we query.
    const queue = registerHandlers(socket, { db: opts.db, events, bus: opts.bus, limits }, typing);
    socket.on("disconnect", () => {
      track(() => queue.idle());
      typing.stopAll(socket);
      presence.closed(socket.id, entityId);
    });
    try {
      const { tokenId, sid } = socket.data;
      // Revoking the token or ending the session disconnects this room (EventSink.disconnect).
      if (tokenId) await socket.join(rooms.token(tokenId));
      if (sid) await socket.join(rooms.session(sid));
      // The entity room first: from here on a removal finds this socket (EventSink.leaveSpace).
      await socket.join(rooms.entity(entityId));
      // Read before the joins (at the handshake, or here for a token); the check below reads again.
      const atAuth = readAtAuth.get(socket);
      const spaceRooms = (atAuth?.spaceIds ?? (await lookups.memberships(entityId))).map(rooms.space);
      await socket.join([rooms.workspace, ...(socket.data.isAdmin ? [rooms.admins] : []), ...spaceRooms]);
      // Now that every room is joined, a revocation or a membership change finds this socket;
      // one that ran before (between the handshake, the read and the joins) found nothing:
      // check once more.
      // Without Redis every room change is made by this process, through `events`: when it made
      // none since just before the handshake's read, that read still holds (a sign-out or a
      // membership change commits, then changes rooms) and the second read is skipped.
      const readHolds = !opts.redisUrl && atAuth !== undefined && events.roomChanges() === atAuth.roomChanges;
      const still = readHolds ? atAuth.spaceIds : await lookups.liveMemberships(socket.data);
      if (!still) {
        log.info({ entityId }, "socket closed: credential revoked while connecting");
        socket.disconnect(true);
        return;
      }
      // Removed or added meanwhile: a removal's leave or an addition's join found no room yet.
      const stillRooms = new Set(still.map(rooms.space));
      for (const room of spaceRooms) if (!stillRooms.has(room)) await socket.leave(room);
      const joined = new Set(spaceRooms);
      const added = [...stillRooms].filter((room) => !joined.has(room));
      if (added.length) await socket.join(added);
      // Counted once set up: a socket closed before this point never counted.
      if (socket.disconnected) return;
      await presence.opened(socket.id, entityId);
      socket.emit("session:ready", { protocol: PROTOCOL_VERSION, entityId, online: await presence.online(entityId) });
    } catch (e) {
      log.error({ err: e, entityId }, "socket setup failed");
      socket.disconnect(true);
    }
  };
  io.on("connection", (socket) => track(() => onConnection(socket)));

  const closeClients = async () => {
    accepting = false;
    // The engine's close, not disconnectSockets(true): a server-side disconnect reads as
    // "io server disconnect" on the client, after which socket.io does not reconnect.
    io.engine.close();
    while (settling.size) await Promise.allSettled([...settling]);
  };

  return {
    io,
    events,
    limits,
    pingRedis,
    stopAccepting: () => {
      accepting = false;
    },
    closeClients,
    close: async () => {
      await closeClients(); // a no-op after a shutdown's own call: their disconnect work may publish
      // The sockets are closed: settle their presence and send the last receipts and presence
      // batch (other processes' clients need them) while the sink and Redis are still open.
      reads.flush();
      await presence.close();
      closed = true;
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((c) => c.quit().catch(() => {})));
    },
  };
}

/**
 * The adapter publishes without awaiting: during an outage each broadcast would be an
 * unhandled rejection. Local sockets still get every emit; other processes' clients fill the
 * gap by seq replay. Every other call passes through to the client unchanged.
 */
function publishSafely<C extends { publish(channel: string, message: string): Promise<unknown> }>(client: C, outage: OncePerWindow): C {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "publish")
        return (channel: string, message: string) =>
          target.publish(channel, message).catch((err) => {
            if (outage.first("publish")) log.warn({ err }, "redis publish failed: other processes miss this broadcast until replay");
          });
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
