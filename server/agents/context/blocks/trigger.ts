// TRIGGER (why this run exists), RESUMED (what ended its wait) and ACTIVE SPACE.
import type { ContextInput } from "../context-input";
import { clip, entityRef, oneLineJson, quote } from "../format";

export function triggerBlock({ trigger: t }: ContextInput): string {
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

export function resumeBlock({ resume }: ContextInput): string[] {
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
  ];
}

export function activeSpaceBlock({ activeSpace: a }: ContextInput): string {
  if (!a) return "ACTIVE SPACE: none (call enter_space to enter a space first)";
  return `ACTIVE SPACE: ${quote(a.name)} (id: ${a.id})${a.auto ? "  [auto-set from trigger]" : ""}`;
}
