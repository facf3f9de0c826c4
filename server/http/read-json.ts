// Request bodies: JSON only, at most MAX_BODY_BYTES, parsed with a zod schema. Unknown
// keys are dropped by the schemas, so a body cannot smuggle in e.g. a senderId.
import type { z } from "zod";
import { MAX_BODY_BYTES } from "@/lib/limits";
import { AppError } from "../domain/errors";

const tooLarge = () => new AppError("payload_too_large", `Request body is larger than ${MAX_BODY_BYTES} bytes`);

export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > MAX_BODY_BYTES) throw tooLarge();
  // Requiring the JSON type is also the CSRF guard for cookie callers: a cross-site form
  // or no-cors fetch cannot send it without a CORS preflight, which we never grant.
  if (!/^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new AppError("bad_request", "Send the body as JSON with 'Content-Type: application/json'");
  }
  const bytes = await readLimited(req, MAX_BODY_BYTES);
  if (bytes.length === 0) throw new AppError("bad_request", "Request body is empty; send a JSON object");
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new AppError("bad_request", "Request body is not valid JSON");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("bad_request", issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid body");
  }
  return parsed.data;
}

/** The body's bytes; stops reading (and refuses) as soon as it passes `max`, since a
 *  missing or lying Content-Length must not let a client make us buffer more. */
async function readLimited(req: Request, max: number): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
