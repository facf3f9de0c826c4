// send_message is idempotent within a run, but only for the same message: the same text as
// replies to two different questions is two messages.
import { afterEach, expect, it } from "vitest";
import type { TestServer } from "@/server/testing/test-server";
import { startAgentScenario } from "@/server/testing/agents";
import { sendMessage } from "@/server/domain/messages/send-message";
import { streamKey } from "../tools/stream-key";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

it('"Yes" to two questions in one step posts two replies; the same reply twice posts one', async () => {
  const ids: string[] = [];
  const scenario = await startAgentScenario({
    Scout: (c) =>
      c.results.length
        ? { text: "done" }
        : {
            tools: [
              { tool: "send_message", input: { text: "Yes", messageId: ids[0] } },
              { tool: "send_message", input: { text: "Yes", messageId: ids[1] } },
              { tool: "send_message", input: { text: "Yes", messageId: ids[1] } },
            ],
          },
  });
  srv = scenario.srv;
  const { ada, space, agents } = scenario;
  await srv.deps.db.agent.update({ where: { id: agents.Scout!.id }, data: { enabled: false } });
  for (const text of ["Can you join?", "Is the report done?"]) ids.push((await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text })).message.id);
  // Triggers are handled after the send returns: let them find Scout disabled before enabling it.
  await srv.gateway.idle();
  await srv.deps.db.agent.update({ where: { id: agents.Scout!.id }, data: { enabled: true } });
  await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "Scout?" });
  await srv.gateway.idle();
  const replies = await srv.deps.db.message.findMany({ where: { spaceId: space.id, text: "Yes" }, orderBy: { seq: "asc" } });
  expect(replies.map((m) => m.replyToMessageId)).toEqual(ids);
});

it("a message key names the model call, so a provider that numbers tool calls per response (call_0 each time) cannot collide two calls of a run", () => {
  expect(streamKey({ id: "r1", callKey: "a" }, "call_0")).not.toBe(streamKey({ id: "r1", callKey: "b" }, "call_0"));
  expect(streamKey({ id: "r1", callKey: "a" }, "call_0")).toBe(streamKey({ id: "r1", callKey: "a" }, "call_0"));
  // Long ids are hashed, so two long ids that share a prefix still differ and the key fits its column.
  const long = streamKey({ id: "r1", callKey: "a" }, `${"x".repeat(300)}1`);
  expect(long.length).toBeLessThanOrEqual(100);
  expect(long).not.toBe(streamKey({ id: "r1", callKey: "a" }, `${"x".repeat(300)}2`));
});
