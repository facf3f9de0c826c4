"use client";
// Under a thread's root in the channel: "3 replies", who replied (avatars), the last reply's
// time. One button, named for screen readers with all of it, that opens the thread.
import type { EntityDto, MessageDto } from "@/lib/realtime/dto";
import { Avatar } from "./avatar";

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
const MAX_AVATARS = 4;

export function ThreadSummary({
  message,
  people,
  onOpen,
}: {
  message: MessageDto;
  /** Names and colours of the space's members, by id. */
  people: ReadonlyMap<string, Pick<EntityDto, "name" | "type" | "avatarColor">>;
  onOpen(m: MessageDto): void;
}) {
  const t = message.thread;
  if (!t) return null;
  const count = `${t.replyCount} ${t.replyCount === 1 ? "reply" : "replies"}`;
  const last = t.lastReplyAt ? `Last reply ${time(t.lastReplyAt)}` : "";
  const names = t.participantIds.map((id) => people.get(id)?.name ?? "someone");
  return (
    <button
      type="button"
      onClick={() => onOpen(message)}
      aria-label={`${count} from ${names.join(", ")}${last ? `. ${last}` : ""}. Open thread`}
      className="mt-1 flex items-center gap-2 rounded-md border border-transparent px-1 py-0.5 text-sm hover:border-zinc-200 hover:bg-white focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:border-zinc-700 dark:hover:bg-zinc-900"
    >
      <span className="flex -space-x-1">
        {t.participantIds.slice(0, MAX_AVATARS).map((id) => (
          <Avatar key={id} entity={people.get(id) ?? { name: "?", type: "human", avatarColor: null }} size={20} />
        ))}
      </span>
      <span className="font-semibold text-accent-700 dark:text-indigo-300">{count}</span>
      {last && <span className="text-xs text-zinc-500">{last}</span>}
    </button>
  );
}
