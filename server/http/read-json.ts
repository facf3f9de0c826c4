// Request bodies: JSON only, at most MAX_BODY_BYTES and MAX_JSON_DEPTH deep, parsed with a
// zod schema. Unknown keys are dropped by the schemas, so a body cannot smuggle in e.g. a senderId.
import type { z } from "zod";
import { AppError, invalidInput } from "../domain/errors";
import { assertJsonDepth } from "./json-depth";
import { containsNul, NUL_MESSAGE } from "@/lib/no-nul";
import { bodyTooLarge, declaresTooLarge, readBody } from "./read-body";

export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  if (declaresTooLarge(req.headers.get("content-length"))) throw bodyTooLarge();
  // Requiring the JSON type also backs up the CSRF check (server/http/csrf.ts): a cross-site
  // form or no-cors fetch cannot send it without a CORS preflight, which we never grant.
  if (!/^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new AppError("bad_request", "Send the body as JSON with 'Content-Type: application/json'");
  }
  const bytes = await readBody(req);
  if (bytes.length === 0) throw new AppError("bad_request", "Request body is empty; send a JSON object");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_request", "Request body is not valid JSON");
  }
  assertJsonDepth(text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Request body is not valid JSON");
  }
  if (containsNul(value)) throw new AppError("bad_request", NUL_MESSAGE);
  const parsed = schema.safeParse(value);
  // Every field's problem goes back (error.fields), the first one also in the message.
  if (!parsed.success) throw invalidInput(parsed.error.issues);
  return parsed.data;
}
