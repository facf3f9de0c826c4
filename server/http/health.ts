// GET /api/health → { ok: true }: liveness. It answers whenever the process can serve a
// request, and asks nothing of the database or Redis: an orchestrator restarts a process whose
// liveness fails, and restarting every process because PostgreSQL is away would only add a
// cold start to the outage. Whether a process should get traffic is /api/ready (ready.ts).
// No auth, for load balancers and uptime checks; it reads nothing, so it needs no limit.
import { endpoint } from "./endpoint";
import { json } from "./respond";

export const healthHandler = endpoint(async () => json({ ok: true }));
