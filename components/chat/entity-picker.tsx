"use client";
import { useState } from "react";
import type { EntityDto } from "@/lib/realtime/dto";
import { Avatar } from "./avatar";
import { inputClass } from "./modal";

/** A filterable checklist of people and agents. */
export function EntityPicker({
  entities,
  selected,
  onToggle,
  multiple = true,
}: {
  entities: EntityDto[];
  selected: Set<string>;
  onToggle(id: string): void;
  multiple?: boolean;
}) {
  const [filter, setFilter] = useState("");
  const shown = entities.filter((e) => e.name.toLowerCase().includes(filter.toLowerCase()));
  return (
    <div>
      <input
        aria-label="Filter people and agents"
        placeholder="Search people and agents"
        className={inputClass}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <ul className="mt-2 max-h-60 overflow-y-auto" aria-label="People and agents">
        {shown.map((e) => (
          <li key={e.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <input type={multiple ? "checkbox" : "radio"} name="entity" checked={selected.has(e.id)} onChange={() => onToggle(e.id)} aria-label={e.name} />
              <Avatar entity={e} size={22} />
              <span className="flex-1">{e.name}</span>
              {e.type === "agent" && <span className="text-xs text-indigo-600 dark:text-indigo-300">agent</span>}
            </label>
          </li>
        ))}
        {shown.length === 0 && <li className="px-2 py-2 text-sm text-zinc-500">Nobody matches.</li>}
      </ul>
    </div>
  );
}
