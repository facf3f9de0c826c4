// The run inspector's one rule for combining a fetched run with what the socket pushed while
// the fetch was out. Without it a fetch that left before the run ended could land after the
// push that said so, and the page would show the run "running" for good.
import type { RunDto } from "@/lib/realtime/dto";
import type { RunDetailDto } from "./run-dtos";
import type { RunEventDto } from "./run-events";

/** Events of both lists, once each, by seq. */
export function unionEvents(a: readonly RunEventDto[], b: readonly RunEventDto[]): RunEventDto[] {
  const bySeq = new Map<number, RunEventDto>();
  for (const e of [...a, ...b]) bySeq.set(e.seq, e);
  return [...bySeq.values()].sort((x, y) => x.seq - y.seq);
}

/**
 * `fetched`, keeping the events the page already had, and keeping `pushedMeanwhile` (a
 * run:updated for this run that arrived after the fetch left) as the run: the server read it
 * after the change it reports, so it is at least as new as what the fetch read.
 */
export function mergeRunDetail(had: RunDetailDto | null, fetched: RunDetailDto, pushedMeanwhile: RunDto | null): RunDetailDto {
  return {
    ...fetched,
    run: pushedMeanwhile && pushedMeanwhile.id === fetched.run.id ? pushedMeanwhile : fetched.run,
    events: unionEvents(had?.events ?? [], fetched.events),
  };
}
