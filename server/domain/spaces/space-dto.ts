// A space row as one member sees it (display name, members with read cursors, unread).
import type { MemberDto, SpaceDto } from "@/lib/realtime/dto";
import type { ReplyMode } from "@/lib/agents/reply-modes";
import { toEntityDto } from "../dto";
import { providerProblem } from "../agents/provider-problem";
import { env } from "../../env";

interface SpaceRow {
  id: string;
  name: string;
  kind: "channel" | "direct";
  topic: string;
  description: string;
  visibility: "public" | "private";
  archivedAt: Date | null;
  maxChainDepth: number;
  dailyTokenBudget: number | null;
  lastSeq: number;
  createdAt: Date;
}

interface MemberRow {
  entityId: string;
  role: "owner" | "admin" | "member";
  lastSeenSeq: number;
  lastSeenMessageId: string | null;
  lastProcessedSeq: number;
  lastProcessedMessageId: string | null;
  entity: {
    id: string;
    name: string;
    type: "human" | "agent";
    avatarColor: string | null;
    agent?: { id: string; provider: string; enabled: boolean; archivedAt: Date | null; modelSettings?: unknown } | null;
  };
  replyMode: ReplyMode;
}

export function toSpaceDto(space: SpaceRow, members: MemberRow[], viewer: { entityId: string; lastSeenSeq: number }, unreadCount: number): SpaceDto {
  return {
    id: space.id,
    name: displayName(space, members, viewer.entityId),
    kind: space.kind,
    topic: space.topic,
    maxChainDepth: space.maxChainDepth,
    dailyTokenBudget: space.dailyTokenBudget,
    lastSeq: space.lastSeq,
    unreadCount,
    lastSeenSeq: viewer.lastSeenSeq,
    createdAt: space.createdAt.toISOString(),
    members: members.map(toMemberDto),
    visibility: space.visibility,
    description: space.description,
    archived: space.archivedAt !== null,
  };
}

export function toMemberDto(m: MemberRow): MemberDto {
  return {
    ...toEntityDto(m.entity),
    role: m.role,
    provider: m.entity.agent?.provider ?? null,
    agentId: m.entity.agent?.id ?? null,
    replyMode: m.entity.agent ? m.replyMode : null,
    agentStatus: m.entity.agent ? (m.entity.agent.archivedAt ? "archived" : m.entity.agent.enabled ? "active" : "disabled") : null,
    // Only the fact: which key or setting is missing is for admins (the admin list says).
    notConfigured: m.entity.agent ? providerProblem(m.entity.agent, env()) !== null : undefined,
    // An agent's cursor is the newest message a finished run processed.
    lastSeenSeq: m.entity.type === "agent" ? m.lastProcessedSeq : m.lastSeenSeq,
    lastSeenMessageId: m.entity.type === "agent" ? m.lastProcessedMessageId : m.lastSeenMessageId,
  };
}

/** A direct space is shown under the other members' names (one, or a group's); a channel under its own. */
export function displayName(space: { kind: string; name: string }, members: MemberRow[], viewerId: string): string {
  if (space.kind !== "direct") return space.name;
  const others = members.filter((m) => m.entityId !== viewerId).map((m) => m.entity.name);
  return others.length ? others.join(", ") : space.name;
}
