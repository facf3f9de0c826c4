"use client";
// Public or private, for a new channel and in a channel's settings: two radios that say what each means.
import type { SpaceVisibility } from "@/lib/realtime/dto";

const CHOICES: { value: SpaceVisibility; label: string; hint: string }[] = [
  { value: "private", label: "Private", hint: "Only members can find and read it" },
  { value: "public", label: "Public", hint: "Anyone in the workspace can find and join it" },
];

export function VisibilityChoice({ value, onChange, disabled }: { value: SpaceVisibility; onChange(v: SpaceVisibility): void; disabled?: boolean }) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Visibility</legend>
      <div className="grid grid-cols-2 gap-2">
        {CHOICES.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer gap-2 rounded-lg border border-zinc-300 p-2 text-sm has-[:checked]:border-accent-500 has-[:checked]:bg-accent-50 dark:border-zinc-700 dark:has-[:checked]:bg-accent-500/15"
          >
            <input type="radio" name="visibility" value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} className="mt-0.5" />
            <span>
              <span className="block font-medium">{c.label}</span>
              <span className="block text-xs text-zinc-500">{c.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
