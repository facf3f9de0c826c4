"use client";
// The spaces a new service key may reach, as checkboxes: only spaces both the agent and the
// signed-in admin are in (the server checks the same). A key must list at least one, so a
// webhook's payload can never steer the agent into every space it is in.
import type { KeySpaceDto } from "@/lib/agents/service-dto";

export const spaceLabel = (s: KeySpaceDto) => (s.kind === "channel" ? `#${s.name}` : `direct: ${s.name}`);

export function KeySpacesPicker({ spaces, chosen, onChange }: { spaces: KeySpaceDto[]; chosen: string[]; onChange(next: string[]): void }) {
  if (!spaces.length) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        You share no space with this agent, so you cannot make it a key. Join one of its channels first.
      </p>
    );
  }
  return (
    <fieldset className="text-sm">
      <legend className="font-medium">Spaces the key&apos;s runs may reach</legend>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {spaces.map((s) => (
          <li key={s.id}>
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(s.id)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, s.id] : chosen.filter((id) => id !== s.id))}
              />
              {spaceLabel(s)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
