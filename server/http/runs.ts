// The run inspector's API (admins only; the admin panel grows from here). Shapes in lib/runs/run-dtos.ts.
//   GET /api/runs?agentId=&status=&spaceId=&limit=  → RunListDto
//   GET /api/runs/:id                               → RunDetailDto
//   POST /api/runs/:id/cancel                       → CanceledRunDto
import type { CanceledRunDto, RunDetailDto, RunListDto } from "@/lib/runs/run-dtos";
import { AppError } from "../domain/errors";
import { getRunDetail, getRunDto } from "../domain/runs/get-run-detail";
import { listRuns } from "../domain/runs/list-runs";
import { cancelRun } from "../agents/runs/transitions";
import { actorOf, authed, requireAdmin } from "./endpoint";
import { json } from "./respond";

export const listRunsHandler = authed(async (req, deps, _p, caller) => {
  const query = Object.fromEntries(new URL(req.url).searchParams);
  return json({ runs: await listRuns(deps, actorOf(caller), query) } satisfies RunListDto);
});

export const getRunHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) =>
  json((await getRunDetail(deps, actorOf(caller), { runId: id })) satisfies RunDetailDto),
);

export const cancelRunHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  requireAdmin(caller, "inspect runs");
  if (!deps.gateway) throw new AppError("internal", "The agent gateway is not running");
  const ok = await cancelRun(deps.gateway.ctx, id, `canceled by ${caller.name}`);
  if (!ok) throw new AppError("conflict", "The run already ended or does not exist");
  return json({ run: await getRunDto(deps.db, id) } satisfies CanceledRunDto);
});
