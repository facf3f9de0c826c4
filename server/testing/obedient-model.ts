// A scripted model that answers every [NEW] request from Ada it is shown. With it, "every
// request answered exactly once" checks the context (what is marked new) and the runs (which
// run handles what).
import type { ModelCall, Script } from "./agents";

/** The texts of the [NEW] lines from Ada, as a model that answers every new request reads them. */
export function newRequests(c: ModelCall, match: RegExp = /./): string[] {
  return (
    c.system
      .split("\n")
      // A line another of its runs handles is not this run's to answer.
      .filter((l) => /"Ada" \(human, id:[^)]*\): .*\[NEW\]/.test(l) && !l.includes("← HANDLED BY YOUR RUN"))
      .map((l) => /: ("(?:[^"\\]|\\.)*")\s+\[NEW\]/.exec(l)?.[1])
      .filter((t): t is string => !!t)
      .map((t) => JSON.parse(t) as string)
      .filter((t) => match.test(t))
  );
}

/** Answers every [NEW] request (those `match` takes) in one step, then stops; `during` runs inside the first call. */
export function obedient(during?: (c: ModelCall) => Promise<void>, match?: RegExp): Script {
  return async (c) => {
    if (c.results.length) return { text: "done" };
    if (c.call === 1) await during?.(c);
    const fresh = newRequests(c, match);
    if (!fresh.length) return { text: "nothing new" };
    return { tools: fresh.map((t) => ({ tool: "send_message", input: { text: `answer to: ${t}` } })) };
  };
}
