// GET /api/ready → 200 { ok: true, db: "up", redis: "up" | "not used", migrations: "current" },
// or 503 with what is missing: the database does not answer, Redis (when the process uses it)
// does not answer, or migrations in this build are not applied yet. /api/health says the
// process lives; this says it should get traffic. No auth, for load balancers; a per-address
// rate limit keeps it from being a cheap way to make the server query its database.
import { pendingMigrations } from "../db/migrate";
import { log } from "../log";
import { clientIp } from "./client-ip";
import { endpoint } from "./endpoint";
import { json } from "./respond";

type Check = "up" | "down";

/** "up" when `probe` answers, else "down" (logged once per check, with what failed). */
async function check(probe: () => Promise<unknown>, what: string): Promise<Check> {
  try {
    await probe();
    return "up";
  } catch (e) {
    log.error({ err: e }, `readiness: ${what} down`);
    return "down";
  }
}

export const readyHandler = endpoint(async (req, deps) => {
  await deps.limits?.consume("readyChecksPerIp", clientIp(req));
  const db = await check(() => deps.db.$queryRaw`SELECT 1`, "database");
  const redis = deps.pingRedis ? await check(deps.pingRedis, "redis") : "not used";
  let migrations = "unknown";
  if (db === "up") {
    try {
      const pending = await pendingMigrations(async () =>
        (
          await deps.db.$queryRaw<{ migration_name: string }[]>`
            SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`
        ).map((r) => r.migration_name),
      );
      migrations = pending.length ? `${pending.length} pending` : "current";
    } catch (e) {
      log.error({ err: e }, "readiness: migrations unknown");
    }
  }
  const ok = db === "up" && redis !== "down" && migrations === "current";
  return json({ ok, db, redis, migrations }, ok ? 200 : 503);
});
