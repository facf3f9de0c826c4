// "What it did" under an agent's message: the steps of the run that sent it, from its timeline
// (tool results), for one viewer. A step about a space the viewer is not a member of is left
// out without a trace (not even counted), so the line never hints at another space; a
// step that names no space (memories, plans) says only what kind of thing was done, never its
// content. Only members of the message's space may ask.
import type { RunStepDto, RunStepsDto } from "@/lib/runs/run-steps";
import { messageIdInput } from "@/lib/realtime/events";
import type { Actor, Deps } from "../deps";
import { AppError, invalidInput } from "../errors";
import { requireMembership } from "../spaces/require-membership";

/** Steps listed per message; a run has at most its tool steps (20 by default). */
const MAX_STEPS = 50;

type Output = Record<string, unknown> | null;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const count = (o: Output, key: string) => (Array.isArray(o?.[key]) ? (o[key] as unknown[]).length : 0);

/** The space a tool result concerns, if any (read from what the tool returned, or the run's active space). */
function spaceOf(name: string, input: Output, output: Output, active: string | null): string | null {
  const nested = (k: string) => ((output?.[k] as { id?: unknown } | undefined)?.id as string | undefined) ?? null;
  if (name === "enter_space") return nested("activeSpace") ?? (input?.spaceId as string | undefined) ?? null;
  if (name === "read_messages") return nested("space") ?? (input?.spaceId as string | undefined) ?? active;
  if (name === "send_message") return (output?.spaceId as string | undefined) ?? active;
  return null;
}

function label(name: string, input: Output, output: Output, spaceName: string | null): string {
  const where = spaceName ? `#${spaceName}` : "a space";
  switch (name) {
    case "read_messages":
      return `read ${where} (${plural(typeof output?.count === "number" ? output.count : 0, "message")})`;
    case "enter_space":
      return `went to ${where}`;
    case "send_message":
      return input?.wait ? `asked a question in ${where}` : `posted in ${where}`;
    case "set_plans":
      return count(input, "plans") > 1 ? `set ${count(input, "plans")} reminders` : "set a reminder";
    case "get_plans":
      return "looked at its reminders";
    case "delete_plans":
      return "deleted a reminder";
    case "set_memories":
      return count(input, "memories") > 1 ? `noted ${count(input, "memories")} memories` : "noted a memory";
    case "get_memories":
      return "looked at its memories";
    case "delete_memories":
      return "forgot a memory";
    case "set_goals":
      return "updated its goals";
    case "delete_goals":
      return "dropped a goal";
    case "get_my_runs":
      return "checked its other runs";
    case "stop_run":
      return "stopped a run";
    default:
      return `used ${name}`;
  }
}

export async function listRunSteps(deps: Pick<Deps, "db">, actor: Actor, input: unknown): Promise<RunStepsDto> {
  const parsed = messageIdInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const message = await deps.db.message.findUnique({ where: { id: parsed.data.messageId }, select: { id: true, spaceId: true, runId: true, deletedAt: true } });
  if (!message || message.deletedAt) throw new AppError("not_found", "Message not found");
  await requireMembership(deps.db, message.spaceId, actor.entityId).catch(() => {
    throw new AppError("not_found", "Message not found");
  });
  if (!message.runId) throw new AppError("bad_request", "Only an agent's message has steps");
  const run = await deps.db.run.findUnique({ where: { id: message.runId }, select: { id: true, triggerType: true, triggerSpaceId: true } });
  if (!run) return { messageId: message.id, runId: message.runId, steps: [] };
  const events = await deps.db.runEvent.findMany({
    where: { runId: run.id, type: { in: ["tool_call", "tool_result"] } },
    orderBy: { seq: "asc" },
    select: { type: true, data: true },
  });
  const mine = new Map(
    (
      await deps.db.membership.findMany({
        where: { entityId: actor.entityId, space: { archivedAt: null } },
        select: { spaceId: true, space: { select: { name: true } } },
      })
    ).map((m) => [m.spaceId, m.space.name]),
  );
  const inputs = new Map<string, Output>();
  let active = run.triggerType === "space_message" ? run.triggerSpaceId : null;
  const steps: RunStepDto[] = [];
  for (const e of events) {
    const d = e.data as { toolCallId?: string; name?: string; input?: Output; output?: Output };
    if (e.type === "tool_call") {
      if (d.toolCallId) inputs.set(d.toolCallId, d.input ?? null);
      continue;
    }
    const name = d.name ?? "tool";
    const output = d.output ?? null;
    if (output && typeof output.error === "string") continue; // refused: nothing was done
    const input = inputs.get(d.toolCallId ?? "") ?? null;
    const spaceId = spaceOf(name, input, output, active);
    if (name === "enter_space" && spaceId) active = spaceId;
    if (spaceId && !mine.has(spaceId)) continue;
    if (steps.length < MAX_STEPS) steps.push({ tool: name, label: label(name, input, output, spaceId ? (mine.get(spaceId) ?? null) : null) });
  }
  return { messageId: message.id, runId: run.id, steps };
}
