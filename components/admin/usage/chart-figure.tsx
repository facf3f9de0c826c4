"use client";
// A chart with an accessible name and its numbers as a table for screen readers: the figure
// is named, the drawing is hidden from assistive technology (its shapes say nothing), and
// the visually hidden table beside it carries every value shown.
import type { ReactNode } from "react";

interface Props {
  title: string;
  /** One sentence on what the chart shows; read with the figure's name. */
  summary: string;
  columns: string[];
  rows: (string | number)[][];
  children: ReactNode;
}

export function ChartFigure({ title, summary, columns, rows, children }: Props) {
  return (
    <figure aria-label={title} className="relative min-w-0 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
      <figcaption>
        <span className="font-semibold">{title}</span>
        <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{summary}</span>
      </figcaption>
      <div aria-hidden className="mt-3 h-56 text-zinc-600 dark:text-zinc-400">
        {children}
      </div>
      {/* The figures for screen readers. A table cannot be narrowed by sr-only (it grows to fit its
          cells), so a wrapper is the hidden box and the figure its positioned container: a
          month of rows no longer widens the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={String(r[0])}>
                {r.map((cell, i) =>
                  i === 0 ? (
                    <th key={columns[i]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[i]}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The hover box, styled for both themes (Recharts' default is white only). */
export function TooltipBox({ active, label, items }: { active?: boolean; label?: string; items: { name: string; value: string; color: string }[] }) {
  if (!active || !items.length) return null;
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 text-xs text-zinc-900 shadow-md dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      {label && <p className="mb-1 font-semibold">{label}</p>}
      {items.map((i) => (
        <p key={i.name} className="flex items-center gap-2">
          <span className="inline-block h-2 w-2 rounded-full" style={{ background: i.color }} />
          {i.name}: {i.value}
        </p>
      ))}
    </div>
  );
}
