// No silent failure: when a run for a person's message fails, or the agent is refused for a
// reason only a fix lifts (not configured, budget), the person sees a member-safe note under
// that message — live (only to them) and again after a reload — with Retry where it helps.
// Retry is allowed to that person for their own failed run, and refused to others.
import { afterEach, describe, expect, it } from "vitest";
import { failureKindOf, FAILURE_TEXT, type FailureNoteDto } from "@/lib/agents/failure-notes";
import { RATE_LIMITS } from "@/lib/limits";
import type { TestServer } from "@/server/testing/test-server";
import { waitFor } from "@/server/testing/test-server";
import { createAgent, replyOnce, type Script, startAgentScenario } from "@/server/testing/agents";
import { request, run } from "@/server/testing/http";
import { withEnv } from "@/server/testing/with-env";
import { sendMessage } from "@/server/domain/messages/send-message";
import { addMembers } from "@/server/domain/spaces/add-members";
import { listFailureNotes } from "@/server/domain/runs/failure-notes";
import { retryRun } from "@/server/domain/runs/retry-run";
import { tooManySteps } from "@/server/agents/runs/run-limits";
import { describeProviderFailure } from "@/server/agents/models/describe-provider-failure";
import { APICallError } from "ai";
import { listFailureNotesHandler } from "@/server/http/failure-notes";
import { retryRunHandler } from "@/server/http/runs";

let srv: TestServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

async function setup(scripts: Record<string, Script>) {
  const s = await startAgentScenario(scripts, { spaceName: "ops" });
  srv = s.srv;
  const ben = await s.srv.user("Ben");
  await addMembers(s.srv.deps, s.ada.actor, { spaceId: s.space.id, entityIds: [ben.entityId] });
  return { ...s, ben };
}

const failing =
  (error: string): Script =>
  () => ({ error });

