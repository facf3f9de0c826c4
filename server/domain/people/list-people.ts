// The admin's list of people: role, status, last active, number of spaces. Keyset pages by
// email (unique), so a page never repeats or skips someone when accounts are added meanwhile.
// "Last active" is the newest of: their last sign-in (a live Session row's expiry minus the
// session lifetime), their API tokens' last use, and their last message; all three are read
// by indexed lookups per person of one page, so a page costs one query.
import { z } from "zod";
import { PEOPLE_PAGE_SIZE } from "@/lib/limits";
import type { PeoplePage, PersonRow } from "@/lib/people/people-dto";
import { SESSION_MAX_AGE_S } from "../../auth/session-cookie";
import type { Actor, Deps } from "../deps";
import { assertAdmin } from "./require-admin";

export const listPeopleInput = z.object({
  q: z.string().trim().max(100).optional(),
  after: z.string().max(254).optional(),
});

interface Raw {
  userId: string;
  entityId: string;
  name: string;
  email: string;
  isAdmin: boolean;
  deactivatedAt: Date | null;
  createdAt: Date;
  spaceCount: number;
  lastSession: Date | null;
  lastToken: Date | null;
  lastMessage: Date | null;
}

export async function listPeople({ db }: Pick<Deps, "db">, actor: Actor, input: z.infer<typeof listPeopleInput>): Promise<PeoplePage> {
  assertAdmin(actor, "see the people list");
  const like = input.q ? `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db.$queryRaw<Raw[]>`
    SELECT u.id AS "userId", u."entityId", e.name, u.email, u."isAdmin", u."deactivatedAt", u."createdAt",
      (SELECT count(*)::int FROM "Membership" m WHERE m."entityId" = u."entityId") AS "spaceCount",
      (SELECT max(s.expires) FROM "Session" s WHERE s."userId" = u.id) AS "lastSession",
      (SELECT max(t."lastUsedAt") FROM "ApiToken" t WHERE t."userId" = u.id) AS "lastToken",
      (SELECT max(msg."createdAt") FROM "Message" msg WHERE msg."senderId" = u."entityId") AS "lastMessage"
    FROM "User" u JOIN "Entity" e ON e.id = u."entityId"
    WHERE (${like}::text IS NULL OR e.name ILIKE ${like} OR u.email ILIKE ${like})
      AND (${input.after ?? null}::text IS NULL OR u.email > ${input.after ?? null})
    ORDER BY u.email
    LIMIT ${PEOPLE_PAGE_SIZE + 1}`;
  const page = rows.slice(0, PEOPLE_PAGE_SIZE);
  const people: PersonRow[] = page.map((r) => {
    const signIn = r.lastSession ? new Date(new Date(r.lastSession).getTime() - SESSION_MAX_AGE_S * 1000) : null;
    const times = [signIn, r.lastToken, r.lastMessage].filter((d): d is Date => !!d).map((d) => new Date(d).getTime());
    return {
      userId: r.userId,
      entityId: r.entityId,
      name: r.name,
      email: r.email,
      role: r.isAdmin ? "admin" : "member",
      status: r.deactivatedAt ? "deactivated" : "active",
      lastActiveAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
      spaceCount: r.spaceCount,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  });
  return { people, nextAfter: rows.length > PEOPLE_PAGE_SIZE ? (page.at(-1)?.email ?? null) : null };
}
