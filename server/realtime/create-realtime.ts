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
import { authenticate, stillAuthenticated } from "../auth/authenticate";
import { isAllowedOrigin } from "../auth/origins";
import { log } from "../log";
import { createSocketSink, type ParleyServer } from "./socket-sink";
import { registerHandlers } from "./register-handlers";
import { TypingTracker } from "./typing-tracker";
import { isOnline, onlineEntityIds } from "./presence";
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
  close(): Promise<void>;
}

export async function createRealtime(
  httpServer: HttpServer,
  /** `limits`: tests may bring their own (e.g. with one limit lifted); else in memory or Redis. */
  opts: { db: Db; secret: string; redisUrl?: string; bus?: DomainBus; limits?: RateLimits },
): Promise<Realtime> {
  const refusedOrigins = new OncePerWindow(60_000);
  const io: ParleyServer = new Server(httpServer, {
    // Next's dev HMR websocket shares the port; engine.io must not destroy upgrades it does not own.
    destroyUpgrade: false,
    maxHttpBufferSize: MAX_BODY_BYTES,
    // Keep missed-packet recovery to our own seq replay; it is exact and survives restarts.
    connectionStateRecovery: undefined,
    // A page on another site could open a socket with the visitor's cookie. Browsers always
    // send Origin; scripts and bots send none and authenticate with a token, so no Origin passes.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin || isAllowedOrigin(origin, req.headers.host)) return callback(null, true);
      if (refusedOrigins.first(origin)) log.warn({ origin, host: req.headers.host }, "socket refused: foreign origin");
      callback("forbidden origin", false);
    },
  });

  const redisClients: { quit(): Promise<unknown> }[] = [];
  let pingRedis: Realtime["pingRedis"];
  let limits = opts.limits ?? createRateLimits();
  if (opts.redisUrl) {
    const pub = createClient({ url: opts.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
    pingRedis = async () => void (await pub.ping());
    limits = opts.limits ?? createRateLimits({ redis: pub });
    log.info("socket.io fan-out through redis");
  }

  const events = createSocketSink(io);
  const typing = new TypingTracker(events);

  io.use(async (socket, next) => {
    try {
      const h = socket.handshake;
      const token = typeof h.auth?.token === "string" ? h.auth.token : undefined;
      const user = await authenticate(opts.db, opts.secret, {
        cookie: h.headers.cookie,
        authorization: token ? `Bearer ${token}` : h.headers.authorization,
      });
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
      next();
    } catch (e) {
      log.error({ err: e }, "socket auth failed");
      next(new Error("unauthorized"));
    }
  });

  io.on("connection", async (socket) => {
    const { entityId } = socket.data;
    // Handlers first, so events sent right after connect are not dropped while we query.
    registerHandlers(socket, { db: opts.db, events, bus: opts.bus, limits }, typing);
    socket.on("disconnect", async () => {
      typing.stopAll(socket);
      try {
        if (!(await isOnline(io, entityId))) events.publish(rooms.workspace, "presence:updated", { entityId, online: false });
      } catch (e) {
        log.warn({ err: e }, "presence on disconnect failed");
      }
    });
    try {
      const { tokenId, sid } = socket.data;
      // Revoking the token or ending the session disconnects this room (EventSink.disconnect).
      if (tokenId) await socket.join(rooms.token(tokenId));
      if (sid) await socket.join(rooms.session(sid));
      const wasOnline = await isOnline(io, entityId);
      // The entity room first: from here on a removal finds this socket (EventSink.leaveSpace).
      await socket.join(rooms.entity(entityId));
      const [memberships, live] = await Promise.all([
        opts.db.membership.findMany({ where: { entityId }, select: { spaceId: true } }),
        // A revocation between the handshake and joining that room found no socket to close.
        stillAuthenticated(opts.db, socket.data),
      ]);
      if (!live) {
        log.info({ entityId }, "socket closed: credential revoked while connecting");
        socket.disconnect(true);
        return;
      }
      const spaceRooms = memberships.map((m) => rooms.space(m.spaceId));
      await socket.join([rooms.workspace, ...(socket.data.isAdmin ? [rooms.admins] : []), ...spaceRooms]);
      // A removal between the read and the join left nothing to leave: check once more.
      const still = new Set((await opts.db.membership.findMany({ where: { entityId }, select: { spaceId: true } })).map((m) => rooms.space(m.spaceId)));
      for (const room of spaceRooms) if (!still.has(room)) await socket.leave(room);
      if (!wasOnline) events.publish(rooms.workspace, "presence:updated", { entityId, online: true });
      socket.emit("session:ready", { protocol: PROTOCOL_VERSION, entityId, online: await onlineEntityIds(io) });
    } catch (e) {
      log.error({ err: e, entityId }, "socket setup failed");
      socket.disconnect(true);
    }
  });

  return {
    io,
    events,
    limits,
    pingRedis,
    close: async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((c) => c.quit().catch(() => {})));
    },
  };
}
