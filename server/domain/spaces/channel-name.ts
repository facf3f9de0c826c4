import { AppError } from "../errors";

/** Slack-style names: lower case, spaces to dashes, no leading '#'. Shared by creating and renaming. */
export function normaliseChannelName(raw: string): string {
  const name = raw.trim().replace(/^#+/, "").trim().toLowerCase().replace(/\s+/g, "-");
  if (!name) throw new AppError("bad_request", "Name is required");
  return name;
}
