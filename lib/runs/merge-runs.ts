// The live run list's one rule for combining what it has with what arrives (a page, a refresh
// of the newest runs, a run pushed over the socket): one row per run, newest first, and a
// pushed run keeps the trigger words its row already had (the socket's RunDto has none).
import type { RunDto } from "@/lib/realtime/dto";
import type { RunListItemDto } from "./run-dtos";

const newestFirst = (a: RunDto, b: RunDto) => Date.parse(b.queuedAt) - Date.parse(a.queuedAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function mergeRuns(list: RunListItemDto[], incoming: (RunListItemDto | RunDto)[]): RunListItemDto[] {
  const byId = new Map(list.map((r) => [r.id, r]));
  for (const run of incoming) {
    const had = byId.get(run.id);
    byId.set(run.id, {
      triggerExcerpt: had?.triggerExcerpt ?? null,
      triggerSpaceName: had?.triggerSpaceName ?? null,
      triggerSpaceKind: had?.triggerSpaceKind ?? null,
      ...run,
    } as RunListItemDto);
  }
  return [...byId.values()].sort(newestFirst);
}
