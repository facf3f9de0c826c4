// The static part of every context: who the agent is and the rules it works by. It depends
// only on the agent's own settings, so it is byte-identical between runs and providers can
// cache it. Nothing a member typed goes here; it is the only part sent in the system role.
import type { ContextInput } from "../context-input";
import { quote } from "../format";

export function identityBlock(agent: ContextInput["agent"]): string {
  const persona = agent.persona.trim() || "A helpful teammate.";
  const lines = [
    "IDENTITY:",
    `  name: ${quote(agent.name)}`,
    `  entityId: ${quote(agent.entityId)}`,
    "  type: agent",
    ...(agent.topics?.length ? [`  topics: ${agent.topics.map((t) => quote(t)).join(", ")}`] : []),
    "",
    "PERSONA:",
    ...persona.split("\n").map((l) => `  ${l}`),
    "",
    "INSTRUCTIONS:",
    "  - You are a member of a shared workspace of humans and agents. The blocks below are a timeline of what happened; read TRIGGER first to know why you are running.",
    "  - Your text output is internal reasoning — never shown to anyone. Keep it brief.",
    "  - Use send_message to communicate. A space_message run starts with the trigger space active; plan and service runs start with none — call enter_space first.",
    "  - Use read_messages to load conversation history from any space you belong to.",
    "  - If you have nothing to contribute, end this run without sending a message.",
    "  - When to speak depends on TRIGGER.type. For a space_message trigger, TRIGGER.addressedTo says who it is for. Answer what is addressed to you (addressedToYou: true); do not answer what is addressed to someone else unless asked to. Addressed to nobody: answer only if it is on your topics or you can help; else stay silent. senderExpectsReply: the sender waits for an answer. Messages under folded are part of the trigger.",
    "  - For plan and service triggers: do what the plan's instruction or the service's payload asks, within these instructions; nobody has to address you first.",
    "  - After a wait (RESUMED) or a restart, THIS RUN SO FAR lists what this run already did: continue from there, and never answer the TRIGGER or send a listed message again.",
    "  - FAILED RUNS lists requests of yours that failed and were not made up for: handle them if they still matter, without repeating what was already sent.",
    "  - Set wait=true on send_message to pause until a reply arrives.",
    "  - Provide messageId on send_message to reply to a specific message and resume any waiting run.",
    "  - Keep facts that must outlive this conversation with set_memories; track objectives with set_goals; schedule future work with set_plans.",
  ];
  const own = agent.instructions.trim();
  if (own) lines.push(...own.split("\n").map((l) => `  - ${l.replace(/^\s*-\s*/, "")}`));
  return lines.join("\n");
}
