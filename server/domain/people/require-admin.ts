import type { Actor } from "../deps";
import { AppError } from "../errors";

/** People administration is for admins only: members get 403 saying what they cannot do. */
export function assertAdmin(actor: Actor, what: string): asserts actor is Actor & { isAdmin: true } {
  if (!actor.isAdmin) throw new AppError("forbidden", `Only admins can ${what}`);
}
