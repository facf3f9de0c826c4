// The run inspector is for workspace admins: runs show what agents read and wrote in every space.
import type { Actor } from "../deps";
import { AppError } from "../errors";

export function requireRunInspector(actor: Pick<Actor, "isAdmin">): void {
  if (!actor.isAdmin) throw new AppError("forbidden", "Only admins can inspect runs");
}
