// A zod failure as the one error type: 400, the first problem in the message (naming its
// field), and every field's first problem in `fields` for forms and scripts.
import type { z } from "zod";
import { AppError, type FieldErrors } from "./errors";

export function invalidInput(error: z.ZodError): AppError {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "input";
    fields[key] ??= issue.message;
  }
  const first = error.issues[0];
  const message = first ? `${first.path.join(".") || "input"}: ${first.message}` : "Invalid input";
  return new AppError("bad_request", message, { fields });
}
