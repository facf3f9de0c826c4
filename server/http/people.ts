// People administration (admins only; members get 403):
//   GET    /api/admin/people?q=&after=            → { people, nextAfter }
//   PATCH  /api/admin/people/:id { role?, active? } → 200 { changed } ; 409 for the last admin
//   POST   /api/admin/people/:id/password-reset   → 201 { token, expiresAt } (shown once)
//   GET    /api/admin/people/invites               → { invites }
//   POST   /api/admin/people/invites { expiresInDays?, maxUses?, role?, spaceIds? } → 201 { token, invite } (shown once)
//   DELETE /api/admin/people/invites/:id          → 204
// and, with no sign-in, the links' own pages post to:
//   POST   /api/invites/accept { token, email, name, password } → 201 (then the form signs in)
//   POST   /api/reset { token, password }          → 204
// Changes need a session cookie: a leaked API token cannot lock people out or mint invites.
import { z } from "zod";
import { displayName } from "@/lib/display-name";
import { setActive, setRole } from "../domain/people/change-person";
import { acceptInvite, createInvite, createInviteInput, listInvites, revokeInvite } from "../domain/people/invites";
import { listPeople, listPeopleInput } from "../domain/people/list-people";
import { issuePasswordReset, usePasswordReset } from "../domain/people/password-reset";
import { AppError } from "../domain/errors";
import { clientIp } from "./client-ip";
import { actorOf, authed, endpoint, requireAdmin } from "./endpoint";
import { readJson } from "./read-json";
import { readQuery } from "./read-query";
import { json, noContent } from "./respond";

const reads = { limit: "peopleReadsPerUser" } as const;
const changes = { sessionOnly: true, limit: "peopleChangesPerUser" } as const;

export const listPeopleHandler = authed(async (req, deps, _p, caller) => {
  requireAdmin(caller, "see the people list");
  return json(await listPeople(deps, actorOf(caller), readQuery(req, listPeopleInput)));
}, reads);

const changeBody = z
  .object({ role: z.enum(["admin", "member"]).optional(), active: z.boolean().optional() })
  .strict()
  .refine((b) => b.role !== undefined || b.active !== undefined, "Give a role or active");

export const changePersonHandler = authed<{ id: string }>(async (req, deps, { id }, caller) => {
  requireAdmin(caller, "change people");
  const body = await readJson(req, changeBody);
  let changed = false;
  if (body.role !== undefined) changed = (await setRole(deps, actorOf(caller), { userId: id, role: body.role })).changed || changed;
  if (body.active !== undefined) changed = (await setActive(deps, actorOf(caller), { userId: id, active: body.active })).changed || changed;
  return json({ changed });
}, changes);

export const issueResetHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  requireAdmin(caller, "issue password reset links");
  return json(await issuePasswordReset(deps, actorOf(caller), { userId: id }), 201);
}, changes);

export const listInvitesHandler = authed(async (_req, deps, _p, caller) => {
  requireAdmin(caller, "see invite links");
  return json({ invites: await listInvites(deps, actorOf(caller)) });
}, reads);

export const createInviteHandler = authed(async (req, deps, _p, caller) => {
  requireAdmin(caller, "create invite links");
  return json(await createInvite(deps, actorOf(caller), await readJson(req, createInviteInput.strict())), 201);
}, changes);

export const revokeInviteHandler = authed<{ id: string }>(async (_req, deps, { id }, caller) => {
  requireAdmin(caller, "revoke invite links");
  await revokeInvite(deps, actorOf(caller), { id });
  return noContent();
}, changes);

const token = z.string().min(1).max(200);

const acceptBody = z.object({ token, email: z.email("Enter a valid email address").max(254), name: displayName, password: z.string().max(200) });

export const acceptInviteHandler = endpoint(async (req, deps) => {
  const ip = clientIp(req);
  // Before any work: each attempt may cost a password hash.
  await deps.limits?.consume("linkUsesPerIp", ip);
  const input = await readJson(req, acceptBody);
  await acceptInvite(deps, { ...input, hashQueue: ip });
  return json({ accepted: true }, 201);
});

const resetBody = z.object({ token, password: z.string().max(200) });

export const usePasswordResetHandler = endpoint(async (req, deps) => {
  const ip = clientIp(req);
  await deps.limits?.consume("linkUsesPerIp", ip);
  const input = await readJson(req, resetBody);
  if (!input.password) throw new AppError("bad_request", "Enter a new password");
  await usePasswordReset(deps, { ...input, hashQueue: ip });
  return noContent();
});
