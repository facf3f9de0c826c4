"use client";
// Enter sends, Shift+Enter adds a line. Typing pings are throttled in the hook.
import { useEffect, useId, useRef, useState } from "react";
import type { MessageDto } from "@/lib/realtime/dto";
import { MAX_MESSAGE_LENGTH } from "@/lib/limits";
import { plainText } from "@/lib/plain-text";
import { resolvePlainChannels, resolvePlainMentions } from "@/lib/mentions/format";
import { matchSuggestions, type Suggestion, SuggestionList, typedQuery } from "./mention-autocomplete";
import { usePlainMentions } from "./mention-names";

interface Props {
  placeholder: string;
  label: string;
  replyTo: MessageDto | null;
  onCancelReply(): void;
  onSend(text: string): void;
  onTyping(typing: boolean): void;
  /** The space's saved draft, and where each change of it goes. */
  initialText?: string;
  onDraft?(text: string): void;
  /** Up arrow in the empty composer: edit my last message here (false when there is none). */
  onEditLast?(): boolean;
  /** Who `@` and what `#` can autocomplete: the space's members, my channels. */
  suggestions?: Suggestion[];
}

export function Composer({ placeholder, label, replyTo, onCancelReply, onSend, onTyping, initialText = "", onDraft, onEditLast, suggestions = [] }: Props) {
  const [text, setText] = useState(initialText);
  const ref = useRef<HTMLTextAreaElement>(null);
  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const plain = usePlainMentions();
  // Autocomplete: the caret's position, the highlighted option, and Escape's "not now" for the
  // query it was pressed at (typing on asks again). Picks are remembered so the send turns them into references.
  const [caret, setCaret] = useState(initialText.length);
  const [activeOption, setActiveOption] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const picked = useRef(new Map<string, Suggestion>());
  const listId = useId();
  const typed = typedQuery(text, caret);
  // A few dozen names at most: filtered on every render, no memo needed.
  const options =
    typed && `${typed.start}:${typed.query}` !== dismissedAt
      ? matchSuggestions(
          suggestions.filter((s) => s.sigil === typed.sigil),
          typed.query,
        )
      : [];
  const listOpen = options.length > 0;
  const active = Math.min(activeOption, Math.max(options.length - 1, 0));

  const pick = (s: Suggestion) => {
    if (!typed) return;
    const insert = `${s.sigil}${s.name} `;
    const next = text.slice(0, typed.start) + insert + text.slice(caret);
    picked.current.set(`${s.sigil}${s.id}`, s);
    setText(next);
    onDraft?.(next);
    const at = typed.start + insert.length;
    setCaret(at);
    setActiveOption(0);
    requestAnimationFrame(() => ref.current?.setSelectionRange(at, at));
  };

  useEffect(() => {
    if (replyTo) ref.current?.focus();
  }, [replyTo]);

  // Grow with the content up to a limit, so the timeline above does not jump per keystroke.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 200)}px`;
  }, [text]);

  const submit = () => {
    if (!text.trim() || tooLong) return;
    // Picked names become references here; a typed @Name of a member is resolved by the server.
    const picks = [...picked.current.values()];
    const withRefs = resolvePlainChannels(
      resolvePlainMentions(
        text,
        picks.filter((p) => p.sigil === "@"),
      ),
      picks.filter((p) => p.sigil === "#"),
    );
    picked.current.clear();
    onSend(withRefs);
    setText("");
    onDraft?.("");
    onTyping(false);
  };

  return (
    <div className="px-4 pb-4">
      <div className="rounded-xl border border-zinc-300 bg-white shadow-sm focus-within:border-accent-500 focus-within:ring-2 focus-within:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900">
        {replyTo && (
          <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-1.5 text-sm dark:border-zinc-800">
            <span className="min-w-0 flex-1 truncate text-zinc-600 dark:text-zinc-400">
              Replying to <strong>{replyTo.sender.name}</strong>: {plainText(plain(replyTo.text), 200)}
            </span>
            <button type="button" onClick={onCancelReply} aria-label="Cancel reply" className="rounded px-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">
              ✕
            </button>
          </div>
        )}
        <div className="relative flex items-end gap-2 p-2">
          {listOpen && <SuggestionList id={listId} items={options} active={active} onPick={pick} onHover={setActiveOption} />}
          <textarea
            ref={ref}
            value={text}
            rows={1}
            aria-label={label}
            placeholder={placeholder}
            aria-invalid={tooLong}
            aria-autocomplete="list"
            aria-controls={listOpen ? listId : undefined}
            aria-activedescendant={listOpen ? `${listId}-${active}` : undefined}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
            onChange={(e) => {
              setCaret(e.target.selectionStart);
              setText(e.target.value);
              onDraft?.(e.target.value);
              onTyping(e.target.value.length > 0);
            }}
            onKeyDown={(e) => {
              if (listOpen && !e.nativeEvent.isComposing) {
                if (e.key === "ArrowDown" || e.key === "ArrowUp") {
                  e.preventDefault();
                  setActiveOption((active + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
                  return;
                }
                if ((e.key === "Enter" && !e.shiftKey) || e.key === "Tab") {
                  e.preventDefault();
                  pick(options[active]!);
                  return;
                }
                if (e.key === "Escape") {
                  e.preventDefault();
                  setDismissedAt(typed ? `${typed.start}:${typed.query}` : null);
                  return;
                }
              }
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              } else if (e.key === "Escape" && replyTo) onCancelReply();
              else if (e.key === "ArrowUp" && text === "" && !e.shiftKey && !e.altKey && !e.metaKey && !e.ctrlKey && onEditLast?.()) e.preventDefault();
            }}
            className="max-h-[200px] min-h-[2.25rem] flex-1 resize-none bg-transparent px-2 py-1.5 text-[0.9375rem] outline-none placeholder:text-zinc-400"
          />
          <button
            type="button"
            onClick={submit}
            disabled={!text.trim() || tooLong}
            aria-label="Send message"
            className="rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-700 disabled:cursor-not-allowed disabled:bg-zinc-300 disabled:text-zinc-500 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-500"
          >
            Send
          </button>
        </div>
      </div>
      <p className="mt-1 h-4 text-xs text-zinc-500" aria-live="polite">
        {tooLong ? (
          <span className="text-red-600 dark:text-red-400">
            {text.length - MAX_MESSAGE_LENGTH} characters over the {MAX_MESSAGE_LENGTH}-character limit
          </span>
        ) : (
          <span className="hidden sm:inline">Enter to send · Shift+Enter for a new line · **bold**, _italic_, `code`</span>
        )}
      </p>
    </div>
  );
}

export function TypingLine({ names, activity = [] }: { names: string[]; activity?: string[] }) {
  const typing =
    names.length === 0
      ? ""
      : names.length === 1
        ? `${names[0]} is typing…`
        : names.length === 2
          ? `${names[0]} and ${names[1]} are typing…`
          : "Several people are typing…";
  const text = [typing, ...activity].filter(Boolean).join(" · ");
  // Fixed height: the indicator appearing never moves the timeline.
  return (
    <p className="h-5 truncate px-5 text-xs text-zinc-500" aria-live="polite" role="status">
      {activity.length > 0 && <span aria-hidden className="mr-1.5 inline-block h-1.5 w-1.5 animate-pulse rounded-full bg-indigo-500 align-middle" />}
      {text}
    </p>
  );
}
