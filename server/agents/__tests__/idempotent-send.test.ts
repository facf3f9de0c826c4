// send_message is idempotent within a run, but only for the same message: the same text as
// replies to two different questions is two messages.
import { afterEach, expect, it } from "vitest";
import type { TestServer } from "@/server/testing/test-server";
import { startAgentScenario } from "@/server/testing/agents";
import { sendMessage } from "@/server/domain/messages/send-message";

let srv: TestServer;
afterEach(async () => srv?.close());

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
  await srv.deps.db.agent.update({ where: { id: agents.Scout!.id }, data: { enabled: true } });
  await sendMessage(srv.deps, ada.actor, { spaceId: space.id, text: "Scout?" });
  await srv.gateway.idle();
  const replies = await srv.deps.db.message.findMany({ where: { spaceId: space.id, text: "Yes" }, orderBy: { seq: "asc" } });
  expect(replies.map((m) => m.replyToMessageId)).toEqual(ids);
});
