// Query strings, parsed with a zod schema like bodies are (read-json.ts): a bad value is a 400
// naming the field, never an internal error.
import type { z } from "zod";
import { AppError } from "../domain/errors";
import { containsNul, NUL_MESSAGE } from "@/lib/no-nul";

/** Longest query string accepted; the API's queries are a few ids and numbers. */
const MAX_QUERY_CHARS = 2_000;

export function readQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const url = new URL(req.url);
  if (url.search.length > MAX_QUERY_CHARS) throw new AppError("bad_request", "Query string is too long");
  const query = Object.fromEntries(url.searchParams);
  if (containsNul(query)) throw new AppError("bad_request", NUL_MESSAGE);
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const i of parsed.error.issues) fields[String(i.path[0] ?? "query")] ??= i.message;
  const issue = parsed.error.issues[0];
  throw new AppError("bad_request", issue ? `${issue.path.join(".") || "query"}: ${issue.message}` : "Invalid query", { fields });
}
