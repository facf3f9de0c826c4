// Stop: a member ends an agent's run from the chat while it thinks, writes or waits. The run is
// canceled by the gateway through the same path an admin's cancel takes (transitions.ts
// cancelRun: the conditional move to canceled, its model call aborted, an open question marked
// canceled); this verb authorizes and asks for it.
import { runIdInput } from "@/lib/realtime/events";
import { isTerminalStatus } from "@/lib/runs/run-status";
import type { Actor, Deps } from "../deps";
import { AppError, invalidInput } from "../errors";
import { requireCanSteer } from "./require-can-steer";

export async function stopRun(deps: Deps, actor: Actor, input: unknown): Promise<{ stopped: boolean }> {
  const parsed = runIdInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const { run, isRequester, managesSpace } = await requireCanSteer(deps, actor, parsed.data.runId);
  if (!isRequester && !managesSpace) throw new AppError("forbidden", "Only the person it works for, the space's owners and admins can stop this run");
  if (isTerminalStatus(run.status)) throw new AppError("conflict", `The run already ended (${run.status})`);
  if (!deps.bus) throw new AppError("internal", "The agent gateway is not running");
  const me = await deps.db.entity.findUnique({ where: { id: actor.entityId }, select: { name: true } });
  deps.bus.emit("run:steer", { op: "cancel", runId: run.id, reason: `stopped by ${me?.name ?? "a member"} from the chat` });
  return { stopped: true };
}
