// Usage and prices show what every agent spends: admins only.
import type { Actor } from "../deps";
import { AppError } from "../errors";

export function requireUsageAdmin(actor: Pick<Actor, "isAdmin">): void {
  if (!actor.isAdmin) throw new AppError("forbidden", "Only admins can see usage and prices");
}
