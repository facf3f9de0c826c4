// Who a message is addressed to: the one place that decides it, for the trigger (reply mode
// auto wakes the agents a message is addressed to, and no other) and for the TRIGGER block of
// the woken agent's context (it is told who was addressed, and answers only what is for it).
//
// A message is addressed to a member when it
//   - names it ("Scout, …", "thanks scout", a person by full or first name),
//   - @mentions it ("@Scout", or a stored `<@entityId>` reference token),
//   - replies to that member's message,
//   - is an agent's question sent with wait (senderExpectsReply) that names nobody: then it
//     asks every agent of the space,
//   - is in a thread the member took part in (threadParticipants: a hook for threads),
//   - or is in a direct space (to the one other member).
// Otherwise it is addressed to nobody.
import { mentions } from "@/lib/agents/reply-modes";

export type AddressHow = "mention" | "name" | "reply" | "asked" | "thread" | "direct";

export interface Addressee {
  entityId: string;
  name: string;
  type: "human" | "agent";
  how: AddressHow;
}

export interface AddressingMember {
  id: string;
  name: string;
  type: "human" | "agent";
}

export interface AddressedMessage {
  text: string;
  senderId: string;
  /** The sender of the message this one replies to, when it replies to one. */
  replyToSenderId: string | null;
  /** An agent sent it with wait: true (it paused its run for an answer). */
  expectsReply: boolean;
  spaceKind: "channel" | "direct";
  /** Members who wrote in the message's thread, when it is in one (threads fill this in; empty until then). */
  threadParticipants?: readonly string[];
}

/** Everyone the message is addressed to, in member order; empty: addressed to nobody. */
export function addresseesOf(m: AddressedMessage, members: readonly AddressingMember[]): Addressee[] {
  const others = members.filter((x) => x.id !== m.senderId);
  if (m.spaceKind === "direct") return others.map((x) => ({ entityId: x.id, name: x.name, type: x.type, how: "direct" }));
  const found = new Map<string, Addressee>();
  const add = (x: AddressingMember, how: AddressHow) => {
    if (!found.has(x.id)) found.set(x.id, { entityId: x.id, name: x.name, type: x.type, how });
  };
  for (const x of others) {
    const how = nameHow(m.text, x);
    if (how) add(x, how);
  }
  for (const x of others) if (x.id === m.replyToSenderId) add(x, "reply");
  for (const x of others) if (m.threadParticipants?.includes(x.id)) add(x, "thread");
  // An agent's question that names nobody is put to the space's agents.
  if (found.size === 0 && m.expectsReply) for (const x of others) if (x.type === "agent") add(x, "asked");
  return [...found.values()];
}

/** How the text names this member, if it does: a reference token or "@Name" is a mention, the plain name a naming. */
function nameHow(text: string, x: AddressingMember): "mention" | "name" | null {
  if (text.includes(`<@${x.id}>`)) return "mention";
  if (!mentions(text, x.name)) {
    // People are called by their first name ("Ben" for "Ben Builder"), written as a name is.
    const first = x.type === "human" ? x.name.trim().split(/\s+/)[0] : undefined;
    if (!first || first === x.name.trim() || first.length < 3 || !new RegExp(`(^|[^\\w])@?${escapeRe(first)}(?![\\w])`).test(text)) return null;
    return new RegExp(`@${escapeRe(first)}(?![\\w])`).test(text) ? "mention" : "name";
  }
  return new RegExp(`@${escapeRe(x.name)}(?![\\w])`, "i").test(text) ? "mention" : "name";
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The words the agent's context and the trigger decisions use for how it was addressed. */
export const HOW_TEXT: Record<AddressHow, string> = {
  mention: "@mentioned",
  name: "named",
  reply: "replied to",
  asked: "asked by an agent waiting for an answer",
  thread: "in a thread it took part in",
  direct: "direct space",
};
