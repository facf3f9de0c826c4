// The admin panel's run API (admins only; members get 403 before their input is read). Shapes
// in lib/runs/run-dtos.ts. Reads spend runViewsPerUser, cancels and retries runActionsPerUser.
//   GET /api/runs?agentId=&spaceId=&status=&triggerType=&from=&to=&before=&limit=  → RunListDto
//   GET /api/runs/:id                               → RunDetailDto
//   GET /api/runs/:id/contexts/:n                   → RunCallContextDto (the n-th model call's context, 1-based)
//   POST /api/runs/:id/cancel                       → CanceledRunDto
//   POST /api/runs/:id/retry                        → 201 RetriedRunDto (failed runs only, else 409); also the
//                                                     requester of a run that failed their own message → 201 { runId }
import type { CanceledRunDto, MemberRetriedRunDto, RetriedRunDto, RunCallContextDto, RunDetailDto, RunListDto } from "@/lib/runs/run-dtos";
import { AppError } from "../domain/errors";
import { getRunDetail, getRunDto } from "../domain/runs/get-run-detail";
import { getRunCallContext } from "../domain/runs/get-run-call-context";
import { listRuns } from "../domain/runs/list-runs";
import { retryRun } from "../domain/runs/retry-run";
import { broadcastRun } from "../agents/runs/broadcast-run";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { json } from "./respond";

export const listRunsHandler = authed(
  async (req, deps, _p, caller) => {
    const query = Object.fromEntries(new URL(req.url).searchParams);
    return json((await listRuns(deps, actorOf(caller), query)) satisfies RunListDto);
  },
  { limit: "runViewsPerUser" },
);

export const getRunHandler = authed<{ id: string }>(
  async (_req, deps, { id }, caller) => json((await getRunDetail(deps, actorOf(caller), { runId: id })) satisfies RunDetailDto),
  { limit: "runViewsPerUser" },
);

export const getRunCallContextHandler = authed<{ id: string; n: string }>(
  async (_req, deps, { id, n }, caller) => json((await getRunCallContext(deps, actorOf(caller), { runId: id, call: n })) satisfies RunCallContextDto),
  { limit: "runViewsPerUser" },
);

export const cancelRunHandler = authed<{ id: string }>(
  async (_req, deps, { id }, caller) => {
    requireAdmin(caller, "inspect runs");
    if (!deps.gateway) throw new AppError("internal", "The agent gateway is not running");
    const ok = await deps.gateway.cancelRun(id, `canceled by ${caller.name}`);
    if (!ok) throw new AppError("conflict", "The run already ended or does not exist");
    return json({ run: await getRunDto(deps.db, actorOf(caller), id) } satisfies CanceledRunDto);
  },
  { limit: "runActionsPerUser" },
);

export const retryRunHandler = authed<{ id: string }>(
  async (_req, deps, { id }, caller) => {
    const { runId } = await retryRun(deps, actorOf(caller), { runId: id });
    // Both runs changed as the inspector sees them: the new one exists, the old one is retried.
    await broadcastRun(deps, runId);
    deps.gateway?.ctx.kick();
    // A member retrying their own request learns the new run's id; its details are for the inspector.
    if (!caller.isAdmin) return json({ runId } satisfies MemberRetriedRunDto, 201);
    return json({ run: await getRunDto(deps.db, actorOf(caller), runId) } satisfies RetriedRunDto, 201);
  },
  { limit: "runActionsPerUser" },
);
