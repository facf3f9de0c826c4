// Waiting for the worker to go idle (tests, benches, shutdown) must wait, not poll: a wait
// that spun once per turn of the event loop kept a core busy for as long as a run lasted.
import { performance } from "node:perf_hooks";
import { afterEach, expect, it } from "vitest";
import type { TestServer } from "../../../testing/test-server";
import { startAgentScenario } from "../../../testing/agents";
import { sendMessage } from "../../../domain/messages/send-message";

let srv: TestServer | undefined;
afterEach(async () => srv?.close());

it("idle() waits for a long run without using the CPU, and resolves when it ends", async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const s = await startAgentScenario({
    Slow: async () => {
      started();
      await held;
      return { text: "done at last" };
    },
  });
  srv = s.srv;
  await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: "take your time" });
  await running;

  let idle = false;
  const waiting = srv.gateway.idle().then(() => (idle = true));
  // The share of the time the event loop was busy (not waiting for I/O or timers): threads
  // of the compiler or the collector do not count, only work on this loop, such as a spin.
  const before = performance.eventLoopUtilization();
  await new Promise((r) => setTimeout(r, 500));
  const busy = performance.eventLoopUtilization(before).utilization;
  expect(idle).toBe(false);
  expect(busy, `event loop busy ${(busy * 100).toFixed(0)}% of the time while waiting`).toBeLessThan(0.3);

  release();
  await waiting;
  expect(await srv.deps.db.run.count({ where: { status: "completed" } })).toBe(1);
});