describe("failure notes", () => {
  it("a failed run tells its requester, member-safe and only them, live and after a reload; Retry by the requester only", async () => {
    let down = true;
    const s = await setup({ Scout: (c) => (down ? { error: "upstream down: sk-secret-123456 at 10.0.0.5" } : replyOnce("back")(c)) });
    const ada = await s.ada.connect();
    const ben = await s.ben.connect();
    const benNotes: unknown[] = [];
    ben.on("run:failure_note", (n) => benNotes.push(n));
    const live = waitFor(ada, "run:failure_note");
    const sent = await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Scout, numbers?" });
    await s.srv.gateway.idle();
    const note = await live;
    const failed = await s.srv.deps.db.run.findFirstOrThrow({ where: { status: "failed" } });
    const expected: FailureNoteDto = {
      spaceId: s.space.id,
      messageId: sent.message.id,
      agentId: s.agents.Scout!.id,
      agentName: "Scout",
      kind: "provider_error",
      text: "Scout couldn't answer: the model provider had an error",
      runId: failed.id,
      retry: true,
      at: expect.any(String),
    };
    expect(note).toEqual(expected);
    // Nothing of the provider's words (a key, a host) reaches the member.
    expect(JSON.stringify(note)).not.toMatch(/sk-secret|10\.0\.0\.5|upstream/);
    expect(benNotes).toEqual([]);
    // After a reload: listed for Ada, nothing for Ben.
    expect(await listFailureNotes(s.srv.deps, s.ada.actor, { spaceId: s.space.id })).toEqual([expected]);
    expect(await listFailureNotes(s.srv.deps, s.ben.actor, { spaceId: s.space.id })).toEqual([]);

    // The provider is back. Ben may not retry Ada's run; Ada may, once.
    down = false;
    await expect(retryRun(s.srv.deps, s.ben.actor, { runId: failed.id })).rejects.toMatchObject({ code: "forbidden" });
    const retried = await run(s.srv, retryRunHandler, request(`/api/runs/${failed.id}/retry`, { method: "POST", cookie: s.ada.cookie, body: {} }), {
      id: failed.id,
    });
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual({ runId: expect.any(String) });
    await s.srv.gateway.idle();
    expect((await s.srv.deps.db.run.findUniqueOrThrow({ where: { id: (retried.body as { runId: string }).runId } })).status).toBe("completed");
    // Retried: the note is gone after a reload.
    expect(await listFailureNotes(s.srv.deps, s.ada.actor, { spaceId: s.space.id })).toEqual([]);
    const again = await run(s.srv, retryRunHandler, request(`/api/runs/${failed.id}/retry`, { method: "POST", cookie: s.ada.cookie, body: {} }), {
      id: failed.id,
    });
    expect(again.status).toBe(409);
  });

  it("each failure kind gets its note: rate limit, provider error, steps, time, context, key, budget, not configured", async () => {
    const s = await setup({ Scout: failing("rate limit reached, try later") });
    await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Scout?" });
    await s.srv.gateway.idle();
    const [note] = await listFailureNotes(s.srv.deps, s.ada.actor, { spaceId: s.space.id });
    expect(note).toMatchObject({ kind: "rate_limited", text: "Scout couldn't answer: the model provider is busy (rate limit)", retry: true });
    // The admin texts the gateway writes for each kind, mapped in one place.
    const apiError = (statusCode: number, message: string) =>
      new APICallError({ message, url: "http://x", requestBodyValues: {}, statusCode, responseBody: message, isRetryable: false });
    expect(failureKindOf(describeProviderFailure(apiError(429, "slow down"))!)).toBe("rate_limited");
    expect(failureKindOf(describeProviderFailure(apiError(500, "boom"))!)).toBe("provider_error");
    expect(failureKindOf(describeProviderFailure(apiError(401, "bad key"))!)).toBe("provider_refused_key");
    expect(failureKindOf(describeProviderFailure(apiError(400, "prompt is too long: 9000 tokens > 8192 maximum"))!)).toBe("context_too_long");
    expect(failureKindOf(tooManySteps({ maxToolSteps: 20 }).message)).toBe("step_limit");
    expect(failureKindOf("Run exceeded the maximum duration of 30 minutes")).toBe("time_limit");
    expect(failureKindOf("Even the smallest context for this run (9,000 tokens) does not fit the model's window")).toBe("context_too_long");
    expect(failureKindOf("budget: the agent has used 900 of its 800 tokens for today (UTC)")).toBe("budget");
    expect(failureKindOf("Scout uses OpenAI but OPENAI_API_KEY is not set.")).toBe("not_configured");
    expect(failureKindOf("not configured: provider openai has no key (OPENAI_API_KEY is not set)")).toBe("not_configured");
    // Member-safe: no figures, env names or provider words in any of them.
    for (const text of Object.values(FAILURE_TEXT)) expect(text).not.toMatch(/[0-9]|_KEY|HTTP|provider said/);
  });

  it("an agent whose provider cannot work is not woken: refused 'not configured: …', a note without Retry, no run", async () => {
    await withEnv({ OPENAI_API_KEY: undefined, ANTHROPIC_API_KEY: undefined }, async () => {
      const s = await setup({ Scout: replyOnce("hi") });
      const writer = await createAgent(s.srv.deps.db, "Writer", { provider: "openai", modelId: "gpt-4o-mini" });
      const odd = await createAgent(s.srv.deps.db, "Odd", { provider: "no-such-provider" });
      await addMembers(s.srv.deps, s.ada.actor, { spaceId: s.space.id, entityIds: [writer.entityId, odd.entityId] });
      const ada = await s.ada.connect();
      const notes: FailureNoteDto[] = [];
      ada.on("run:failure_note", (n) => notes.push(n));
      const unanswered: unknown[] = [];
      ada.on("message:unanswered", (n) => unanswered.push(n));
      const sent = await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Writer and Odd, draft the post" });
      await s.srv.gateway.idle();
      const decisions = await s.srv.deps.db.triggerDecision.findMany({ where: { messageId: sent.message.id }, select: { agentId: true, reason: true } });
      expect(decisions.find((d) => d.agentId === writer.id)?.reason).toBe("not configured: provider openai has no key (OPENAI_API_KEY is not set)");
      expect(decisions.find((d) => d.agentId === odd.id)?.reason).toBe("not configured: the model provider is unknown to this server");
      expect(await s.srv.deps.db.run.count({ where: { agentId: { in: [writer.id, odd.id] } } })).toBe(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(notes.map((n) => [n.text, n.retry, n.runId]).sort()).toEqual([
        ["Odd couldn't answer: the model provider isn't configured", false, null],
        ["Writer couldn't answer: the model provider isn't configured", false, null],
      ]);
      // They get their own note; the general "no agent picked this up" line does not repeat them.
      expect(unanswered).toEqual([]);
      const listed = await listFailureNotes(s.srv.deps, s.ada.actor, { spaceId: s.space.id });
      expect(listed.map((n) => n.text).sort()).toEqual(notes.map((n) => n.text).sort());
    });
  });

  it("a member cannot retry a failure a retry cannot help, nor a run of a message they did not send", async () => {
    const s = await setup({ Scout: failing("Scout uses OpenAI but OPENAI_API_KEY is not set.") });
    await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Scout?" });
    await s.srv.gateway.idle();
    const failed = await s.srv.deps.db.run.findFirstOrThrow({ where: { status: "failed" } });
    const [note] = await listFailureNotes(s.srv.deps, s.ada.actor, { spaceId: s.space.id });
    expect(note).toMatchObject({ kind: "not_configured", retry: false });
    await expect(retryRun(s.srv.deps, s.ada.actor, { runId: failed.id })).rejects.toMatchObject({ code: "conflict" });
    await expect(retryRun(s.srv.deps, s.ben.actor, { runId: failed.id })).rejects.toMatchObject({ code: "forbidden" });
    // An admin still can.
    const root = await s.srv.user("Root", { isAdmin: true });
    await expect(retryRun(s.srv.deps, root.actor, { runId: failed.id })).resolves.toEqual({ runId: expect.any(String) });
  });
});

describe("GET /api/spaces/:id/failure-notes", () => {
  it("401 signed out, 404 for a space the caller is not in, 400 malformed, 429 past the limit; members see only their own", async () => {
    const s = await setup({ Scout: failing("upstream down") });
    await sendMessage(s.srv.deps, s.ada.actor, { spaceId: s.space.id, text: "Scout?" });
    await s.srv.gateway.idle();
    const get = (cookie: string | undefined, id = s.space.id) =>
      run(s.srv, listFailureNotesHandler, request(`/api/spaces/${id}/failure-notes`, { cookie }), { id });
    const mine = await get(s.ada.cookie);
    expect(mine.status).toBe(200);
    expect((mine.body as { notes: FailureNoteDto[] }).notes).toHaveLength(1);
    expect(((await get(s.ben.cookie)).body as { notes: FailureNoteDto[] }).notes).toEqual([]);
    expect((await get(undefined)).status).toBe(401);
    const outsider = await s.srv.user("Out");
    expect((await get(outsider.cookie)).status).toBe(404);
    expect((await get(s.ada.cookie, "../../etc")).status).toBe(400);
    expect((await get(s.ada.cookie, "x".repeat(65))).status).toBe(400);
    // Outsiders learn nothing, admins included: no one reads notes of a channel they are not in.
    const root = await s.srv.user("Root", { isAdmin: true });
    expect((await get(root.cookie)).status).toBe(404);
    for (let i = 1; i < RATE_LIMITS.failureNoteReadsPerUser.points; i++) await get(s.ben.cookie);
    const refused = await get(s.ben.cookie);
    expect(refused.status).toBe(429);
  });
});
