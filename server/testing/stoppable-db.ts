// A process that stops without its shutdown path, as seen by the database: after freeze()
// every call it makes (heartbeats included) hangs, as for a frozen or partitioned process;
// after kill() they all fail, so what it had under way unwinds and a test can end it.
// Its calls already sent to the database complete, like a query a dying process had sent.
import type { Db } from "../db/client";

export function stoppableDb(db: Db): { db: Db; freeze(): void; kill(): void } {
  let state: "live" | "frozen" | "dead" = "live";
  const held = new Set<(e: Error) => void>();
  const gone = () => new Error("the process is gone");
  const call = (fn: (...a: unknown[]) => unknown, self: object, args: unknown[]) => {
    if (state === "live") return fn.apply(self, args);
    if (state === "dead") return Promise.reject(gone());
    return new Promise((_resolve, reject) => held.add(reject));
  };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        const v = Reflect.get(t, prop);
        if (typeof v === "function") return (...args: unknown[]) => call(v as (...a: unknown[]) => unknown, t, args);
        // Model delegates (db.run, db.message): their methods are held too.
        if (v && typeof v === "object" && typeof prop === "string" && !prop.startsWith("_")) return wrap(v);
        return v;
      },
    });
  return {
    db: wrap(db),
    freeze: () => {
      if (state === "live") state = "frozen";
    },
    kill: () => {
      state = "dead";
      for (const reject of held) reject(gone());
      held.clear();
    },
  };
}
