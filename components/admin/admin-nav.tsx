"use client";
// The admin panel's sections: a column on wide screens, a row of tabs on phones.
import clsx from "clsx";
import Link from "next/link";
import { usePathname } from "next/navigation";

const SECTIONS = [
  { href: "/admin/agents", label: "Agents" },
  { href: "/admin/people", label: "People" },
  { href: "/admin/runs", label: "Runs" },
  { href: "/admin/usage", label: "Usage" },
  { href: "/admin/audit", label: "Audit log" },
  { href: "/admin/settings", label: "Settings" },
] as const;

export function AdminNav() {
  const path = usePathname();
  return (
    <nav aria-label="Admin sections">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {SECTIONS.map((s) => {
          const active = path === s.href || path.startsWith(`${s.href}/`);
          return (
            <li key={s.href}>
              <Link
                href={s.href}
                aria-current={active ? "page" : undefined}
                className={clsx(
                  "block rounded-md px-3 py-1.5 text-sm font-medium",
                  active ? "bg-accent-600 text-white" : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-white/5",
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
