// The newest runs, filtered by agent, status or space (a space shows runs triggered there and
// runs working there now).
import { z } from "zod";
import type { RunDto } from "@/lib/realtime/dto";
import { RUN_STATUSES } from "@/lib/runs/run-status";
import type { Actor, Deps } from "../deps";
import { AppError } from "../errors";
import { requireRunInspector } from "./require-admin";
import { runInclude, toRunDto } from "./run-dto";

/** Query-string values, so numbers arrive as text. */
export const listRunsQuery = z.object({
  agentId: z.string().max(64).optional(),
  status: z.enum(RUN_STATUSES).optional(),
  spaceId: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** `query` is checked only once the actor may inspect runs: a member learns nothing from a 400. */
export async function listRuns({ db }: Pick<Deps, "db">, actor: Pick<Actor, "isAdmin">, query: Record<string, string>): Promise<RunDto[]> {
  requireRunInspector(actor);
  const parsed = listRunsQuery.safeParse(query);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Bad query");
  const q = parsed.data;
  const rows = await db.run.findMany({
    where: {
      ...(q.agentId ? { agentId: q.agentId } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.spaceId ? { OR: [{ triggerSpaceId: q.spaceId }, { activeSpaceId: q.spaceId }] } : {}),
    },
    orderBy: { queuedAt: "desc" },
    take: q.limit,
    include: runInclude,
  });
  return rows.map(toRunDto);
}
