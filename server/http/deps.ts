// What every HTTP handler is given. Handlers take it as a parameter so tests call them
// directly with their own database and event sink; Next routes pass getRuntime().
import type { Runtime } from "../runtime";

export type HttpDeps = Runtime;

/** Route params as Next passes them (already awaited). Static routes have none. */
export type Params = Record<string, string>;
export type NoParams = Record<string, never>;

export type Handler<P extends Params = NoParams> = (req: Request, deps: HttpDeps, params: P) => Promise<Response>;
