import { describe, expect, it } from "vitest";
import { agentTokenRows, costRows, unpricedModels } from "./chart-rows";
import type { UsageDto } from "./usage-dto";

const usage: UsageDto = {
  days: ["2026-11-21", "2026-11-22"],
  agents: [
    { id: "a", name: "Scout" },
    { id: "b", name: "Critic" },
  ],
  tokens: [{ day: "2026-11-22", agentId: "a", input: 100, cachedInput: 40, output: 10, cachedShare: 0.4 }],
  cost: [
    { day: "2026-11-22", agentId: "a", usd: 0.5, unpriced: [] },
    { day: "2026-11-22", agentId: "b", usd: null, unpriced: ["my-llama"] },
    { day: "2026-11-21", agentId: "a", usd: 0.1, unpriced: ["my-llama"] },
  ],
  outcomes: [],
  durations: [],
};

describe("usage chart rows", () => {
  it("splits input into uncached and cached and fills empty days with zeros", () => {
    expect(agentTokenRows(usage, "a")).toEqual([
      { day: "2026-11-21", uncachedInput: 0, cachedInput: 0, output: 0, cachedShare: null },
      { day: "2026-11-22", uncachedInput: 60, cachedInput: 40, output: 10, cachedShare: 0.4 },
    ]);
  });

  it("leaves unpriced cost out of the chart rather than drawing it as 0, and lists the models", () => {
    expect(costRows(usage)).toEqual([
      { day: "2026-11-21", a: 0.1 },
      { day: "2026-11-22", a: 0.5 },
    ]);
    expect(unpricedModels(usage)).toEqual([{ model: "my-llama", agents: ["Critic", "Scout"] }]);
  });
});
