// The channel browser: every live public channel, the caller's own channels (private ones
// included, so they can be found from one place), and the archived channels the caller is a
// member of. A non-member learns a public channel's name, topic, description and member count,
// never its messages: reading takes joining (join-public-channel.ts), and an agent's reach
// stays membership-based. A private channel the caller is not in is never listed. `publicOnly`:
// the live public channels alone.
import type { ChannelSummaryDto } from "@/lib/realtime/dto";
import { MAX_BROWSE_CHANNELS } from "@/lib/limits";
import type { Actor, Deps } from "../deps";

export async function browseChannels({ db }: Pick<Deps, "db">, actor: Actor, input: { query?: string; publicOnly?: boolean }): Promise<ChannelSummaryDto[]> {
  const query = input.query?.trim();
  const mine = { memberships: { some: { entityId: actor.entityId } } };
  const rows = await db.space.findMany({
    where: {
      kind: "channel",
      ...(query ? { name: { contains: query, mode: "insensitive" as const } } : {}),
      OR: input.publicOnly ? [{ visibility: "public", archivedAt: null }] : [{ visibility: "public", archivedAt: null }, mine],
    },
    select: {
      id: true,
      name: true,
      topic: true,
      description: true,
      visibility: true,
      archivedAt: true,
      _count: { select: { memberships: true } },
      memberships: { where: { entityId: actor.entityId }, select: { id: true } },
    },
    orderBy: { name: "asc" },
    take: MAX_BROWSE_CHANNELS,
  });
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    topic: s.topic,
    description: s.description,
    visibility: s.visibility,
    memberCount: s._count.memberships,
    joined: s.memberships.length > 0,
    archived: s.archivedAt !== null,
  }));
}
