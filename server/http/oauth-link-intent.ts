// POST /api/oauth/link-intent { provider } → 204 and a short-lived signed cookie saying
// "this signed-in user wants to connect <provider>"; the browser then runs next-auth's
// signIn(provider), and the callback links the identity to this user (server/auth/next-auth.ts).
// Session only: an API token cannot attach a login method to its owner's account.
import { z } from "zod";
import { AppError } from "../domain/errors";
import { env } from "../env";
import { configuredOAuthProviders } from "../auth/oauth-providers";
import { linkIntentSetCookie, signLinkIntent } from "../auth/link-intent";
import { authed } from "./endpoint";
import { readJson } from "./read-json";
import { noContent } from "./respond";

const body = z.object({ provider: z.string().min(1).max(40) });

export const linkIntentHandler = authed(
  async (req, { secret }, _params, caller) => {
    const { provider } = await readJson(req, body);
    const available: string[] = configuredOAuthProviders(env());
    if (!available.includes(provider)) {
      throw new AppError(
        "bad_request",
        available.length
          ? `Unknown provider "${provider}"; this workspace offers ${available.join(", ")}`
          : "No sign-in providers are configured on this workspace",
      );
    }
    const secure = new URL(req.url).protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
    const res = noContent();
    res.headers.append("set-cookie", linkIntentSetCookie(signLinkIntent({ userId: caller.userId, provider }, secret), secure));
    return res;
  },
  { sessionOnly: true, limit: "accountChangesPerUser" },
);
