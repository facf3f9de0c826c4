import { rooms } from "@/lib/realtime/events";
import type { Deps } from "../deps";
import { AppError } from "../errors";
import type { PersonActor } from "./person";

/** Revoked at once: requests with it get 401 and sockets opened with it are closed. Someone else's token is not_found. */
export async function revokeApiToken({ db, events }: Pick<Deps, "db" | "events">, actor: PersonActor, input: { id: string }) {
  const { id } = input;
  const { count } = await db.apiToken.updateMany({ where: { id, userId: actor.userId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw new AppError("not_found", "No such token");
  events.disconnect(rooms.token(id));
}
