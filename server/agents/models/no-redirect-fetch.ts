// The fetch every provider call goes through. It never follows a redirect: an allowed model
// host that answered 307 would otherwise have the request body (the whole context) and, for a
// 307/308, the provider key's header sent on to wherever it pointed, a host the operator never
// named in PARLEY_MODEL_HOSTS. The redirect is an error the admin can read instead.

/** A model host answered with a redirect; the call was not sent on. */
export class ModelRedirectError extends Error {
  override name = "ModelRedirectError";
  constructor() {
    super("the model host answered with a redirect; Parley does not follow redirects");
  }
}

export const noRedirectFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, { ...init, redirect: "error" });
  } catch (e) {
    // undici rejects a redirect under redirect: "error" with TypeError("fetch failed") caused by "unexpected redirect".
    // Rethrown as its own type, so the AI SDK does not take it for a network failure and retry it.
    if (e instanceof TypeError && e.cause instanceof Error && /redirect/i.test(e.cause.message)) throw new ModelRedirectError();
    throw e;
  }
};

/** Whether `e`, or an error it wraps, is a refused redirect. */
export function isModelRedirect(e: unknown): boolean {
  for (let c = e, depth = 0; c instanceof Error && depth < 6; c = c.cause, depth++) if (c instanceof ModelRedirectError) return true;
  return false;
}
