import type { Actor } from "../deps";
import { AppError } from "../errors";

/**
 * Agent settings say which provider (and so whose key and budget) an agent spends, and what it
 * is told to do: only admins read or change them. The HTTP adapter checks first too, before it
 * reads a body; this is the rule for every other caller (server components, scripts).
 */
export function requireAgentAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new AppError("forbidden", "Only admins can manage agents");
}
