// R5: clients that were away catch up exactly (messages:since from their last unbroken
// seq): one after 30 s offline, one after 5 minutes (quick: 5 s and 20 s), and the clients
// of a process that restarts meanwhile (they reconnect to it once it is back).
import { sleep } from "@/scripts/parley-process";
import type { ChatClient } from "../chat-client";
import { closeAll, crowd } from "../crowd";
import { Load, SAFE_SEND_EVERY_MS } from "../load";
import type { Scenario } from "../scenario";
import { Stack } from "../stack";
import { compare, storedMessages, until } from "../verify";

const SENDERS = 5;

export const r5: Scenario = {
  id: "R5",
  title: "replay after a short and a long disconnect, and across a process restart: exact",
  async run(ctx) {
    const shortMs = ctx.quick ? 5000 : 30_000;
    const longMs = ctx.quick ? 20_000 : 300_000;
    const stack = await Stack.start(ctx.services, "R5");
    try {
      await stack.startNodes(2);
      // Senders on n1; `short` on n2, `long` on n1, and four more on n2, which restarts.
      const nodeOf = (i: number) => (i < SENDERS ? 0 : i === SENDERS + 1 ? 0 : 1);
      const { spaceId, clients } = await crowd(stack, SENDERS + 6, nodeOf);
      const [short, long] = [clients[SENDERS]!, clients[SENDERS + 1]!];
      const onRestarted = clients.slice(SENDERS + 2);
      const load = new Load("r5").start(clients.slice(0, SENDERS), SAFE_SEND_EVERY_MS);
      await sleep(2000);
      short.socket.disconnect();
      long.socket.disconnect();
      const t0 = performance.now();
      ctx.log(`two clients offline: for ${shortMs / 1000} s and for ${longMs / 1000} s`);
      await sleep(shortMs);
      short.socket.connect();
      await sleep(3000);
      ctx.log("restarting n2");
      const stopAt = performance.now();
      await stack.stopNode(1);
      await stack.startNode(1);
      const downMs = performance.now() - stopAt;
      await sleep(Math.max(0, t0 + longMs - performance.now()));
      long.socket.connect();
      await sleep(3000);
      load.stop();
      await load.settle();
      const stored = await storedMessages(stack.db, spaceId);
      await until(() => clients.every((c) => c.timeline.size >= stored.length), 15_000);

      const exact = (c: ChatClient) => {
        const r = compare(c, stored);
        return {
          ok: r.missing === 0 && r.wrong === 0,
          text: `${c.name}: missing ${r.missing}, wrong ${r.wrong}, replayed ${c.replayed} in ${c.replayPages} pages`,
        };
      };
      const s = exact(short);
      ctx.check(`replay after ${shortMs / 1000} s offline is exact`, s.ok, s.text);
      const l = exact(long);
      ctx.check(`replay after ${longMs / 1000} s offline is exact`, l.ok, l.text);
      const r = onRestarted.map(exact);
      ctx.check(
        "clients of a restarted process catch up exactly",
        r.every((x) => x.ok) && onRestarted.every((c) => c.reconnects > 0),
        `${r.filter((x) => x.ok).length} of ${r.length} exact; reconnects ${onRestarted.map((c) => c.reconnects).join(",")}; ${r.find((x) => !x.ok)?.text ?? ""}`,
      );
      ctx.figure(`${stored.length} messages; n2 down for ${(downMs / 1000).toFixed(1)} s (graceful stop to healthy)`);
      ctx.check("no process crashed", stack.crashed().length === 0, stack.crashed().join(", ") || "2 of 2 up");
      closeAll(clients);
    } finally {
      await stack.stop();
    }
  },
};
