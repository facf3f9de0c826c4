// Channel names: one form, and one channel per name. Names are how people and agents point at a
// channel ("post in #design"), so two live channels never share one, whatever the case: creating
// or renaming to a taken name is refused. The database holds the same rule (a unique index on
// lower(name) of live channels, see the channel_name_unique migration), so two requests racing
// past the check below still store one; the loser gets the same refusal.
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/unique-violation";
import { AppError } from "../errors";

// Characters that show as nothing (zero-width spaces and joiners, bidi controls, variation
// selectors, soft hyphens, control codes): "design" with one of them would look like #design.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}]/gu;

/**
 * Slack-style names: lower case, spaces (any kind) to dashes, no leading '#'. NFKC folds
 * compatibility forms ("ｄｅｓｉｇｎ" is "design") and invisible characters are dropped, so a
 * name that looks taken is taken. Shared by creating and renaming.
 */
export function normaliseChannelName(raw: string): string {
  const name = raw
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .trim()
    .replace(/^#+/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s\p{Z}]+/gu, "-");
  if (!name) throw new AppError("bad_request", "Name is required");
  return name;
}

export function channelNameTaken(name: string): AppError {
  return new AppError("conflict", `There is already a channel named #${name}`, { fields: { name: "That name is taken" } });
}

/** Refuses a name another live channel has, in any case. `exceptId`: the channel being renamed. */
export async function assertChannelNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  const taken = await db.space.findFirst({
    where: { kind: "channel", archivedAt: null, name: { equals: name, mode: "insensitive" }, ...(exceptId && { id: { not: exceptId } }) },
    select: { id: true },
  });
  if (taken) throw channelNameTaken(name);
}

/** Runs a write that stores `name`; the unique index's refusal (a race the check lost) becomes the same refusal. */
export async function storingChannelName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw channelNameTaken(name);
    throw e;
  }
}
