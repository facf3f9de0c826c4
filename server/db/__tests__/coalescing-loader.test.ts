// Lookups that arrive while one is in flight go together; a lone lookup goes at once.
import { expect, it } from "vitest";
import { BURST_GAP_MS, coalescingLoader, LINGER_MS, MAX_COALESCED_KEYS } from "../coalescing-loader";

function recorder() {
  const batches: string[][] = [];
  let release: () => void = () => {};
  const loader = coalescingLoader<string, string>(async (keys) => {
    batches.push([...keys]);
    // The first batch is held until released; later ones answer at once.
    if (batches.length === 1) await new Promise<void>((r) => (release = r));
    return new Map(keys.filter((k) => !k.startsWith("missing")).map((k) => [k, k.toUpperCase()]));
  }, "none");
  return { batches, loader, release: () => release() };
}

it("sends a lone lookup at once, and those that arrive during it together afterwards", async () => {
  const { batches, loader, release } = recorder();
  const first = loader.load("a");
  await new Promise((r) => setTimeout(r, 5));
  expect(batches).toEqual([["a"]]);
  const later = [loader.load("b"), loader.load("missing-c")];
  await new Promise((r) => setTimeout(r, 20));
  expect(batches).toHaveLength(1); // still waiting for the first
  release();
  expect(await first).toBe("A");
  expect(await Promise.all(later)).toEqual(["B", "none"]);
  expect(batches).toEqual([["a"], ["b", "missing-c"]]);
});

it("never answers from memory: the same key asked again reads again", async () => {
  const asked: string[] = [];
  const loader = coalescingLoader<string, number>(async (keys) => {
    asked.push(...keys);
    return new Map(keys.map((k) => [k, asked.length]));
  }, 0);
  expect(await loader.load("a")).toBe(1);
  expect(await loader.load("a")).toBe(2);
  expect(asked).toEqual(["a", "a"]);
});

it("splits a pile-up larger than MAX_COALESCED_KEYS", async () => {
  const sizes: number[] = [];
  const loader = coalescingLoader<string, number>(async (keys) => {
    sizes.push(keys.length);
    return new Map(keys.map((k) => [k, 1]));
  }, 0);
  await Promise.all(Array.from({ length: MAX_COALESCED_KEYS + 1 }, (_, i) => loader.load(`k${i}`)));
  expect(Math.max(...sizes)).toBe(MAX_COALESCED_KEYS);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(MAX_COALESCED_KEYS + 1);
});

it("during a burst a batch lingers LINGER_MS and gathers the lookups that arrive meanwhile", async () => {
  const batches: string[][] = [];
  const loader = coalescingLoader<string, number>(async (keys) => {
    batches.push([...keys]);
    return new Map(keys.map((k) => [k, 1]));
  }, 0);
  await loader.load("a"); // a lone lookup: at once, in a batch of its own
  // Right after it (well within BURST_GAP_MS), lookups a millisecond apart share one batch.
  const next = [loader.load("b")];
  await new Promise((r) => setTimeout(r, 1));
  next.push(loader.load("c"));
  await Promise.all(next);
  expect(batches).toEqual([["a"], ["b", "c"]]);
  expect(LINGER_MS).toBeLessThan(BURST_GAP_MS);
});
