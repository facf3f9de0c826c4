// ADMIN CHANGES: what admins changed about this agent that this run may see and no earlier run
// was told, read from the audit log. A change is shown to the first run after it that may see it
// (a later model call of that run shows it again; the next such run does not). Reach holds here
// too: a change to a memory, goal or plan made from spaces outside this run's reach is counted
// (once, by the first run after it), never described (its subject and values are that
// audience's words), and is described to the first later run whose reach covers it. Nothing is
// recorded for this: a run whose reach covered an item and that started after the change was
// told of it. Admin-made items and the agent's own settings are for every run; other changes (a
// reply mode or membership in some space) show only their kind, as they may name a space.
// Secrets and endpoints are never shown, not even to the agent: a changed key or model base URL
// says only that it changed.
import { MAX_ADMIN_CHANGES_SHOWN } from "@/lib/limits";
import type { Db } from "../../db/client";
import type { AdminChange, AdminChanges } from "./context-input";
import { reachCovers } from "../reach/reach";

/** Entries looked at per run, newest first; older ones are counted, not loaded. */
export const LOOK_BACK = 200;
/** Fields whose values are never shown (a key, or an endpoint that keys are sent to). */
const SECRET_FIELDS = /^(baseURL|apiKey|secret|token|headers|password)$/i;

export async function loadAdminChanges(
  db: Db,
  run: { id: string; agentId: string; startedAt: Date | null; reach: readonly string[] },
  now: Date,
): Promise<AdminChanges | null> {
  // startedAt comes from the gateway's clock and createdAt from the database's: on one machine
  // (or synced clocks) they agree; a skew of a few seconds only moves a change made right at a
  // run's start into the run before or after it.
  const start = run.startedAt ?? now;
  const earlier = { agentId: run.agentId, id: { not: run.id }, startedAt: { lt: start } };
  const previous = await db.run.findFirst({ where: earlier, orderBy: { startedAt: "desc" }, select: { startedAt: true } });
  // A first run counts from the agent's creation: an agent an admin just set up is told how
  // (its tools, its spaces, the memories given to it) before it has ever run.
  const created = previous?.startedAt ? null : (await db.agent.findUnique({ where: { id: run.agentId }, select: { createdAt: true } }))?.createdAt;
  const prevStart = previous?.startedAt ?? created;
  if (!prevStart) return null;
  // A change is for every run that may see it until one of them was told. A run whose reach
  // covered all of this run's was told everything this run may see that came before it started:
  // older entries need no look. Between that run and the previous one, an entry about an item in
  // this reach is shown unless a run covering the item's reach started after it.
  const covering = await db.run.findFirst({
    where: { ...earlier, reach: { hasEvery: [...run.reach] } },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true },
  });
  const since = covering?.startedAt ?? created ?? (await db.agent.findUnique({ where: { id: run.agentId }, select: { createdAt: true } }))?.createdAt;
  if (!since) return null;
  // The agent's own changes (made by its runs, runId set) are in the log too, but are not an admin's.
  const where = { agentId: run.agentId, runId: null, createdAt: { gte: since, lte: now } };
  const loaded = await db.auditEntry.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LOOK_BACK,
    include: { actor: { select: { name: true } } },
  });
  // Only a full look-back can have more behind it: most runs skip the count.
  const loadedTotal = loaded.length < LOOK_BACK ? loaded.length : await db.auditEntry.count({ where });
  const untold = await untoldTo(db, earlier, prevStart);
  const rows: typeof loaded = [];
  for (const r of loaded) if (r.createdAt >= prevStart || (isKnowledge(r.action) && reachCovers(run.reach, r.itemReach) && (await untold(r)))) rows.push(r);
  const total = rows.length + (loadedTotal - loaded.length);
  if (total === 0) return null;
  const visible = rows.filter((r) => !isKnowledge(r.action) || reachCovers(run.reach, r.itemReach));
  const outsideReach = rows.length - visible.length;
  // Items deleted since: rows are newest first, so a deletion is met before the older changes
  // to the same item (its kind and subject), whose values are then withheld as well.
  const deletedItems = new Set<string>();
  const shown = visible.slice(0, MAX_ADMIN_CHANGES_SHOWN).map((r): AdminChange => {
    // Knowledge was reach-checked above and the agent's own settings are for every run; any other
    // change (a reply mode or membership in some space, actions added later) may name a space
    // outside this run's reach, so only its kind is shown.
    const detailed = isKnowledge(r.action) || SETTINGS_ACTIONS.has(r.action);
    // A deleted item's old words are not repeated: an admin who deletes a poisoned memory must
    // not have its text shown to the model once more. Only that it was deleted, and by whom: not
    // even its subject, which for a goal is its whole description.
    const item = `${r.action.split(".")[0]} ${r.subject}`;
    const deleted = !isKnowledge(r.action) ? undefined : r.action.endsWith(".delete") ? "this" : deletedItems.has(item) ? "since" : undefined;
    if (deleted === "this") deletedItems.add(item);
    const hideValues = !detailed || r.action.startsWith("key.");
    return {
      at: r.createdAt.toISOString(),
      actorName: r.actor.name,
      action: r.action,
      subject: detailed && !deleted ? r.subject : null,
      // A memory's own fields are its words, never settings: only settings are searched for secrets.
      before: hideValues || deleted ? null : isKnowledge(r.action) ? asFields(r.before) : redact(r.before),
      after: hideValues || deleted ? null : isKnowledge(r.action) ? asFields(r.after) : redact(r.after),
      valuesHidden: hideValues,
      ...(deleted ? { deleted } : {}),
    };
  });
  return {
    since: since.toISOString(),
    firstRun: !previous?.startedAt,
    ...(since < prevStart ? { catchUp: true } : {}),
    shown,
    // Past the look-back nobody knows their reach: counted with the rest, never shown.
    more: visible.length - shown.length + (loadedTotal - loaded.length),
    outsideReach,
  };
}

