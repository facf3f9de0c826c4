// People for a bench, written straight into the database with a signed-in session each:
// scrypt-hashing hundreds of passwords through sign-up would dominate a run, and the socket
// handshake only needs the session cookie (the same one next-auth issues at sign-in).
import type { Db } from "@/server/db/client";
import { mintSessionCookie } from "@/server/auth/session-cookie";
import { avatarColorFor } from "@/server/domain/entities/avatar-color";

export interface BenchPerson {
  entityId: string;
  userId: string;
  name: string;
  /** The Cookie header that signs this person in. */
  cookie: string;
}

/** `names.length` people and one channel they are all members of; the last person owns it. */
export async function seedSpaceWithPeople(db: Db, opts: { tag: string; names: string[]; secret: string; spaceName?: string }) {
  const people = opts.names.map((name, i) => ({
    entityId: `${opts.tag}-e-${i}`,
    userId: `${opts.tag}-u-${i}`,
    email: `${opts.tag}-${i}@bench.dev`,
    name,
  }));
  await db.entity.createMany({
    data: people.map((p) => ({ id: p.entityId, type: "human" as const, name: p.name, avatarColor: avatarColorFor(p.email) })),
  });
  await db.user.createMany({ data: people.map((p) => ({ id: p.userId, entityId: p.entityId, email: p.email })) });
  const owner = people.at(-1)!;
  const space = await db.space.create({ data: { name: opts.spaceName ?? opts.tag, kind: "channel", createdById: owner.entityId } });
  await db.membership.createMany({
    data: people.map((p) => ({ spaceId: space.id, entityId: p.entityId, role: p === owner ? ("owner" as const) : ("member" as const) })),
  });
  const cookies = await Promise.all(people.map((p) => mintSessionCookie(db, p.userId, opts.secret)));
  return {
    spaceId: space.id,
    people: people.map((p, i): BenchPerson => ({ entityId: p.entityId, userId: p.userId, name: p.name, cookie: cookies[i]! })),
  };
}
