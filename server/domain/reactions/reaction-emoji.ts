// The emoji of a reaction, checked against the emoji data set (lib/emoji/emoji-set.ts): only
// real emoji are stored, each in one form, so "❤" and "❤️" count as one reaction.
import { MAX_EMOJI_LENGTH } from "@/lib/limits";
import { canonicalEmoji } from "@/lib/emoji/emoji-set";
import { AppError } from "../errors";

export function reactionEmoji(text: string): string {
  if (text.length > MAX_EMOJI_LENGTH) throw new AppError("payload_too_large", `Emoji is longer than ${MAX_EMOJI_LENGTH} characters`);
  const emoji = canonicalEmoji(text);
  // The refusal does not repeat the input: agents' tool errors are shown to later runs.
  if (!emoji) throw new AppError("bad_request", "Not an emoji: react with a single emoji character, such as 👍");
  return emoji;
}
