import { describe, expect, it } from "vitest";
import type { RunDto } from "@/lib/realtime/dto";
import type { RunDetailDto } from "./run-dtos";
import type { RunEventDto } from "./run-events";
import { mergeRunDetail, unionEvents } from "./merge-run-detail";

const ev = (seq: number): RunEventDto =>
  ({ runId: "r1", seq, type: "status", data: { status: "running" }, createdAt: "2026-01-01T00:00:00.000Z" }) as RunEventDto;
const run = (status: string) => ({ id: "r1", status }) as unknown as RunDto;
const detail = (status: string, events: RunEventDto[]) => ({ run: run(status), events }) as unknown as RunDetailDto;

describe("mergeRunDetail", () => {
  it("keeps a run pushed while the fetch was out: a fetch that left before the run ended cannot bring 'running' back", () => {
    const merged = mergeRunDetail(detail("running", [ev(1)]), detail("running", [ev(1), ev(2)]), run("completed"));
    expect(merged.run.status).toBe("completed");
  });

  it("takes the fetched run when nothing was pushed meanwhile", () => {
    expect(mergeRunDetail(detail("queued", []), detail("running", []), null).run.status).toBe("running");
  });

  it("keeps events the page had that the fetch did not read yet, once each and in order", () => {
    const merged = mergeRunDetail(detail("running", [ev(1), ev(3)]), detail("running", [ev(1), ev(2)]), null);
    expect(merged.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(unionEvents([ev(2)], [ev(2), ev(1)]).map((e) => e.seq)).toEqual([1, 2]);
  });
});
