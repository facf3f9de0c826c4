// What a failed tool call tells the model. An error never repeats the model's own input: the
// input may quote a space the run later loses (a reply from someone who sees less narrows it),
// and the error is shown again to the run's later calls and to other runs (THIS RUN SO FAR,
// FAILED RUNS). Each tool words its errors without the input ("no such run", not the id); this
// is the net for a message that still carries it (a library's, a domain function's).

/** Input strings shorter than this are left alone: they are words the error may use itself ("cron", "key"). */
const MIN_ECHOED = 6;

function inputStrings(v: unknown, out: string[], depth = 0): string[] {
  if (depth > 5) return out;
  if (typeof v === "string") {
    for (const s of [v, v.trim(), JSON.stringify(v).slice(1, -1)]) if (s.length >= MIN_ECHOED) out.push(s);
  } else if (Array.isArray(v)) for (const x of v) inputStrings(x, out, depth + 1);
  else if (v && typeof v === "object") for (const x of Object.values(v)) inputStrings(x, out, depth + 1);
  return out;
}

/** `message` with every input string of MIN_ECHOED characters or more replaced by "…". */
export function toolErrorText(message: string, input: unknown): string {
  let text = message;
  for (const s of [...new Set(inputStrings(input, []))].sort((a, b) => b.length - a.length)) text = text.split(s).join("…");
  return text;
}
