// The one owner of "what of a run may this viewer see". Being a workspace admin lets someone
// manage agents and inspect runs, never read a channel they are not in: a run's content (its
// context, timeline, errors, output, messages and trigger text) came from the spaces in its
// reach, so every view of runs (inspector, run list, chain tree, service runs, realtime run
// events) passes through here and shows content only when the viewer is a member of every
// space it may have come from. What is kept (status, times, token counts, tool names) says
// how the run went, not what it read.
import type { MessageDto, RunDto } from "@/lib/realtime/dto";
import type { RunEventDto } from "@/lib/runs/run-events";
import { WITHHELD } from "@/lib/runs/withheld";
import type { Db } from "../../db/client";
import type { Actor } from "../deps";

/** The spaces a viewer reads: live spaces they are a member of. */
export interface RunViewer {
  readonly spaces: ReadonlySet<string>;
}

export async function loadRunViewer(db: Db, actor: Pick<Actor, "entityId">): Promise<RunViewer> {
  const rows = await db.membership.findMany({ where: { entityId: actor.entityId, space: { archivedAt: null } }, select: { spaceId: true } });
  return { spaces: new Set(rows.map((r) => r.spaceId)) };
}

/** The run's own columns that say where its content came from. */
export interface RunOrigin {
  reach: readonly string[];
  triggerSpaceId: string | null;
}

/** True when every space the content may have come from is one the viewer reads. */
export function covers(viewer: RunViewer, spaces: Iterable<string | null | undefined>): boolean {
  for (const s of spaces) if (s && !viewer.spaces.has(s)) return false;
  return true;
}

export function seesRun(viewer: RunViewer, run: RunOrigin): boolean {
  return covers(viewer, [...run.reach, run.triggerSpaceId]);
}

const withheld = (v: string | null) => (v === null ? null : WITHHELD);

/** A run's errors, output, status reason and the reply its wait got, as the viewer may see them. */
export function redactRunDto(viewer: RunViewer, run: RunDto, origin: RunOrigin): RunDto {
  const wait = run.waitState;
  if (seesRun(viewer, origin) && (!wait || viewer.spaces.has(wait.spaceId))) return run;
  return {
    ...run,
    error: withheld(run.error),
    partialOutput: withheld(run.partialOutput),
    statusReason: withheld(run.statusReason),
    // The reply is a message (its words and sender) from the space the run waited in.
    waitState: wait && { ...wait, ...(wait.reply !== undefined && { reply: WITHHELD }) },
  };
}

/** A message the viewer may not read keeps its place and sender, not its words or where it pointed. */
export function redactMessage(viewer: RunViewer, m: MessageDto): MessageDto {
  const originSpace = typeof m.origin?.triggerSpaceId === "string" ? m.origin.triggerSpaceId : null;
  if (!viewer.spaces.has(m.spaceId)) {
    // Who reacted is the space's too.
    return { ...m, text: WITHHELD, replyTo: m.replyTo && { ...m.replyTo, text: WITHHELD }, origin: m.origin && { withheld: WITHHELD }, reactions: [] };
  }
  if (originSpace && !viewer.spaces.has(originSpace) && m.origin) return { ...m, origin: { ...m.origin, triggerText: WITHHELD } };
  return m;
}

/**
 * A run's timeline. Each model call records the reach it had (its "context" event), and what
 * follows it until the next call came from that reach; events before the first call fall back
 * to the run's own. A message the run posted is shown when the viewer reads the space it is in.
 */
export function redactEvents(viewer: RunViewer, events: RunEventDto[], origin: RunOrigin): RunEventDto[] {
  let visible = seesRun(viewer, origin);
  return events.map((e) => {
    if (e.type === "context") visible = covers(viewer, [...(e.data.reach ?? origin.reach), origin.triggerSpaceId]);
    if (e.type === "message_sent") return viewer.spaces.has(e.data.spaceId) ? e : { ...e, data: { ...e.data, text: WITHHELD } };
    return visible ? e : redactEvent(e);
  });
}

/** One event's content replaced by the note; its type, ids, counts and tool names stay. */
export function redactEvent(e: RunEventDto): RunEventDto {
  switch (e.type) {
    case "context":
      return {
        ...e,
        data: {
          ...e.data,
          resumed: e.data.resumed && { ...e.data.resumed, reply: e.data.resumed.reply && { ...e.data.resumed.reply, text: WITHHELD } },
          ...(e.data.retry !== undefined && { retry: WITHHELD }),
        },
      };
    case "model_step":
      return { ...e, data: { ...e.data, text: e.data.text ? WITHHELD : "" } };
    case "tool_call":
      return { ...e, data: { ...e.data, input: WITHHELD } };
    case "tool_result":
      return { ...e, data: { ...e.data, output: WITHHELD } };
    case "message_sent":
      return { ...e, data: { ...e.data, text: WITHHELD } };
    case "error":
      return { ...e, data: { error: WITHHELD, partialOutput: null } };
    case "status":
      return e.data.reason === undefined ? e : { ...e, data: { ...e.data, reason: WITHHELD } };
    default:
      return e;
  }
}

/** The context text the model was last given (its last call's reach). */
export function redactContext(viewer: RunViewer, context: string | null, origin: RunOrigin): string | null {
  return context === null || seesRun(viewer, origin) ? context : WITHHELD;
}

/** One model call's context: its own recorded reach decides, as for the timeline (older rows: the run's). */
export function redactCallContext(viewer: RunViewer, context: string | null, reach: readonly string[] | undefined, origin: RunOrigin): string | null {
  return context === null || covers(viewer, [...(reach ?? origin.reach), origin.triggerSpaceId]) ? context : WITHHELD;
}
