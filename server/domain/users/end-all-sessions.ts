import { rooms } from "@/lib/realtime/events";
import type { Deps } from "../deps";
import type { PersonActor } from "./person";

/** "Sign out everywhere": every session of the actor ends and its sockets close; API tokens are separate and stay. */
export async function endAllSessions({ db, events }: Pick<Deps, "db" | "events">, actor: PersonActor): Promise<number> {
  // One statement, so a session started meanwhile is either kept or deleted and disconnected.
  const rows = await db.$queryRaw<{ sessionToken: string }[]>`
    DELETE FROM "Session" WHERE "userId" = ${actor.userId} RETURNING "sessionToken"`;
  for (const r of rows) events.disconnect(rooms.session(r.sessionToken));
  return rows.length;
}
