// Read receipts as a compact row of small faces under the newest message each member has
// seen (agents: the newest message a run has processed); the names are in the tooltip and
// the accessible label, so a busy channel is not a wall of "Seen by …" lines.
import type { MemberDto } from "@/lib/realtime/dto";
import { Avatar } from "./avatar";

const MAX_FACES = 5;

export function SeenBy({ members }: { members: MemberDto[] }) {
  const names = members.map((m) => (m.type === "agent" ? `${m.name} (agent) has seen up to here` : `Seen by ${m.name}`)).join("\n");
  const shown = members.slice(0, MAX_FACES);
  const more = members.length - shown.length;
  return (
    // A note beside the message; not a live region, so receipts are not read out as they change.
    <div role="note" aria-label={`Seen by ${members.map((m) => m.name).join(", ")}`} title={names} className="mt-0.5 flex justify-end -space-x-1">
      {shown.map((m) => (
        <span key={m.id} className="rounded-full ring-2 ring-white dark:ring-zinc-950">
          <Avatar entity={m} size={16} />
        </span>
      ))}
      {more > 0 && <span className="pl-2 text-[0.6875rem] text-zinc-500 dark:text-zinc-400">+{more}</span>}
    </div>
  );
}
