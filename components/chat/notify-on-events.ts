// Which live events become browser notifications (lib/client/notify.ts decides whether one is
// shown at all). A mention of me notifies unless the space's level is "none"; a direct
// message notifies unless muted. Channel messages that do not mention me never notify.
import type { MessageDto } from "@/lib/realtime/dto";
import { renderMentions } from "@/lib/mentions/format";
import { notify } from "@/lib/client/notify";
import { isMuted } from "@/lib/mentions/notify-levels";
import type { WorkspaceState } from "./workspace-reducer";

const excerpt = (state: WorkspaceState, m: MessageDto) =>
  renderMentions(m.text, {
    entities: new Map(state.entities.map((e) => [e.id, e.name])),
    spaces: new Map(Object.values(state.spaces).map((s) => [s.id, s.name])),
  });

export function notifyMention(state: WorkspaceState, m: MessageDto): void {
  const space = state.spaces[m.spaceId];
  if (!space || space.notifyLevel === "none") return;
  const where = space.kind === "channel" ? ` in #${space.name}` : "";
  notify("mention", `${m.sender.name} mentioned you${where}`, excerpt(state, m), `/spaces/${m.spaceId}`, `mention:${m.id}`);
}

export function notifyDirect(state: WorkspaceState, m: MessageDto): void {
  const space = state.spaces[m.spaceId];
  if (space?.kind !== "direct" || m.sender.id === state.meId || m.kind === "system") return;
  if (isMuted(space.notifyLevel)) return;
  // A direct message that mentions me notifies once, as the mention.
  if (m.text.includes(`<@${state.meId}>`)) return;
  notify("direct", m.sender.name, excerpt(state, m), `/spaces/${m.spaceId}`, `direct:${m.id}`);
}

/** A reply in a thread I follow (I wrote its root or replied in it), unless the space is set to "none". */
export function notifyThreadReply(state: WorkspaceState, m: MessageDto): void {
  if (!m.threadRootId || m.sender.id === state.meId || m.kind === "system") return;
  const space = state.spaces[m.spaceId];
  if (!space || space.notifyLevel === "none") return;
  // A reply that mentions me notifies once, as the mention.
  if (m.text.includes(`<@${state.meId}>`)) return;
  const root = state.timelines[m.spaceId]?.messages.find((x) => x.id === m.threadRootId);
  if (!root || (root.sender.id !== state.meId && !root.thread?.participantIds.includes(state.meId))) return;
  const where = space.kind === "channel" ? ` in #${space.name}` : "";
  notify("thread", `${m.sender.name} replied in a thread${where}`, excerpt(state, m), `/spaces/${m.spaceId}`, `thread:${m.id}`);
}

/** An agent asked me a question (only the asked person gets question:asked). */
export function notifyQuestion(state: WorkspaceState, p: { question: { messageId: string; spaceId: string }; agentName: string; spaceName: string }): void {
  const space = state.spaces[p.question.spaceId];
  const where = space?.kind === "channel" ? ` in #${p.spaceName}` : "";
  const text = state.timelines[p.question.spaceId]?.messages.find((x) => x.id === p.question.messageId)?.text ?? "";
  notify(
    "question",
    `${p.agentName} asks you${where}`,
    text && excerpt(state, { text } as MessageDto),
    `/spaces/${p.question.spaceId}`,
    `question:${p.question.messageId}`,
  );
}
