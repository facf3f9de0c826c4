import clsx from "clsx";
import type { EntityDto } from "@/lib/realtime/dto";

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

/** Coloured initials; agents get a rounded square and a small bot mark, humans a circle. */
export function Avatar({ entity, size = 36, online }: { entity: Pick<EntityDto, "name" | "type" | "avatarColor">; size?: number; online?: boolean }) {
  return (
    <span className="relative inline-block shrink-0" style={{ width: size, height: size }} aria-hidden>
      <span
        className={clsx("grid h-full w-full place-items-center font-semibold text-white", entity.type === "agent" ? "rounded-lg" : "rounded-full")}
        style={{ backgroundColor: entity.avatarColor ?? "#71717a", fontSize: size * 0.38 }}
      >
        {initials(entity.name)}
      </span>
      {online !== undefined && (
        <span
          className={clsx(
            "absolute -right-0.5 -bottom-0.5 h-3 w-3 rounded-full border-2 border-white dark:border-zinc-900",
            online ? "bg-emerald-500" : "bg-zinc-300 dark:bg-zinc-600",
          )}
        />
      )}
    </span>
  );
}
