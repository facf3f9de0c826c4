// A request body's bytes, never more than MAX_BODY_BYTES: a declared Content-Length over the
// limit is refused before reading, and a missing or lying one stops the read as soon as the
// limit is passed, so no client can make us buffer more. Refusal: AppError("payload_too_large").
import { MAX_BODY_BYTES } from "@/lib/limits";
import { AppError } from "../domain/errors";

export const bodyTooLarge = () => new AppError("payload_too_large", `Request body is larger than ${MAX_BODY_BYTES} bytes`);

/** True when the declared Content-Length alone is over `max`. */
export function declaresTooLarge(contentLength: string | null | undefined, max = MAX_BODY_BYTES): boolean {
  return contentLength != null && contentLength !== "" && !(Number(contentLength) <= max);
}

export async function readBody(req: Request, max = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  if (declaresTooLarge(req.headers.get("content-length"), max)) throw bodyTooLarge();
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge();
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
