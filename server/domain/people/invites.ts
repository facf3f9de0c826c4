// Invite links: an admin makes one (expiry, uses, role, channels to join); the token is shown
// once and only its hash kept. Whoever opens it may sign up even when SIGNUP=closed or the
// email's domain is outside SIGNUP_DOMAINS: the admin's link is the permission.
import { DEFAULT_INVITE_DAYS, MAX_INVITE_CHANNELS, MAX_INVITE_DAYS, MAX_INVITE_USES } from "@/lib/limits";
import { z } from "zod";
import type { InviteDto } from "@/lib/people/people-dto";
import { recordAudit } from "../audit/record-audit";
import type { Actor, Deps } from "../deps";
import { AppError, isAppError } from "../errors";
import { announceNewMember } from "../spaces/announce-new-member";
import { createUser } from "../users/create-user";
import { hashToken, INVITE_TOKEN_PREFIX, newLinkToken } from "./link-token";
import { assertAdmin } from "./require-admin";

export const createInviteInput = z.object({
  expiresInDays: z.number().int().min(1).max(MAX_INVITE_DAYS).default(DEFAULT_INVITE_DAYS),
  maxUses: z.number().int().min(1).max(MAX_INVITE_USES).default(1),
  role: z.enum(["admin", "member"]).default("member"),
  spaceIds: z.array(z.string().min(1).max(64)).max(MAX_INVITE_CHANNELS).default([]),
});

type InviteRow = {
  id: string;
  prefix: string;
  isAdmin: boolean;
  spaceIds: string[];
  maxUses: number;
  uses: number;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
};

function stateOf(i: InviteRow, now = new Date()): InviteDto["state"] {
  if (i.revokedAt) return "revoked";
  if (i.uses >= i.maxUses) return "used";
  if (i.expiresAt <= now) return "expired";
  return "usable";
}

const refusals: Record<Exclude<InviteDto["state"], "usable">, string> = {
  used: "This invite link has already been used.",
  expired: "This invite link has expired.",
  revoked: "This invite link was revoked.",
};

export async function createInvite({ db }: Pick<Deps, "db">, actor: Actor, input: z.infer<typeof createInviteInput>) {
  assertAdmin(actor, "create invite links");
  const spaceIds = [...new Set(input.spaceIds)];
  const channels = await db.space.findMany({ where: { id: { in: spaceIds }, kind: "channel", archivedAt: null }, select: { id: true, name: true } });
  if (channels.length !== spaceIds.length) throw new AppError("bad_request", "Invite channels must be existing, unarchived channels");
  const { token, tokenHash } = newLinkToken(INVITE_TOKEN_PREFIX);
  const expiresAt = new Date(Date.now() + input.expiresInDays * 24 * 60 * 60 * 1000);
  const row = await db.$transaction(async (tx) => {
    const made = await tx.invite.create({
      data: {
        tokenHash,
        prefix: token.slice(0, 10),
        createdById: actor.entityId,
        isAdmin: input.role === "admin",
        spaceIds,
        maxUses: input.maxUses,
        expiresAt,
      },
    });
    await recordAudit(tx, actor, {
      action: "invite.create",
      subject: `invite ${made.prefix}…`,
      after: { role: input.role, maxUses: input.maxUses, expiresAt: expiresAt.toISOString(), channels: channels.map((c) => c.name) },
    });
    return made;
  });
  return { token, invite: toDto(row, new Map(channels.map((c) => [c.id, c.name]))) };
}

function toDto(i: InviteRow, names: Map<string, string>): InviteDto {
  return {
    id: i.id,
    prefix: i.prefix,
    role: i.isAdmin ? "admin" : "member",
    channels: i.spaceIds.map((id) => ({ id, name: names.get(id) ?? "(deleted)" })),
    maxUses: i.maxUses,
    uses: i.uses,
    expiresAt: i.expiresAt.toISOString(),
    revokedAt: i.revokedAt?.toISOString() ?? null,
    createdAt: i.createdAt.toISOString(),
    state: stateOf(i),
  };
}

