"use client";
// One agent's pages in the admin panel, as tabs: its settings, what it knows and plans, its
// service key, and the history of admin changes to it.
import clsx from "clsx";
import Link from "next/link";
import { usePathname } from "next/navigation";

const SECTIONS = [
  { path: "", label: "Settings" },
  { path: "/knowledge", label: "Goals, memories & plans" },
  { path: "/service", label: "Service" },
  { path: "/history", label: "History" },
] as const;

export function AgentSections({ agentId }: { agentId: string }) {
  const current = usePathname();
  return (
    <nav aria-label="Agent sections" className="mb-5 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
      <ul className="flex gap-1">
        {SECTIONS.map((s) => {
          const href = `/admin/agents/${agentId}${s.path}`;
          const active = current === href;
          return (
            <li key={s.path}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={clsx(
                  "-mb-px block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap",
                  active
                    ? "border-accent-600 text-accent-700 dark:border-indigo-300 dark:text-indigo-200"
                    : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
                )}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
