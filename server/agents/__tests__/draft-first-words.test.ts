// The first words of a send_message reach the space as soon as the model writes them. Drafts
// are throttled (one publish per interval), and the first pieces of a tool call's input carry
// no words yet (`{"te`, `xt":"`): they must not use up the interval, or the first words wait
// for the next one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunStreamDto } from "@/lib/realtime/dto";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { createAgent } from "../../testing/agents";
import { createChannel } from "../../domain/spaces/create-channel";
import { DraftStream } from "../runs/draft-stream";
import type { RunScope } from "../tools/run-scope";

let t: TestServer;
let scope: RunScope;
let sender: { id: string; name: string; type: "agent"; avatarColor: null };
beforeAll(async () => {
  t = await startTestServer();
  const ada = await t.user("Ada", { isAdmin: true });
  const scout = await createAgent(t.deps.db, "Scout", { enabled: false });
  const space = await createChannel(t.deps, ada.actor, { name: "general", memberIds: [scout.entityId] });
  sender = { id: scout.entityId, name: "Scout", type: "agent", avatarColor: null };
  scope = {
    run: { id: "run-1", chainDepth: 0, triggerType: "space_message", triggerSpaceId: space.id, reach: [space.id], requesterId: ada.entityId },
    agent: { id: scout.id, entityId: scout.entityId, name: "Scout", maxWaitingRuns: 5, maxRunDurationMs: 60_000, maxToolSteps: 20 },
    state: { activeSpaceId: space.id, paused: false, stopped: false, waitCount: 0, seen: {} },
  } as unknown as RunScope;
});
afterAll(() => t?.close());

describe("draft streaming", () => {
  it("publishes the first piece that carries words at once, even right after pieces that carried none", async () => {
    const shown: RunStreamDto[] = [];
    const events = {
      ...t.deps.events,
      publish: (_room: string, event: string, payload: unknown) => event === "run:stream" && shown.push(payload as RunStreamDto),
    };
    const drafts = new DraftStream({ db: t.deps.db, events: events as never }, scope, sender);
    drafts.begin("call-1");
    await drafts.append("call-1", '{"te');
    await drafts.append("call-1", 'xt":"');
    expect(shown).toEqual([]);
    // Within the same throttle interval as the empty pieces: still shown now, not a tick later.
    await drafts.append("call-1", "On it");
    expect(shown.map((d) => d.text)).toEqual(["On it"]);
    await drafts.append("call-1", ", looking");
    await drafts.end("call-1");
    expect(shown.at(-1)?.text).toBe("On it, looking");
  });
});
