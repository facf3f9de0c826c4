// R2: PostgreSQL goes away for 20 s (quick: 5 s) under load, through the proxy in front
// of it. Sends during the outage must be refused with an error ack and never broadcast
// (nothing goes out that is not stored); clients retry with the same clientMessageId, and
// after recovery each message exists exactly once and every client has all of them.
import { sleep } from "@/scripts/parley-process";
import { showCounts, bump } from "../../abuse/client";
import { closeAll, crowd } from "../crowd";
import { Load } from "../load";
import type { Scenario } from "../scenario";
import { Stack } from "../stack";
import { compareAll, storedMessages, storedOnce, until } from "../verify";

const SENDERS = 6;
const RECEIVERS = 10;
/** One message per sender per second: with retries piling up, still under the message limit after recovery. */
const SEND_EVERY_MS = 1000;

export const r2: Scenario = {
  id: "R2",
  title: "PostgreSQL down under load: error acks, nothing broadcast unstored, each message once after recovery",
  async run(ctx) {
    const outageMs = ctx.quick ? 5000 : 20_000;
    const stack = await Stack.start(ctx.services, "R2");
    try {
      await stack.startNodes(2);
      const { spaceId, clients } = await crowd(stack, SENDERS + RECEIVERS);
      const load = new Load("r2").start(clients.slice(0, SENDERS), SEND_EVERY_MS);
      await sleep(3000);
      ctx.log(`cutting PostgreSQL for ${outageMs / 1000} s`);
      const cutAt = performance.now();
      await stack.pgProxy.cut();
      await sleep(outageMs);
      await stack.pgProxy.restore();
      const restoredAt = performance.now();
      ctx.log("PostgreSQL back");
      await sleep(5000);
      load.stop();
      await load.settle();

      const stored = await storedMessages(stack.db, spaceId);
      const storedIds = new Set(stored.map((m) => m.id));
      // Answers to attempts made and answered entirely inside the outage.
      const during: Record<string, number> = {};
      let firstOkAfter = Number.POSITIVE_INFINITY;
      for (const c of clients)
        for (const a of c.attempts) {
          if (a.sentAt > cutAt + 200 && a.answeredAt < restoredAt) bump(during, a.result);
          if (a.result === "ok" && a.sentAt >= restoredAt) firstOkAfter = Math.min(firstOkAfter, a.answeredAt - restoredAt);
        }
      const refused = Object.entries(during)
        .filter(([k]) => k !== "ok")
        .reduce((n, [, v]) => n + v, 0);
      ctx.check("sends during the outage get an error ack", !during.ok && refused > 0, `during the outage: ${showCounts(during)}`);
      const unstored = new Set<string>();
      for (const c of clients) for (const id of c.live.keys()) if (!storedIds.has(id)) unstored.add(id);
      ctx.check("nothing broadcast that is not stored", unstored.size === 0, `${unstored.size} broadcast message ids not in the database`);

      await until(() => clients.every((c) => c.timeline.size >= stored.length), 15_000);
      const once = storedOnce(stored, load.sent.keys());
      ctx.check(
        "after recovery each message is stored exactly once",
        once.missing === 0 && once.doubled === 0 && once.unknown === 0,
        `${stored.length} rows for ${once.sent} messages (missing ${once.missing}, doubled ${once.doubled}, unknown ${once.unknown}); given up: ${load.failed().length}`,
      );
      const seen = compareAll(clients, stored);
      ctx.check(
        "every client has every message once, in seq order",
        seen.missing === 0 && seen.wrong === 0 && seen.liveTwice === 0,
        `missing ${seen.missing}, wrong ${seen.wrong}, live twice ${seen.liveTwice}, clients off ${seen.clientsOff}`,
      );
      const retries = clients.reduce((n, c) => n + c.attempts.length, 0) - once.sent;
      ctx.figure(
        `first send accepted ${Number.isFinite(firstOkAfter) ? `${(firstOkAfter / 1000).toFixed(1)} s` : "never"} after PostgreSQL came back; ${retries} retries in all`,
      );
      ctx.check("no process crashed", stack.crashed().length === 0, stack.crashed().join(", ") || "2 of 2 up");
      closeAll(clients);
    } finally {
      await stack.stop();
    }
  },
};
