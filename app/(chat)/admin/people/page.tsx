import { PeopleAdmin } from "@/components/admin/people/people-admin";
import { getDb } from "@/server/db/client";
import { inviteChannelChoices, listInvites } from "@/server/domain/people/invites";
import { listPeople } from "@/server/domain/people/list-people";
import { adminUser } from "../admin-user";

export const dynamic = "force-dynamic";

export default async function AdminPeoplePage() {
  const me = await adminUser();
  if (!me) return null; // the layout answers 403
  const actor = { entityId: me.entity.id, userId: me.userId, isAdmin: me.isAdmin };
  const deps = { db: getDb() };
  const [page, invites, channels] = await Promise.all([listPeople(deps, actor, {}), listInvites(deps, actor), inviteChannelChoices(deps, actor)]);
  return (
    <>
      <h1 className="text-2xl font-semibold">People</h1>
      <p className="mt-1 mb-5 text-sm text-zinc-600 dark:text-zinc-400">
        Invite people, change roles, deactivate accounts and issue password reset links. Every change is in the audit log.
      </p>
      <PeopleAdmin initial={page} invites={invites} channels={channels} myUserId={me.userId} />
    </>
  );
}
