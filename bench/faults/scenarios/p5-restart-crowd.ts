// P5: the only process restarts under 1,000 connected clients while messages keep coming.
// Within 30 s of the restart every client must be back and caught up (replay), and in the
// end every timeline must be the stored one: in order, nothing missing, nothing twice.
import { sleep } from "@/scripts/parley-process";
import { closeAll, crowd } from "../crowd";
import { Load, SAFE_SEND_EVERY_MS } from "../load";
import type { Scenario } from "../scenario";
import { Stack } from "../stack";
import { compare, compareAll, storedMessages, storedOnce, until } from "../verify";

const PEOPLE = 100;
const SENDERS = 2;
const CAUGHT_UP_WITHIN_MS = 30_000;

export const p5: Scenario = {
  id: "P5",
  title: "restart the only process under 1,000 clients: all back and caught up within 30 s, exactly once",
  async run(ctx) {
    const socketsPerPerson = ctx.quick ? 3 : 10;
    const stack = await Stack.start(ctx.services, "P5");
    try {
      await stack.startNodes(1);
      const t = performance.now();
      const { spaceId, clients } = await crowd(stack, PEOPLE, () => 0, socketsPerPerson);
      ctx.log(`${clients.length} clients connected in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const load = new Load("p5").start(clients.slice(0, SENDERS), SAFE_SEND_EVERY_MS);
      await sleep(3000);
      const stopAt = performance.now();
      await stack.stopNode(0);
      await stack.startNode(0);
      const upAt = performance.now();
      ctx.log(`restarted in ${((upAt - stopAt) / 1000).toFixed(1)} s`);
      // Caught up: has every message stored before the process came back.
      const before = (await storedMessages(stack.db, spaceId)).filter((m) => m.seq > 0);
      const caughtUp = () => clients.filter((c) => c.socket.connected && before.every((m) => c.timeline.get(m.seq)?.id === m.id)).length;
      const inTime = await until(() => caughtUp() === clients.length, Math.max(0, stopAt + CAUGHT_UP_WITHIN_MS - performance.now()), 250);
      const caughtUpMs = performance.now() - stopAt;
      ctx.check(
        "every client back and caught up within 30 s of the restart",
        inTime,
        `${caughtUp()} of ${clients.length} after ${(caughtUpMs / 1000).toFixed(1)} s (process down ${((upAt - stopAt) / 1000).toFixed(1)} s)`,
      );
      await sleep(3000);
      load.stop();
      await load.settle();
      const stored = await storedMessages(stack.db, spaceId);
      await until(() => clients.every((c) => c.timeline.size >= stored.length), 15_000);
      const seen = compareAll(clients, stored);
      const off = clients.filter((c) => compare(c, stored).missing > 0);
      // Exactly once, both ways: no client was sent a message live twice (a replay after the
      // restart does not count as live), and each send, retried across the restart, is stored
      // once: every acked one, and none twice (a send given up on may or may not be stored).
      const acked = storedOnce(
        stored,
        [...load.sent.values()].filter((x) => x.message).map((x) => x.key),
      );
      const once = { ...storedOnce(stored, load.sent.keys()), missing: acked.missing };
      ctx.check(
        "every timeline is the stored one (in order, nothing missing or twice)",
        seen.missing === 0 && seen.wrong === 0 && seen.liveTwice === 0 && once.missing === 0 && once.doubled === 0,
        `missing ${seen.missing} (on ${off.length} clients), wrong ${seen.wrong}, live twice ${seen.liveTwice}; stored: ${stored.length} rows for ${once.sent} sends, ${acked.sent} acked (acked missing ${once.missing}, doubled ${once.doubled}); replay errors ${clients.reduce((n, c) => n + c.replayErrors, 0)}`,
      );
      ctx.check("no process crashed", stack.crashed().length === 0, stack.crashed().join(", ") || "up");
      closeAll(clients);
    } finally {
      await stack.stop();
    }
  },
};
