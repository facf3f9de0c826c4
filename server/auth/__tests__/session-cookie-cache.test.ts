// Decoded cookies are remembered only until the cookie's own expiry: a cached cookie stops
// working when it expires, exactly as an uncached one would.
import { encode } from "next-auth/jwt";
import { afterEach, expect, it, vi } from "vitest";
import { SESSION_COOKIE, sessionFromCookieHeader } from "../session-cookie";

const secret = "cookie-cache-secret-cookie-cache-secret-0";
afterEach(() => vi.useRealTimers());

it("a remembered cookie is refused once it expires, and a forged one is never remembered", async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  const value = await encode({ token: { sub: "u1", sid: "s1" }, secret, salt: SESSION_COOKIE, maxAge: 60 });
  const header = `${SESSION_COOKIE}=${value}`;
  expect(await sessionFromCookieHeader(header, secret)).toEqual({ userId: "u1", sid: "s1" });
  expect(await sessionFromCookieHeader(header, secret)).toEqual({ userId: "u1", sid: "s1" }); // from memory
  expect(await sessionFromCookieHeader(header, "another-secret-another-secret-another-0")).toBeNull();
  vi.setSystemTime(Date.now() + 120_000); // past its expiry and the decoder's clock tolerance
  expect(await sessionFromCookieHeader(header, secret)).toBeNull();
  expect(await sessionFromCookieHeader(`${SESSION_COOKIE}=${value.slice(0, -4)}abcd`, secret)).toBeNull();
});
