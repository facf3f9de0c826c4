// Plans as the admin panel shows them: kind, cron in words, next and last run, status, origin
// and the runs each produced.
import type { PlanAdminDto } from "@/lib/agents/knowledge-dto";
import { PLAN_RUNS_SHOWN } from "@/lib/limits";
import type { Db } from "../../../db/client";
import { cronText, originNames, originOf, planKind, seesItem } from "./knowledge-views";
import type { RunViewer } from "../../runs/redact-run";
import { WITHHELD } from "@/lib/runs/withheld";
import type { Plan } from "@/generated/prisma/client";

/** `viewer`: the admin, whose spaces decide which plans' words they see (seesItem). */
export async function planAdminViews(db: Pick<Db, "space" | "run">, plans: Plan[], viewer?: RunViewer): Promise<PlanAdminDto[]> {
  const names = await originNames(db, plans);
  const ids = plans.map((p) => p.id);
  const counts = ids.length ? await db.run.groupBy({ by: ["planId"], where: { planId: { in: ids } }, _count: { _all: true } }) : [];
  const countOf = new Map(counts.map((c) => [c.planId, c._count._all]));
  const runs = await Promise.all(
    plans.map((p) =>
      db.run.findMany({
        where: { planId: p.id },
        orderBy: [{ queuedAt: "desc" }, { id: "desc" }],
        take: PLAN_RUNS_SHOWN,
        select: { id: true, status: true, queuedAt: true, endedAt: true },
      }),
    ),
  );
  return plans.map((p, i) => ({
    id: p.id,
    name: seesItem(viewer, p) ? p.name : WITHHELD,
    instruction: seesItem(viewer, p) ? p.instruction : WITHHELD,
    kind: planKind(p),
    runAfter: p.runAfter,
    scheduledAt: p.scheduledAt?.toISOString() ?? null,
    cron: p.cron,
    cronText: cronText(p.cron),
    status: p.status,
    nextRunAt: p.nextRunAt?.toISOString() ?? null,
    lastRunAt: p.lastRunAt?.toISOString() ?? null,
    runs: runs[i]!.map((r) => ({ id: r.id, status: r.status, queuedAt: r.queuedAt.toISOString(), endedAt: r.endedAt?.toISOString() ?? null })),
    runCount: countOf.get(p.id) ?? 0,
    ...originOf(p, names, viewer),
  }));
}
