// R1: Redis goes away under load with two processes, through the proxy in front of it,
// then comes back. Messages between clients of the same process must keep flowing;
// cross-process delivery must resume within 10 s of Redis being back; the clients' seq
// replay must fill every hole, and nothing may be missing in the end.
import { sleep } from "@/scripts/parley-process";
import { bump, showCounts } from "../../abuse/client";
import { ChatClient } from "../chat-client";
import { closeAll, crowd } from "../crowd";
import { Load, SAFE_SEND_EVERY_MS } from "../load";
import type { Scenario } from "../scenario";
import { Stack } from "../stack";
import { compare, compareAll, storedMessages, storedOnce, until } from "../verify";

const SENDERS = 4;
const RECEIVERS = 12;
/** Cross-process delivery must be back this long after Redis is. */
const RESUME_WITHIN_MS = 10_000;
/** "Live" for same-process delivery during the outage: received within this of the first attempt. */
const SAME_NODE_LIVE_MS = 2000;

export const r1: Scenario = {
  id: "R1",
  title: "Redis down under load (2 processes): same-process delivery goes on, cross-process resumes, replay fills holes",
  async run(ctx) {
    const outageMs = ctx.quick ? 5000 : 20_000;
    const stack = await Stack.start(ctx.services, "R1");
    try {
      await stack.startNodes(2);
      const { spaceId, clients } = await crowd(stack, SENDERS + RECEIVERS);
      const load = new Load("r1").start(clients.slice(0, SENDERS), SAFE_SEND_EVERY_MS);
      await sleep(3000);
      ctx.log(`cutting Redis for ${outageMs / 1000} s`);
      const cutAt = performance.now();
      await stack.redisProxy.cut();
      await sleep(outageMs / 2);
      // Can someone connect while Redis is away? (Presence asks every process, through Redis.)
      const node = stack.nodes[0]!;
      const newcomer = new ChatClient("newcomer", node.name, node.process.url, clients[SENDERS]!.cookie, spaceId);
      const newcomerReady = newcomer.ready().then(
        () => performance.now(),
        () => Number.NaN,
      );
      await sleep(outageMs / 2);
      await stack.redisProxy.restore();
      const restoredAt = performance.now();
      ctx.log("Redis back");
      await sleep(RESUME_WITHIN_MS + 5000);
      load.stop();
      await load.settle();
      const stored = await storedMessages(stack.db, spaceId);
      await until(() => clients.every((c) => c.timeline.size >= stored.length), 10_000);

      // Same-process delivery during the outage.
      const sameNode = { due: 0, live: 0 };
      const crossAfter: { at: number; delivered: boolean }[] = [];
      for (const s of load.sent.values()) {
        if (!s.message) continue;
        const others = clients.filter((c) => c !== s.sender);
        if (s.at > cutAt + 500 && s.at < restoredAt - SAME_NODE_LIVE_MS) {
          for (const c of others.filter((c) => c.node === s.sender.node)) {
            sameNode.due++;
            const at = c.liveAt.get(s.message.id);
            if (at !== undefined && at - s.at < SAME_NODE_LIVE_MS) sameNode.live++;
          }
        }
        if (s.at >= restoredAt) {
          const cross = others.filter((c) => c.node !== s.sender.node);
          crossAfter.push({ at: s.at, delivered: cross.every((c) => c.liveAt.has(s.message!.id)) });
        }
      }
      const acks: Record<string, number> = {};
      for (const c of clients) for (const a of c.attempts) if (a.sentAt > cutAt && a.answeredAt < restoredAt) bump(acks, a.result);
      ctx.check(
        "same-process delivery goes on during the outage",
        sameNode.due > 0 && sameNode.live === sameNode.due,
        `${sameNode.live} of ${sameNode.due} deliveries within ${SAME_NODE_LIVE_MS} ms; acks during the outage: ${showCounts(acks)}`,
      );
      // Resumed: from when on every message sent after Redis is back reached every other-process
      // client live (after the last one that did not). Processes' Redis clients reconnect on
      // their own backoff, so a few messages early on may cross late; the catch-up fills them.
      const lastMissed = crossAfter.findLastIndex((x) => !x.delivered);
      const resumedAt = lastMissed < 0 ? crossAfter[0]?.at : crossAfter[lastMissed + 1]?.at;
      const resumedMs = resumedAt === undefined ? Number.POSITIVE_INFINITY : resumedAt - restoredAt;
      const early = crossAfter.filter((x) => !x.delivered).length;
      const firstLive = crossAfter.findIndex((x) => x.delivered);
      ctx.check(
        `cross-process delivery resumes ≤ ${RESUME_WITHIN_MS / 1000} s after Redis is back`,
        resumedMs <= RESUME_WITHIN_MS,
        `every message live across from ${Number.isFinite(resumedMs) ? `${(resumedMs / 1000).toFixed(1)} s` : "never"} after (first live across at ${firstLive < 0 ? "never" : `${((crossAfter[firstLive]!.at - restoredAt) / 1000).toFixed(1)} s`}); ${early} sent after Redis was back crossed only by catch-up`,
      );
      // Holes a connected client is left with (a live message past a hole starts a catch-up).
      const holes = clients.map((c) => compare(c, stored).missing);
      const reconnects = clients.reduce((n, c) => n + c.reconnects, 0);
      // When were the missed ones sent (first attempt, relative to the cut), and from which process?
      const missed = new Set<string>();
      for (const c of clients) for (const m of stored) if (c.timeline.get(m.seq)?.id !== m.id && m.clientMessageId) missed.add(m.clientMessageId);
      const when = [...missed]
        .slice(0, 6)
        .map((k) => load.sent.get(k))
        .map((x) => (x ? `${x.sender.node} +${((x.at - cutAt) / 1000).toFixed(1)} s` : "?"));
      ctx.check(
        "connected clients are left with no holes (a live message past a hole starts a catch-up, as in the browser)",
        holes.every((h) => h === 0),
        `${holes.filter((h) => h > 0).length} of ${clients.length} clients miss ${holes.reduce((a, b) => a + b, 0)} messages; ${reconnects} reconnects; ` +
          `missed messages sent (from the cut; Redis back at +${((restoredAt - cutAt) / 1000).toFixed(1)} s): ${when.join(", ") || "none"}`,
      );
      await Promise.all(clients.map((c) => c.replay().catch(() => c.replayErrors++)));
      const seen = compareAll(clients, stored);
      const once = storedOnce(stored, load.sent.keys());
      ctx.check(
        "after messages:since replay nothing is missing or doubled",
        seen.missing === 0 && seen.wrong === 0 && seen.liveTwice === 0 && once.missing === 0 && once.doubled === 0,
        `clients: missing ${seen.missing}, wrong ${seen.wrong}, live twice ${seen.liveTwice}; stored: ${stored.length} rows for ${once.sent} messages (missing ${once.missing}, doubled ${once.doubled}); given up ${load.failed().length}`,
      );
      const readyAt = await Promise.race([newcomerReady, sleep(1000).then(() => Number.NaN)]);
      ctx.figure(
        `a client connecting during the outage: ${Number.isNaN(readyAt) ? "not ready by the end" : `ready ${((readyAt - restoredAt) / 1000).toFixed(1)} s after Redis came back`}`,
      );
      newcomer.close();
      ctx.check("no process crashed", stack.crashed().length === 0, stack.crashed().join(", ") || "2 of 2 up");
      closeAll(clients);
    } finally {
      await stack.stop();
    }
  },
};
