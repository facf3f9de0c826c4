// GET /api/metrics → this process's metrics in Prometheus's text format (server/metrics).
// For a scraper on this host (a loopback request no proxy forwarded: client-ip.ts) or with an
// admin's API token; 401 without a token, 403 with anyone else's. Rate limited per address
// before anything else, since each scrape runs a few database counts. Takes no query.
import { z } from "zod";
import { authenticate } from "../auth/authenticate";
import { AppError } from "../domain/errors";
import { metrics } from "../metrics/metrics";
import { clientIp, isLocalRequest } from "./client-ip";
import type { HttpDeps } from "./deps";
import { endpoint } from "./endpoint";
import { readQuery } from "./read-query";

async function requireScraper(req: Request, deps: HttpDeps): Promise<void> {
  if (isLocalRequest(req)) return;
  const authorization = req.headers.get("authorization");
  if (!authorization?.toLowerCase().startsWith("bearer ")) {
    throw new AppError("unauthorized", "Metrics need an admin's API token ('Authorization: Bearer pk_…'), or a request from this host");
  }
  const user = await authenticate(deps.db, deps.secret, { authorization });
  if (!user) throw new AppError("unauthorized", "This API token is not valid");
  if (!user.isAdmin) throw new AppError("forbidden", "Only admins can read metrics");
}

export const metricsHandler = endpoint(async (req, deps) => {
  await deps.limits?.consume("metricsScrapesPerIp", clientIp(req));
  readQuery(req, z.strictObject({}));
  await requireScraper(req, deps);
  // The registry server/main.ts's process records into, whichever bundle serves this route.
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType, "cache-control": "no-store" } });
});
