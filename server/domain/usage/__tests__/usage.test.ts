// The usage series from real Run rows: grouping by UTC day and agent, cached share, cost with
// and without a price (admin's over default, snapshots, the model the run called), outcomes,
// median and p95 durations, the range, and who may ask.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "@/server/testing/test-database";
import { createAgent } from "@/server/testing/agents";
import type { Db } from "@/server/db/client";
import { getUsage } from "../get-usage";
import { updateModelPrices } from "../update-model-prices";
import { listModelPrices } from "../list-model-prices";
import { priceFor } from "@/lib/usage/default-prices";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Db;
const now = new Date("2026-11-22T12:00:00Z");
const admin = { entityId: "", isAdmin: true };
let scout: { id: string };
let critic: { id: string };

const at = (iso: string) => new Date(iso);

async function addRun(
  agentId: string,
  r: {
    day: string;
    status?: "completed" | "failed" | "canceled" | "running";
    ms?: number;
    input?: number;
    cached?: number;
    output?: number;
    modelId?: string | null;
  },
) {
  const startedAt = at(`${r.day}T10:00:00Z`);
  await db.run.create({
    data: {
      agentId,
      triggerType: "service",
      serviceName: "test",
      status: r.status ?? "completed",
      queuedAt: startedAt,
      startedAt: r.ms === undefined ? null : startedAt,
      endedAt: r.ms === undefined ? null : new Date(startedAt.getTime() + r.ms),
      inputTokens: r.input ?? 0,
      cachedInputTokens: r.cached ?? 0,
      outputTokens: r.output ?? 0,
      modelId: r.modelId ?? null,
    },
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const entity = await db.entity.create({ data: { type: "human", name: "Ada" } });
  admin.entityId = entity.id;
  scout = await createAgent(db, "Scout", { provider: "openai", modelId: "gpt-4o-mini" });
  critic = await createAgent(db, "Critic", { provider: "openai", modelId: "my-llama" });
  // Scout, Nov 21: gpt-4o-mini with a quarter of its input cached, and five durations.
  await addRun(scout.id, { day: "2026-11-21", ms: 100, input: 600_000, cached: 150_000, output: 50_000, modelId: "gpt-4o-mini" });
  await addRun(scout.id, { day: "2026-11-21", ms: 200, input: 400_000, cached: 100_000, output: 50_000, modelId: "gpt-4o-mini-2024-07-18" });
  await addRun(scout.id, { day: "2026-11-21", ms: 300, status: "failed" });
  await addRun(scout.id, { day: "2026-11-21", ms: 400, status: "canceled" });
  await addRun(scout.id, { day: "2026-11-21", ms: 1000 });
  // Still running: counts tokens, not outcomes or durations.
  await addRun(scout.id, { day: "2026-11-22", status: "running", input: 1000 });
  // Critic: an unpriced model, and a run that called gpt-4o before the agent moved to my-llama.
  await addRun(critic.id, { day: "2026-11-22", ms: 50, input: 1000, output: 100, modelId: "my-llama" });
  await addRun(critic.id, { day: "2026-11-22", ms: 50, input: 1_000_000, output: 0, modelId: "gpt-4o" });
  // A run that never called a model is priced by the agent's model now.
  await addRun(critic.id, { day: "2026-11-20", status: "failed", output: 10 });
  // Outside the 7 days, inside the 30.
  await addRun(scout.id, { day: "2026-11-01", ms: 5000, input: 10 });
  // Outside both.
  await addRun(scout.id, { day: "2026-10-20", ms: 5000, input: 99 });
});
afterAll(() => database?.close());

describe("usage series", () => {
  it("covers the last 7 UTC days by default, oldest first, and only runs queued in them", async () => {
    const u = await getUsage({ db }, admin, { query: {}, now });
    expect(u.days).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(u.tokens.some((p) => p.day === "2026-11-01")).toBe(false);
    const month = await getUsage({ db }, admin, { query: { days: "30" }, now });
    expect(month.days).toHaveLength(30);
    expect(month.days[0]).toBe("2026-10-24");
    expect(month.tokens.find((p) => p.day === "2026-11-01")?.input).toBe(10);
    expect(month.tokens.some((p) => p.day === "2026-10-20")).toBe(false);
  });

  it("sums tokens per agent per day with the cached share of the input", async () => {
    const u = await getUsage({ db }, admin, { query: { days: "7" }, now });
    expect(u.agents.map((a) => a.name)).toEqual(["Critic", "Scout"]);
    expect(u.tokens.find((p) => p.agentId === scout.id && p.day === "2026-11-21")).toEqual({
      day: "2026-11-21",
      agentId: scout.id,
      input: 1_000_000,
      cachedInput: 250_000,
      output: 100_000,
      cachedShare: 0.25,
    });
    // No input that day: no share, rather than a share of 0.
    expect(u.tokens.find((p) => p.agentId === critic.id && p.day === "2026-11-20")?.cachedShare).toBeNull();
  });

  it("prices a day's runs by the model each called, snapshots as their family", async () => {
    const u = await getUsage({ db }, admin, { query: {}, now });
    // gpt-4o-mini: 750k uncached × 0.15 + 250k cached × 0.075 + 100k out × 0.6, per million.
    const scoutDay = u.cost.find((p) => p.agentId === scout.id && p.day === "2026-11-21")!;
    expect(scoutDay.usd).toBeCloseTo(0.1125 + 0.01875 + 0.06, 10);
    expect(scoutDay.unpriced).toEqual([]);
  });

  it("shows a model without a price as unpriced, never as free, next to the priced part", async () => {
    const u = await getUsage({ db }, admin, { query: {}, now });
    const criticToday = u.cost.find((p) => p.agentId === critic.id && p.day === "2026-11-22")!;
    // The gpt-4o run (1M input at 2.50) is priced although Critic now runs my-llama.
    expect(criticToday).toMatchObject({ usd: 2.5, unpriced: ["my-llama"] });
    // Only my-llama that day: no cost at all, not 0.
    const criticEarlier = u.cost.find((p) => p.agentId === critic.id && p.day === "2026-11-20")!;
    expect(criticEarlier).toMatchObject({ usd: null, unpriced: ["my-llama"] });
  });

  it("uses an admin's price over the default, and prices a model once an admin sets one", async () => {
    await updateModelPrices({ db }, admin, {
      prices: [
        { modelId: "my-llama", inputPerM: 1, cachedInputPerM: 0.5, outputPerM: 2 },
        { modelId: "gpt-4o", inputPerM: 5, cachedInputPerM: 2.5, outputPerM: 20 },
      ],
    });
    const u = await getUsage({ db }, admin, { query: {}, now });
    // 1M × 5 (gpt-4o, admin) + 1000 × 1 + 100 × 2 (my-llama) per million.
    expect(u.cost.find((p) => p.agentId === critic.id && p.day === "2026-11-22")).toMatchObject({ usd: 5 + 0.0012, unpriced: [] });
    expect(u.cost.find((p) => p.agentId === critic.id && p.day === "2026-11-20")?.usd).toBeCloseTo(0.00002, 10);
    const rows = await listModelPrices({ db }, admin);
    expect(rows.find((r) => r.modelId === "my-llama")).toMatchObject({ source: "admin", agents: ["Critic"] });
    expect(rows.find((r) => r.modelId === "gpt-4o-mini")).toMatchObject({ source: "default", agents: ["Scout"] });
    // Saving without them removes the admin prices: gpt-4o back to its default, my-llama to none.
    await updateModelPrices({ db }, admin, { prices: [] });
    const after = await listModelPrices({ db }, admin);
    expect(after.find((r) => r.modelId === "my-llama")).toMatchObject({ source: "none", price: null });
    expect(after.find((r) => r.modelId === "gpt-4o")).toMatchObject({ source: "default", price: { inputPerM: 2.5 } });
  });

  it("records price changes in the audit log, changed models only", async () => {
    await updateModelPrices({ db }, admin, { prices: [{ modelId: "gpt-4o", inputPerM: 3, cachedInputPerM: 1, outputPerM: 12 }] });
    await updateModelPrices({ db }, admin, {
      prices: [
        { modelId: "gpt-4o", inputPerM: 3, cachedInputPerM: 1, outputPerM: 12 },
        { modelId: "o3", inputPerM: 2, cachedInputPerM: 0.5, outputPerM: 8 },
      ],
    });
    const entries = await db.auditEntry.findMany({ where: { action: "settings.update" }, orderBy: { createdAt: "asc" } });
    const last = entries.at(-1)!;
    expect(last).toMatchObject({ actorId: admin.entityId, agentId: null, subject: "model prices" });
    expect(last.before).toEqual({ o3: null });
    expect(last.after).toEqual({ o3: { inputPerM: 2, cachedInputPerM: 0.5, outputPerM: 8 } });
    await updateModelPrices({ db }, admin, { prices: [] });
  });

  it("counts outcomes per day and leaves days without runs at zero", async () => {
    const u = await getUsage({ db }, admin, { query: {}, now });
    expect(u.outcomes.find((p) => p.day === "2026-11-21")).toEqual({ day: "2026-11-21", completed: 3, failed: 1, canceled: 1 });
    expect(u.outcomes.find((p) => p.day === "2026-11-18")).toEqual({ day: "2026-11-18", completed: 0, failed: 0, canceled: 0 });
    expect(u.outcomes).toHaveLength(7);
  });

  it("computes median and p95 duration of the runs that ended, per day", async () => {
    const u = await getUsage({ db }, admin, { query: {}, now });
    // 100, 200, 300, 400, 1000 ms: median 300; p95 interpolates 95% of the way: 400 + 0.8 × 600.
    expect(u.durations.find((p) => p.day === "2026-11-21")).toEqual({ day: "2026-11-21", runs: 5, medianMs: 300, p95Ms: 880 });
    // The running run has no duration yet; the two 50 ms runs do.
    expect(u.durations.find((p) => p.day === "2026-11-22")).toEqual({ day: "2026-11-22", runs: 2, medianMs: 50, p95Ms: 50 });
    expect(u.durations.find((p) => p.day === "2026-11-19")).toEqual({ day: "2026-11-19", runs: 0, medianMs: null, p95Ms: null });
  });

  it("refuses members, then a range that is not offered, with the field named", async () => {
    await expect(getUsage({ db }, { isAdmin: false }, { query: { days: "nope" }, now })).rejects.toMatchObject({ code: "forbidden" });
    const bad = await getUsage({ db }, admin, { query: { days: "365" }, now }).catch((e) => e);
    expect(bad).toMatchObject({ code: "bad_request", details: { fields: { days: expect.stringMatching(/7, 30/) } } });
    await expect(listModelPrices({ db }, { isAdmin: false })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateModelPrices({ db }, { entityId: admin.entityId, isAdmin: false }, { prices: [] })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("priceFor", () => {
  const none = new Map();
  it("prices dated and -latest snapshots as their family, and nothing else", () => {
    expect(priceFor("claude-3-5-sonnet-20241022", none)).toEqual({ inputPerM: 3, cachedInputPerM: 0.3, outputPerM: 15 });
    expect(priceFor("claude-sonnet-4-20250514", none)?.outputPerM).toBe(15);
    expect(priceFor("claude-3-7-sonnet-latest", none)?.inputPerM).toBe(3);
    expect(priceFor("gpt-4.1-2025-04-14", none)?.inputPerM).toBe(2);
    expect(priceFor("o3-pro", none)).toBeNull();
    expect(priceFor("parley-offline-1", none)).toEqual({ inputPerM: 0, cachedInputPerM: 0, outputPerM: 0 });
  });
});
