// A scripted model that answers every [NEW] request from Ada it is shown. With it, "every
// request answered exactly once" checks the context (what is marked new) and the runs (which
// run handles what).
import type { ModelCall, Script } from "./agents";

/** The texts of the [NEW] lines from Ada, as a model that answers every new request reads them. */
export function newRequests(c: ModelCall): string[] {
  return c.system
    .split("\n")
    .filter((l) => /"Ada" \(human, id:[^)]*\): .*\[NEW\]/.test(l))
    .map((l) => /: ("(?:[^"\\]|\\.)*")\s+\[NEW\]/.exec(l)?.[1])
    .filter((t): t is string => !!t)
    .map((t) => JSON.parse(t) as string);
}

/** Answers every [NEW] request in one step, then stops; `during` runs inside the first call. */
export function obedient(during?: (c: ModelCall) => Promise<void>): Script {
  return async (c) => {
    if (c.results.length) return { text: "done" };
    if (c.call === 1) await during?.(c);
    const fresh = newRequests(c);
    if (!fresh.length) return { text: "nothing new" };
    return { tools: fresh.map((t) => ({ tool: "send_message", input: { text: `answer to: ${t}` } })) };
  };
}
