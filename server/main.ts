// Parley's one process: Next (pages + API routes) and Socket.IO on one HTTP port, over the
// embedded database (or PostgreSQL with DATABASE_URL). Migrates on start, seeds the demo
// workspace into an empty embedded database (server/seed/should-seed.ts), listens on
// 127.0.0.1 while the demo accounts exist, and shuts down gracefully on SIGINT/SIGTERM
// (server/shutdown/shutdown.ts: runs under way finish or go back to the queue, clients
// reconnect elsewhere, and nothing publishes after Redis closes).
import { createServer } from "node:http";
import next from "next";
import { ensureAuthSecret } from "./auth/ensure-secret";
import { env } from "./env";
import { openDatabase } from "./db/open";
import { migrate, withStartupLock } from "./db/migrate";
import { createRealtime } from "./realtime/create-realtime";
import { setRuntime } from "./runtime";
import { demoAccountsPresent } from "./seed/demo-workspace";
import { seedDemoOnStart } from "./seed/should-seed";
import { listenHost } from "./listen-host";
import { log } from "./log";
import { DomainBus } from "./domain/bus";
import { createGateway } from "./agents/gateway";
import { startGatewayThread } from "./agents/thread/start-gateway-thread";
import { MAX_RUNS_IN_FLIGHT_EMBEDDED, SHUTDOWN_FORCE_EXIT_MS } from "@/lib/limits";
import { watchLoopHeadroom } from "./agents/runs/loop-headroom";
import { prepareRequest } from "./http/edge";
import { withRequestId } from "./http/request-id";
import { watchProcess } from "./metrics/watch-process";
import { trackHttpRequests } from "./shutdown/http-requests";
import { shutdown } from "./shutdown/shutdown";
import { catchStopSignals } from "./shutdown/stop-signals";

async function main() {
  // Before anything slow: a SIGTERM during the start waits for it, then shuts down as usual.
  const signals = catchStopSignals({ forceMs: SHUTDOWN_FORCE_EXIT_MS, exit: (code) => process.exit(code) });
  const secret = ensureAuthSecret();
  const e = env();
  const dev = e.NODE_ENV !== "production";

  const database = await openDatabase(
    e.DATABASE_URL ? { kind: "postgres", url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } : { kind: "pglite", dir: e.PGLITE_DIR },
  );
  const applied = await migrate(database.sql);
  if (applied.length) log.info({ applied }, "migrations applied");
  const demoModel = { provider: e.PARLEY_AGENT_PROVIDER, modelId: e.PARLEY_AGENT_MODEL };
  const seeded = await withStartupLock(database.sql, () =>
    seedDemoOnStart(database.db, { seedDemo: e.SEED_DEMO, database: database.sql.kind, model: demoModel }),
  );
  if (seeded) {
    log.info("demo workspace seeded");
  }
  const listen = listenHost({ host: e.HOST, demoAccounts: await demoAccountsPresent(database.db) });
  if (listen.warning) log.warn(listen.warning);

  const httpServer = createServer();
  const requests = trackHttpRequests(httpServer);
  const bus = new DomainBus();
  const realtime = await createRealtime(httpServer, { db: database.db, secret, redisUrl: e.REDIS_URL, redisPrefix: e.REDIS_PREFIX, bus });
  const deps = { db: database.db, events: realtime.events, bus, limits: realtime.limits };
  watchProcess({ io: realtime.io, db: database.db, bus }); // GET /api/metrics
  // On PostgreSQL the agents get a thread of their own, with their own pool; the embedded
  // database has one connection, in this thread, so there they share it (and people go first).
  const gateway =
    e.DATABASE_URL && e.PARLEY_AGENTS_THREAD === "true"
      ? await startGatewayThread(deps, {
          databaseUrl: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          tickMs: e.PARLEY_TICK_MS,
          leaseMs: e.PARLEY_RUN_LEASE_MS,
          headroom: true,
        })
      : createGateway(deps, {
          tickMs: e.PARLEY_TICK_MS,
          // On the embedded database (one connection) a few runs at once keep members' queries moving.
          maxRunsInFlight: e.DATABASE_URL ? undefined : MAX_RUNS_IN_FLIGHT_EMBEDDED,
          // A process busy with runs claims no more until people's requests have room again.
          headroom: watchLoopHeadroom(),
          leaseMs: e.PARLEY_RUN_LEASE_MS,
        });
  setRuntime({ ...deps, secret, gateway, pingRedis: realtime.pingRedis });

  const app = next({ dev, hostname: listen.host, port: e.PORT, httpServer });
  const handle = app.getRequestHandler();
  await app.prepare();
  const edge = { trustProxy: e.TRUST_PROXY === "true", dev, limits: realtime.limits };
  httpServer.on("request", (req, res) => {
    if (req.url?.startsWith("/socket.io/")) return; // Socket.IO's own listener answers these
    // The request's id is in the log context of everything it causes (server/http/request-id.ts).
    withRequestId(req, res, () => {
      // Client IP, body limit, the sign-in door, CSP nonce; then Next, unless answered there.
      void prepareRequest(req, res, edge).then(
        (go) => (go ? handle(req, res) : undefined),
        (err) => {
          log.error({ err }, "request preparation failed");
          if (!res.headersSent) res.writeHead(500).end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(e.PORT, listen.host, resolve));
  // Only once the process is fully up: one whose start fails would leave the runs it had
  // claimed `running` until their lease ran out. One process owns the database unless Redis
  // says there are several; only then is every `running` run at start one this process left
  // behind (a crash: a graceful shutdown put its runs back). With several, another process's
  // live runs are `running` too: runs whose process died are taken over when their lease
  // runs out (runs/lease.ts).
  await gateway.start({ recover: !e.REDIS_URL });
  log.info({ url: `http://localhost:${e.PORT}`, host: listen.host, db: database.sql.kind, dev }, "Parley is up");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return log.info({ signal }, "already shutting down");
    stopping = true;
    log.info({ signal }, "shutting down");
    setTimeout(() => {
      log.error("shutdown took too long: exiting now");
      process.exit(1);
    }, SHUTDOWN_FORCE_EXIT_MS).unref();
    const report = await shutdown({
      http: requests,
      realtime,
      gateway,
      closeApp: async () => app.close?.(),
      closeDatabase: () => database.close(),
    });
    log.info(report, "shut down");
    process.exit(report.errors ? 1 : 0);
  };
  signals.started((signal) => void stop(signal));
}

process.on("unhandledRejection", (err) => log.error({ err }, "unhandled rejection"));

main().catch((err) => {
  log.fatal({ err }, "failed to start");
  process.exit(1);
});
