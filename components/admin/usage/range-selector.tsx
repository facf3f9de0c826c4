// The usage page's range: links, so each range has its own address and works without script.
import clsx from "clsx";
import Link from "next/link";
import { USAGE_RANGE_DAYS } from "@/lib/limits";

export function RangeSelector({ days }: { days: number }) {
  return (
    <nav aria-label="Range" className="flex gap-1">
      {USAGE_RANGE_DAYS.map((d) => (
        <Link
          key={d}
          href={`/admin/usage?days=${d}`}
          aria-current={d === days ? "page" : undefined}
          className={clsx(
            "rounded-md px-3 py-1.5 text-sm font-medium",
            d === days
              ? "bg-accent-600 text-white"
              : "border border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-white/5",
          )}
        >
          Last {d} days
        </Link>
      ))}
    </nav>
  );
}
