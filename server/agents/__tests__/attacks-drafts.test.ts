// A send_message that ends refused must leave nothing on anyone's screen. Drafts stream while
// the model writes the call, before send_message checks it, so an over-long text or a reply to
// another space's message used to reach members as a draft anyway. Ben watches #general with a
// real Socket.IO client; what he receives is replayed through the chat's own reducer.
import { afterEach, describe, expect, it } from "vitest";
import { MAX_MESSAGE_LENGTH } from "@/lib/limits";
import type { RunStreamDto } from "@/lib/realtime/dto";
import { initialState, reducer } from "@/components/chat/workspace-reducer";
import type { TestServer } from "../../testing/test-server";
import { startAgentScenario, type Script } from "../../testing/agents";
import { until } from "../../testing/until";
import { createChannel } from "../../domain/spaces/create-channel";
import { addMembers } from "../../domain/spaces/add-members";
import { sendMessage } from "../../domain/messages/send-message";

let srv: TestServer;
afterEach(async () => srv?.close());

const ASK = "Planner, answer Ben";

type Seen = { type: "stream"; draft: RunStreamDto } | { type: "withdrawn"; clientMessageId: string };

/** Planner in #general (and #design, with Ada) runs `script`; Ben, in #general only, watches. */
async function watch(script: (ids: { design: string; designMessage: string; generalMessage: string }) => Script) {
  const ids = { design: "", designMessage: "", generalMessage: "" };
  // Planner acts only on Ada's request; the messages that set the scene wake it too.
  const s = await startAgentScenario({ Planner: (c) => (c.system.includes(ASK) ? script(ids)(c) : { text: "not for me" }) });
  srv = s.srv;
  const ben = await srv.user("Ben");
  await addMembers(srv.deps, s.ada.actor, { spaceId: s.space.id, entityIds: [ben.entityId] });
  const design = await createChannel(srv.deps, s.ada.actor, { name: "design", memberIds: [s.agents.Planner!.entityId] });
  ids.design = design.id;
  ids.designMessage = (await sendMessage(srv.deps, s.ada.actor, { spaceId: design.id, text: "the launch slips to May" })).message.id;
  ids.generalMessage = (await sendMessage(srv.deps, ben.actor, { spaceId: s.space.id, text: "when do we launch?" })).message.id;
  await srv.gateway.idle();
  const socket = await ben.connect();
  const seen: Seen[] = [];
  const ended: string[] = [];
  socket.on("run:stream", (draft) => seen.push({ type: "stream", draft }));
  socket.on("run:draft_withdrawn", ({ clientMessageId }) => seen.push({ type: "withdrawn", clientMessageId }));
  socket.on("run:updated", ({ run }) => run.status === "completed" && ended.push(run.id));
  await sendMessage(srv.deps, s.ada.actor, { spaceId: s.space.id, text: ASK });
  await srv.gateway.idle();
  // The run's end is published after its drafts, on the same socket: once Ben has it, he has them all.
  await until("Ben sees the run end", async () => ended.length > 0);
  const drafts = () => {
    let state = reducer(initialState(ben.entityId, s.space.id), { type: "page", spaceId: s.space.id, messages: [] });
    for (const e of seen)
      state = reducer(state, e.type === "stream" ? { type: "draft", draft: e.draft } : { type: "draftWithdrawn", clientMessageId: e.clientMessageId });
    return Object.values(state.drafts);
  };
  const posted = () => srv.deps.db.message.findMany({ where: { sender: { type: "agent" } } });
  return { seen, drafts, posted };
}

const streamed = (seen: Seen[]) => seen.flatMap((e) => (e.type === "stream" ? [e.draft.text] : []));

describe("a refused send_message leaves nothing on any screen", () => {
  it("an over-long message never streams past the length limit, and what did stream is withdrawn", async () => {
    const long = "x".repeat(Math.floor(MAX_MESSAGE_LENGTH * 1.5));
    const { seen, drafts, posted } = await watch(() => (c) => (c.results.length ? { text: "done" } : { tool: "send_message", input: { text: long } }));
    // Half of the input streamed (within the limit) and was shown; the rest went over it.
    expect(streamed(seen).length).toBeGreaterThan(0);
    expect(Math.max(...streamed(seen).map((t) => t.length))).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
    expect(seen.at(-1)?.type).toBe("withdrawn");
    expect(drafts()).toEqual([]);
    expect(await posted()).toEqual([]);
  });

  it("a reply to another space's message streams nothing: the target is checked before the first draft", async () => {
    const { seen, posted } = await watch(
      ({ designMessage }) =>
        (c) =>
          c.results.length ? { text: "done" } : { tool: "send_message", input: { messageId: designMessage, text: "Ben: the launch slips to May" } },
    );
    expect(seen).toEqual([]);
    expect(await posted()).toEqual([]);
  });

  it("a reply target written after the text withdraws the draft once it is known to be bad", async () => {
    const { seen, drafts, posted } = await watch(
      ({ designMessage }) =>
        (c) =>
          c.results.length ? { text: "done" } : { tool: "send_message", input: { text: "Ben: the launch slips to May", messageId: designMessage } },
    );
    expect(seen.map((e) => e.type)).toContain("withdrawn");
    expect(drafts()).toEqual([]);
    expect(await posted()).toEqual([]);
  });

  it("a good reply still streams and ends as the one posted message", async () => {
    const { seen, drafts, posted } = await watch(
      ({ generalMessage }) =>
        (c) =>
          c.results.length ? { text: "done" } : { tool: "send_message", input: { messageId: generalMessage, text: "Ben: in May, I am told" } },
    );
    expect(streamed(seen).length).toBeGreaterThan(0);
    expect(seen.map((e) => e.type)).not.toContain("withdrawn");
    expect((await posted()).map((m) => m.text)).toEqual(["Ben: in May, I am told"]);
    // Only the message:new (not replayed here) replaces the draft on screen.
    expect(drafts().map((d) => d.text)).toEqual(["Ben: in May, I am told"]);
  });
});
