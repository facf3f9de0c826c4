import { describe, expect, it } from "vitest";
import { LIVE_RUN_STATUSES, RUN_STATUSES, TERMINAL_RUN_STATUSES } from "@/lib/runs/run-status";
import { isLegal, LEGAL_TRANSITIONS } from "../runs/transitions";

describe("the transition table", () => {
  it("names every status, and nothing leaves an ended run", () => {
    expect(Object.keys(LEGAL_TRANSITIONS).sort()).toEqual([...RUN_STATUSES].sort());
    for (const s of TERMINAL_RUN_STATUSES) expect(LEGAL_TRANSITIONS[s]).toEqual([]);
  });

  it("puts only a running run back in the queue (its process shut down mid-call)", () => {
    expect(isLegal("running", "queued")).toBe(true);
    for (const s of RUN_STATUSES) if (s !== "running") expect(isLegal(s, "queued")).toBe(false);
  });

  it("lets every live run be canceled", () => {
    for (const s of LIVE_RUN_STATUSES) expect(isLegal(s, "canceled")).toBe(true);
  });
});
