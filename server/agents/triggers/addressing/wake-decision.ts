// Whether an agent's reply mode lets a message wake it, and why (recorded as the trigger
// decision's reason). Pure: who the message is addressed to (addressees.ts) and which agents'
// topics matched best (topic-match.ts) are worked out once per message by the caller.
//   every      every message (direct spaces' default)
//   auto       what is addressed to it; a message addressed to someone else wakes no other
//              agent; a person's message addressed to nobody wakes the (at most
//              MAX_TOPIC_WAKES) agents whose topics match it best (an agent's never recruits
//              others by topic). Everything else is refused "not addressed".
//   addressed  only what is addressed to it
//   off        nothing
import type { ReplyMode } from "@/lib/agents/reply-modes";
import { type Addressee, HOW_TEXT } from "./addressees";
import type { TopicMatch } from "./topic-match";

export type WakeDecision = { wake: true; why: string | null } | { wake: false; reason: string };

/** The prefix every refusal of reply mode auto starts with; the sender gets no note for these (the message was not for the agent). */
export const NOT_ADDRESSED = "not addressed";

export function wakeDecision(
  mode: ReplyMode,
  agentEntityId: string,
  addressees: readonly Addressee[],
  topicWinners: ReadonlyMap<string, TopicMatch>,
  topicScore: number,
): WakeDecision {
  if (mode === "off") return { wake: false, reason: "reply mode is off: the agent answers no messages in this space" };
  if (mode === "every") return { wake: true, why: null };
  const me = addressees.find((a) => a.entityId === agentEntityId);
  if (me) return { wake: true, why: `addressed: ${HOW_TEXT[me.how]}` };
  if (mode === "addressed") return { wake: false, reason: "reply mode is when addressed: the message neither names the agent nor replies to its message" };
  if (addressees.length) return { wake: false, reason: `${NOT_ADDRESSED}: the message is addressed to ${addressees.map((a) => a.name).join(", ")}` };
  const won = topicWinners.get(agentEntityId);
  if (won) return { wake: true, why: `addressed to nobody; on its topics: ${won.matched.join(", ")}` };
  if (topicScore > 0) return { wake: false, reason: `${NOT_ADDRESSED}: addressed to nobody, and other agents' topics match it better` };
  return { wake: false, reason: `${NOT_ADDRESSED}: addressed to nobody, and none of the agent's topics match it` };
}
