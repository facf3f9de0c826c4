// The admin run list's filters, as the page keeps them in its address and GET /api/runs reads
// them. Time ranges are named (the page recomputes "the last hour" on every load) and become
// a `from` instant for the API.
import { RUN_STATUSES, type RunStatus } from "./run-status";

export const TRIGGER_TYPES = ["space_message", "plan", "service"] as const;
export type TriggerTypeName = (typeof TRIGGER_TYPES)[number];

export const TIME_RANGES = { "1h": 60 * 60 * 1000, "24h": 24 * 60 * 60 * 1000, "7d": 7 * 24 * 60 * 60 * 1000, "30d": 30 * 24 * 60 * 60 * 1000 } as const;
export type TimeRange = keyof typeof TIME_RANGES;
export const TIME_RANGE_LABELS: Record<TimeRange, string> = { "1h": "Last hour", "24h": "Last 24 hours", "7d": "Last 7 days", "30d": "Last 30 days" };

export interface RunFilters {
  agentId?: string;
  spaceId?: string;
  status?: RunStatus;
  triggerType?: TriggerTypeName;
  range?: TimeRange;
}

const pick = <T extends string>(value: string | null | undefined, allowed: readonly T[]): T | undefined =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters in a page address; anything unknown is dropped (the address is typed by people). */
export function filtersFromSearch(params: URLSearchParams): RunFilters {
  const id = (v: string | null) => (v && /^[\w-]{1,64}$/.test(v) ? v : undefined);
  return {
    agentId: id(params.get("agent")),
    spaceId: id(params.get("space")),
    status: pick(params.get("status"), RUN_STATUSES),
    triggerType: pick(params.get("trigger"), TRIGGER_TYPES),
    range: pick(params.get("range"), Object.keys(TIME_RANGES) as TimeRange[]),
  };
}

/** The page address's query for `filters` (short names, empty ones left out). */
export function filtersToSearch(filters: RunFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.agentId) out.set("agent", filters.agentId);
  if (filters.spaceId) out.set("space", filters.spaceId);
  if (filters.status) out.set("status", filters.status);
  if (filters.triggerType) out.set("trigger", filters.triggerType);
  if (filters.range) out.set("range", filters.range);
  return out;
}

/** GET /api/runs's query for `filters`, the page's cursor and `now`. */
export function filtersToApiQuery(filters: RunFilters, now: number, before?: string | null): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.agentId) out.set("agentId", filters.agentId);
  if (filters.spaceId) out.set("spaceId", filters.spaceId);
  if (filters.status) out.set("status", filters.status);
  if (filters.triggerType) out.set("triggerType", filters.triggerType);
  if (filters.range) out.set("from", new Date(now - TIME_RANGES[filters.range]).toISOString());
  if (before) out.set("before", before);
  return out;
}

/** Whether a run pushed over the socket belongs in the list the filters show. */
export function runMatches(
  run: { agent: { id: string }; status: RunStatus; triggerType: string; triggerSpaceId: string | null; activeSpaceId: string | null; queuedAt: string },
  filters: RunFilters,
  agentEntityId: string | undefined,
  now: number,
): boolean {
  if (filters.agentId && run.agent.id !== agentEntityId) return false;
  if (filters.status && run.status !== filters.status) return false;
  if (filters.triggerType && run.triggerType !== filters.triggerType) return false;
  if (filters.spaceId && run.triggerSpaceId !== filters.spaceId && run.activeSpaceId !== filters.spaceId) return false;
  if (filters.range && Date.parse(run.queuedAt) < now - TIME_RANGES[filters.range]) return false;
  return true;
}
