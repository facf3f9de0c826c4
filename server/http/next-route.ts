// Adapts a handler to a Next route export. Next 16 passes params as a promise; the
// database and event sink come from the runtime server/main.ts registered at start.
import { getRuntime } from "../runtime";
import { log } from "../log";
import type { Handler, HttpDeps, Params } from "./deps";
import { json } from "./respond";

export function nextRoute<P extends Params>(handler: Handler<P>) {
  return async (req: Request, ctx: { params: Promise<P> }): Promise<Response> => {
    let deps: HttpDeps;
    try {
      deps = getRuntime();
    } catch (e) {
      // Only when Next runs without the custom server (e.g. `next dev`): say so, not 500.
      log.error({ err: e }, "http request before runtime was initialised");
      return json({ error: { code: "internal", message: "The server is not ready" } }, 503);
    }
    return handler(req, deps, await ctx.params);
  };
}
