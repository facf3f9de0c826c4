// X1 + R6: two processes, clients split across them, 10 senders × 100 messages. Every
// client must see every message exactly once, as stored (seq order), and a sender's own
// messages in the order it sent them; cross-process delivery latency is printed.
import { percentile } from "../../measure";
import { closeAll, crowd } from "../crowd";
import { Load, SAFE_SEND_EVERY_MS } from "../load";
import type { Scenario } from "../scenario";
import { Stack } from "../stack";
import { compareAll, storedMessages, storedOnce, until } from "../verify";

const SENDERS = 10;
const RECEIVERS = 40;

export const x1: Scenario = {
  id: "X1",
  title: "2 processes, 10 senders × 100 messages: each client sees each message once, in seq order",
  async run(ctx) {
    const perSender = ctx.quick ? 20 : 100;
    const stack = await Stack.start(ctx.services, "X1");
    try {
      await stack.startNodes(2);
      const { spaceId, clients } = await crowd(stack, SENDERS + RECEIVERS);
      const senders = clients.slice(0, SENDERS);
      ctx.log(`${clients.length} clients on 2 processes; ${SENDERS} senders × ${perSender} messages, one each ${SAFE_SEND_EVERY_MS} ms`);

      const load = new Load("x1");
      const cross: number[] = [];
      const same: number[] = [];
      for (const c of clients) {
        c.onLive = (m, at) => {
          const sent = m.clientMessageId ? load.sent.get(m.clientMessageId) : undefined;
          if (sent && sent.sender !== c) (sent.sender.node === c.node ? same : cross).push(at - sent.at);
        };
      }
      load.start(senders, SAFE_SEND_EVERY_MS, perSender);
      await load.settle();
      const expected = SENDERS * perSender;
      await until(() => clients.every((c) => c.timeline.size >= expected), 15_000);

      const stored = await storedMessages(stack.db, spaceId);
      const once = storedOnce(stored, load.sent.keys());
      ctx.check(
        "every message stored exactly once",
        once.missing === 0 && once.doubled === 0 && once.unknown === 0 && stored.length === expected,
        `${stored.length} rows for ${once.sent} sends (missing ${once.missing}, doubled ${once.doubled}, unknown ${once.unknown}, failed sends ${load.failed().length})`,
      );
      const seen = compareAll(clients, stored);
      ctx.check(
        "every client got every message live, exactly once",
        seen.liveNever === 0 && seen.liveTwice === 0,
        `${clients.length} clients × ${stored.length}: never ${seen.liveNever}, twice ${seen.liveTwice}`,
      );
      ctx.check(
        "each client's timeline is the stored seq order",
        seen.missing === 0 && seen.wrong === 0,
        `missing ${seen.missing}, wrong ${seen.wrong}, clients off ${seen.clientsOff}`,
      );
      // A sender's messages: each acked before the next is due, so they must arrive in its order.
      let senderOrderBreaks = 0;
      let inversions = 0;
      for (const c of clients) {
        const lastBySender = new Map<string, number>();
        let prev = 0;
        for (const seq of c.arrivals) {
          if (seq < prev) inversions++;
          prev = Math.max(prev, seq);
          const m = c.timeline.get(seq);
          if (!m) continue;
          if ((lastBySender.get(m.sender.id) ?? 0) > seq) senderOrderBreaks++;
          lastBySender.set(m.sender.id, seq);
        }
      }
      const arrivals = clients.reduce((n, c) => n + c.arrivals.length, 0);
      ctx.check("each sender's messages arrive in the order sent", senderOrderBreaks === 0, `${senderOrderBreaks} out of order`);
      ctx.figure(`live arrivals after a higher seq (different senders; the client sorts by seq): ${inversions} of ${arrivals}`);
      ctx.figure(
        `delivery latency, send → receipt: cross-process p50 ${percentile(cross, 50).toFixed(1)} ms, p99 ${percentile(cross, 99).toFixed(1)} ms (n=${cross.length}); ` +
          `same-process p50 ${percentile(same, 50).toFixed(1)} ms, p99 ${percentile(same, 99).toFixed(1)} ms (n=${same.length})`,
      );
      ctx.check("no process crashed", stack.crashed().length === 0, stack.crashed().join(", ") || "2 of 2 up");
      closeAll(clients);
    } finally {
      await stack.stop();
    }
  },
};
