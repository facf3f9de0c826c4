// An agent's goals, memories and plans as the admin panel shows them (GET /api/agents/:id/goals,
// …/memories, …/plans). Admins see every item, with where it came from: an admin, or a run
// acting in a space (whose runs outside that audience do not see it).

export const GOAL_STATUSES = ["active", "completed", "abandoned"] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** Where an item came from: made by an admin (visible to every run), or by a run in `originSpace`. */
export interface KnowledgeOrigin {
  madeByAdmin: boolean;
  originSpace: { id: string; name: string } | null;
  /** An admin created, edited or paused it: the agent's runs cannot change or delete it. */
  adminOwned: boolean;
}

export interface GoalAdminDto extends KnowledgeOrigin {
  id: string;
  description: string;
  status: GoalStatus;
  priority: number;
  longTerm: boolean;
  updatedAt: string;
}

export interface MemoryAdminDto extends KnowledgeOrigin {
  id: string;
  key: string;
  value: string;
  updatedAt: string;
}

export type PlanKind = "runAfter" | "scheduledAt" | "cron";

export interface PlanRunDto {
  id: string;
  status: string;
  queuedAt: string;
  endedAt: string | null;
}

export interface PlanAdminDto extends KnowledgeOrigin {
  id: string;
  name: string;
  instruction: string;
  kind: PlanKind;
  runAfter: string | null;
  scheduledAt: string | null;
  cron: string | null;
  /** The cron expression in words ("At 09:00 AM, Monday through Friday (UTC)"); null for one-time plans. */
  cronText: string | null;
  status: "active" | "paused" | "completed" | "canceled";
  nextRunAt: string | null;
  lastRunAt: string | null;
  /** The plan's newest runs (PLAN_RUNS_SHOWN), and how many it produced in all. */
  runs: PlanRunDto[];
  runCount: number;
}