/** The newest links (usable or not), so admins see what was used and what is still out there. */
export async function listInvites({ db }: Pick<Deps, "db">, actor: Actor): Promise<InviteDto[]> {
  assertAdmin(actor, "see invite links");
  const rows = await db.invite.findMany({ orderBy: { createdAt: "desc" }, take: 100 });
  const ids = [...new Set(rows.flatMap((r) => r.spaceIds))];
  const spaces = await db.space.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  const names = new Map(spaces.map((s) => [s.id, s.name]));
  return rows.map((r) => toDto(r, names));
}

export async function revokeInvite({ db }: Pick<Deps, "db">, actor: Actor, input: { id: string }) {
  assertAdmin(actor, "revoke invite links");
  await db.$transaction(async (tx) => {
    const { count } = await tx.invite.updateMany({ where: { id: input.id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 0) throw new AppError("not_found", "No such invite link, or it is already revoked");
    const row = await tx.invite.findUniqueOrThrow({ where: { id: input.id } });
    await recordAudit(tx, actor, { action: "invite.revoke", subject: `invite ${row.prefix}…`, before: { revoked: false }, after: { revoked: true } });
  });
}

/** For the /invite/<token> page: whether the link works, and if not, why (a forged token reads as unknown). */
export async function checkInvite({ db }: Pick<Deps, "db">, token: string): Promise<{ ok: true; role: "admin" | "member" } | { ok: false; message: string }> {
  const row = token.startsWith(INVITE_TOKEN_PREFIX) ? await db.invite.findUnique({ where: { tokenHash: hashToken(token) } }) : null;
  if (!row) return { ok: false, message: "This invite link is not valid." };
  const state = stateOf(row);
  return state === "usable" ? { ok: true, role: row.isAdmin ? "admin" : "member" } : { ok: false, message: refusals[state] };
}

/**
 * Signs up with an invite: one use is claimed by a single conditional UPDATE (so two people
 * racing for a single-use link cannot both get in), then the account is made without the
 * signup policy and joins the link's channels. A taken email gives the use back and is a 409:
 * the holder of an admin's link may learn that an address has an account.
 */
export async function acceptInvite(
  deps: Pick<Deps, "db" | "events">,
  input: { token: string; email: string; name: string; password: string; hashQueue?: string },
) {
  const { db } = deps;
  const tokenHash = input.token.startsWith(INVITE_TOKEN_PREFIX) ? hashToken(input.token) : "";
  const claimed = await db.$queryRaw<{ id: string; isAdmin: boolean; spaceIds: string[] }[]>`
    UPDATE "Invite" SET uses = uses + 1
    WHERE "tokenHash" = ${tokenHash} AND "revokedAt" IS NULL AND "expiresAt" > now() AND uses < "maxUses"
    RETURNING id, "isAdmin", "spaceIds"`;
  const invite = claimed[0];
  if (!invite) {
    const why = await checkInvite(deps, input.token);
    throw new AppError("forbidden", why.ok ? "This invite link cannot be used now." : why.message, { reason: "invite_refused" });
  }
  let user: Awaited<ReturnType<typeof createUser>>;
  try {
    user = await createUser(deps, { email: input.email, name: input.name, password: input.password, isAdmin: invite.isAdmin, hashQueue: input.hashQueue });
  } catch (e) {
    await db.invite.update({ where: { id: invite.id }, data: { uses: { decrement: 1 } } });
    if (isAppError(e) && e.code === "conflict") throw new AppError("conflict", "An account with this email exists; sign in instead");
    throw e;
  }
  const channels = await db.space.findMany({ where: { id: { in: invite.spaceIds }, kind: "channel", archivedAt: null }, select: { id: true } });
  if (channels.length) {
    await db.membership.createMany({ data: channels.map((c) => ({ spaceId: c.id, entityId: user.entityId })), skipDuplicates: true });
  }
  // Its spaces' members see the newcomer live, as for a plain sign-up.
  await announceNewMember(deps, { entityId: user.entityId, userId: user.id });
  return { userId: user.id };
}

/** The channels an invite may join, for the admin's form. */
export async function inviteChannelChoices({ db }: Pick<Deps, "db">, actor: Actor) {
  assertAdmin(actor, "create invite links");
  return db.space.findMany({ where: { kind: "channel", archivedAt: null }, select: { id: true, name: true }, orderBy: { name: "asc" }, take: 200 });
}
