"use client";
// Form pieces shared by the goals, memories and plans sections: a labelled field with its
// server message under it (linked by aria-describedby), the form-level error, and buttons.
import clsx from "clsx";
import { type ReactElement, cloneElement, useId, useState } from "react";
import { callApi } from "./api";

export const inputClass = "mt-1 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** `children` is the one input, select or textarea; it gets the id and error wiring. */
export function Field({
  label,
  error,
  children,
  className,
}: {
  label: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300">
      {message}
    </p>
  );
}

export function Button({
  variant = "primary",
  className,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "danger" }) {
  return (
    <button
      type="button"
      {...props}
      className={clsx(
        "rounded-lg px-3 py-1.5 text-sm font-medium disabled:opacity-60",
        variant === "primary" && "bg-accent-600 text-white hover:bg-accent-700",
        variant === "secondary" && "border border-zinc-300 text-zinc-800 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-white/10",
        variant === "danger" && "bg-red-600 text-white hover:bg-red-700",
        className,
      )}
    />
  );
}

/**
 * Delete with a second, explicit step: the first click asks, the second deletes. Inline rather
 * than window.confirm, so it is styled, keyboard-usable and named for the item it deletes.
 */
export function DeleteButton({ what, onConfirm }: { what: string; onConfirm(): Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <Button variant="secondary" aria-label={`Delete ${what}`} onClick={() => setAsking(true)}>
        Delete
      </Button>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="text-sm">Delete {what}?</span>
      <Button
        variant="danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await onConfirm();
          setBusy(false);
          setAsking(false);
        }}
      >
        {busy ? "Deleting…" : "Confirm delete"}
      </Button>
      <Button variant="secondary" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}

export function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-2xl border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * Who made an item: an admin (every run sees it) or a run in a space (only runs that reach it),
 * and whether the agent may still change it (not once an admin created, edited or paused it).
 */
export function OriginNote({ madeByAdmin, originSpace, adminOwned }: { madeByAdmin: boolean; originSpace: { name: string } | null; adminOwned: boolean }) {
  return (
    <span className="text-xs text-zinc-500 dark:text-zinc-400">
      {madeByAdmin ? "by an admin · every run sees it" : originSpace ? `by a run in ${originSpace.name}` : "by a run"}
      {adminOwned && " · read-only to the agent"}
    </span>
  );
}

/**
 * A listed goal's or memory's Edit and Delete: the delete goes to `deleteUrl`, and the list
 * drops the item only once the server has; a refusal goes to `onError`.
 */
export function EditDeleteActions(props: { what: string; deleteUrl: string; onEdit(): void; onDeleted(): void; onError(message: string | null): void }) {
  return (
    <div className="flex shrink-0 flex-wrap gap-2">
      <Button variant="secondary" aria-label={`Edit ${props.what}`} onClick={props.onEdit}>
        Edit
      </Button>
      <DeleteButton
        what={props.what}
        onConfirm={async () => {
          const res = await callApi("DELETE", props.deleteUrl);
          if (!res.ok) return props.onError(res.error.message);
          props.onError(null);
          props.onDeleted();
        }}
      />
    </div>
  );
}
