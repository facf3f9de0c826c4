// GET /api/health → { ok: true, db: "up" }, or 503 when the database does not answer.
// No auth: load balancers and uptime checks call it.
import { log } from "../log";
import { endpoint } from "./endpoint";
import { json } from "./respond";

export const healthHandler = endpoint(async (_req, { db }) => {
  try {
    await db.$queryRaw`SELECT 1`;
    return json({ ok: true, db: "up" });
  } catch (e) {
    log.error({ err: e }, "health check: database down");
    return json({ ok: false, db: "down" }, 503);
  }
});
