// TRIGGER (why this run exists), RESUMED (what ended its wait) and ACTIVE SPACE.
import type { AddressedTo, ContextInput } from "../context-input";
import { HOW_TEXT } from "../../triggers/addressing/addressees";
import { MAX_NEW_LINE_CHARS } from "@/lib/limits";
import { clip, entityRef, messageLine, oneLineJson, quote } from "../format";
import { clipText } from "../clip";

export function triggerBlock({ trigger: t, agent }: ContextInput): string {
  if (t.type === "space_message") {
    return [
      "TRIGGER:",
      "  type: space_message",
      `  space: ${quote(t.space.name)} (id: ${t.space.id})`,
      `  sender: ${entityRef(t.sender)}`,
      `  message: ${quote(t.message.text)}`,
      `  messageId: ${t.message.id}`,
      `  timestamp: ${quote(t.message.createdAt)}`,
      `  senderExpectsReply: ${t.senderExpectsReply}`,
      ...addressedLines(t.addressedTo, agent.entityId),
      `  chainDepth: ${t.chainDepth}`,
    ].join("\n");
  }
  if (t.type === "plan") {
    return [
      "TRIGGER:",
      "  type: plan",
      `  plan: ${quote(t.plan.name)} (id: ${t.plan.id})`,
      `  instruction: ${quote(t.plan.instruction)}`,
      `  schedule: ${quote(t.plan.schedule)}`,
      `  scheduledAt: ${quote(t.scheduledAt)}`,
      `  chainDepth: ${t.chainDepth}`,
    ].join("\n");
  }
  return [
    "TRIGGER:",
    "  type: service",
    `  service: ${quote(t.serviceName)}`,
    `  payload: ${oneLineJson(t.payload ?? null)}`,
    ...(t.payloadClipped ? ["  (payload clipped; call read_payload with a JSON path to read the rest)"] : []),
    `  chainDepth: ${t.chainDepth}`,
  ].join("\n");
}

/**
 * Who the message is for, so the agent can follow the speaking rule (blocks/identity.ts): answer
 * what is addressed to you, not what is addressed to someone else. Names are quoted like every
 * name in the context.
 */
function addressedLines(to: readonly AddressedTo[] | undefined, me: string): string[] {
  if (!to) return [];
  const mine = to.find((a) => a.entity.id === me);
  const list = to.map((a) => (a.entity.id === me ? `you (${HOW_TEXT[a.how]})` : `${entityRef(a.entity)} (${HOW_TEXT[a.how]})`));
  return [`  addressedTo: ${list.length ? list.join(", ") : "nobody"}`, `  addressedToYou: ${mine ? "true" : "false"}`];
}

export function resumeBlock(input: ContextInput): string[] {
  const { resume } = input;
  if (!resume) return [];
  const who = resume.result.reply ? `${quote(resume.result.reply.entityName)} replied` : "no reply arrived before the timeout";
  return [
    "",
    "RESUMED:",
    `  You paused this run with send_message(wait: true); ${who}. Continue from here.`,
    ...(resume.question
      ? [
          `  your question: [msg:${resume.question.messageId}] ${quote(clip(resume.question.text, 300))} in ${quote(resume.question.space.name)} (id: ${resume.question.space.id})`,
        ]
      : []),
    `  send_message result: ${oneLineJson(resume.result)}`,
    ...elsewhereLines(input),
  ];
}

/** What arrived in the trigger space while the run waited elsewhere, under the same divider the history uses. */
function elsewhereLines(input: ContextInput): string[] {
  const e = input.resume?.elsewhere;
  if (!e) return [];
  const q = input.resume?.question;
  const since = input.resume?.since ? ` since ${input.resume.since}` : "";
  const divider = `  ── arrived while you waited for a reply${q ? ` to msg:${q.messageId}` : ""}${since} ──`;
  const more = e.more
    ? [`  … ${e.more} earlier one${e.more === 1 ? "" : "s"} not shown (read_messages spaceId=${e.space.id} offset=${e.messages.length})`]
    : [];
  const lines = e.messages.map((m) =>
    messageLine(
      { ...m, text: clipText(m.text, MAX_NEW_LINE_CHARS) },
      { seen: m.seq <= e.lastProcessedSeq, spaceId: e.space.id, viewerId: input.agent.entityId, reach: input.reach },
    ),
  );
  return ["", `MEANWHILE IN YOUR TRIGGER SPACE ${quote(e.space.name)} (id: ${e.space.id}):`, divider, ...more, ...(lines.length ? lines : ["  nothing"])];
}

export function activeSpaceBlock({ activeSpace: a }: ContextInput): string {
  if (!a) return "ACTIVE SPACE: none (call enter_space to enter a space first)";
  return `ACTIVE SPACE: ${quote(a.name)} (id: ${a.id})${a.auto ? "  [auto-set from trigger]" : ""}`;
}
