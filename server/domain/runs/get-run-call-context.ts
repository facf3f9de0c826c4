// One model call's context for the inspector, loaded on demand: the run page lists the calls
// (their "context" events), and each text is fetched only when chosen, since a text can be the
// size of the model's window. Redacted by the reach that call had (redact-run.ts).
import { MAX_RUN_CALL_NUMBER } from "@/lib/limits";
import type { RunCallContextDto } from "@/lib/runs/run-dtos";
import { z } from "zod";
import type { Actor, Deps } from "../deps";
import { AppError, invalidInput } from "../errors";
import { loadRunViewer, redactCallContext } from "./redact-run";
import { requireRunInspector } from "./require-admin";

export const runCallInput = z
  .object({
    runId: z.string().regex(/^[\w-]{1,64}$/, "Not a run id"),
    call: z.coerce.number().int("Not a call number").min(1, "Not a call number").max(MAX_RUN_CALL_NUMBER, "Not a call number"),
  })
  .strict();

export async function getRunCallContext({ db }: Pick<Deps, "db">, actor: Pick<Actor, "isAdmin" | "entityId">, input: unknown): Promise<RunCallContextDto> {
  requireRunInspector(actor);
  const parsed = runCallInput.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  const { runId, call } = parsed.data;
  const where = { runId, type: "context" };
  const [run, viewer, events, calls] = await Promise.all([
    db.run.findUnique({ where: { id: runId }, select: { reach: true, triggerSpaceId: true } }),
    loadRunViewer(db, actor),
    db.runEvent.findMany({ where, orderBy: { seq: "asc" }, skip: call - 1, take: 1, select: { data: true, contextText: true } }),
    db.runEvent.count({ where }),
  ]);
  if (!run) throw new AppError("not_found", "Run not found");
  const event = events[0];
  if (!event) throw new AppError("not_found", `The run has made ${calls} model call${calls === 1 ? "" : "s"}`);
  const data = event.data as { tokens?: number; reach?: string[] };
  return { call, calls, tokens: data.tokens ?? 0, context: redactCallContext(viewer, event.contextText, data.reach, run) };
}
