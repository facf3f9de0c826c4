import { describe, expect, it } from "vitest";
import { RunStatus as DbRunStatus } from "@/generated/prisma/enums";
import { LIVE_RUN_STATUSES, RUN_STATUSES, TERMINAL_RUN_STATUSES } from "./run-status";

describe("run statuses", () => {
  it("are the database enum's values", () => {
    expect([...RUN_STATUSES].sort()).toEqual(Object.values(DbRunStatus).sort());
  });

  it("are each either live or terminal", () => {
    expect([...LIVE_RUN_STATUSES, ...TERMINAL_RUN_STATUSES].sort()).toEqual([...RUN_STATUSES].sort());
  });
});