/**
 * Whether no run before this one, started after an entry and covering its item's reach, was
 * told of it. One look per distinct item reach (few: an item's reach is where it was made), at
 * most MAX_REACH_LOOKS; past that an entry counts as told (it was shown to the first run after it
 * that could see it, as before).
 */
function untoldTo(db: Db, earlier: object, prevStart: Date) {
  const latestCovering = new Map<string, Promise<Date | null>>();
  return async (r: { createdAt: Date; itemReach: string[] }): Promise<boolean> => {
    // An item for every run: the previous run (started after it) was told.
    if (r.itemReach.length === 0 || r.createdAt >= prevStart) return r.createdAt >= prevStart;
    const key = [...r.itemReach].sort().join(" ");
    if (!latestCovering.has(key)) {
      if (latestCovering.size >= MAX_REACH_LOOKS) return false;
      latestCovering.set(
        key,
        db.run
          .findFirst({ where: { ...earlier, reach: { hasEvery: r.itemReach } }, orderBy: { startedAt: "desc" }, select: { startedAt: true } })
          .then((found) => found?.startedAt ?? null),
      );
    }
    const told = await latestCovering.get(key)!;
    return !told || told <= r.createdAt;
  };
}

/** Distinct item reaches looked up per run (each one query). */
const MAX_REACH_LOOKS = 5;

const isKnowledge = (action: string): boolean => /^(goal|memory|plan)\./.test(action);
/** Changes to the agent itself: shown in full (keys without values, settings without secrets). */
const SETTINGS_ACTIONS = new Set(["agent.create", "agent.update", "agent.archive", "key.rotate", "key.revoke"]);

const asFields = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The change with every secret value replaced by a note that it changed. */
function redact(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const walk = (v: unknown): unknown => {
    if (!v || typeof v !== "object") return v;
    if (Array.isArray(v)) return v.map(walk);
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET_FIELDS.test(k) && x != null ? "(set; value not shown)" : walk(x)]));
  };
  return walk(value) as Record<string, unknown>;
}
