import { describe, expect, it } from "vitest";
import { signInOutcome, WRONG_CREDENTIALS } from "./sign-in-outcome";

describe("what the sign-in form says", () => {
  it("signs in when next-auth's url has no error", () => {
    expect(signInOutcome(200, null, { url: "http://localhost:3000/spaces" })).toEqual({ ok: true });
  });
  it("a wrong password", () => {
    expect(signInOutcome(200, null, { url: "http://x/signin?error=CredentialsSignin&code=credentials" })).toEqual({ ok: false, message: WRONG_CREDENTIALS });
  });
  it("too many attempts, in whole minutes from Retry-After", () => {
    expect(signInOutcome(429, "897", { error: { code: "rate_limited" } })).toEqual({ ok: false, message: "Too many attempts, try again in 15 minutes." });
    expect(signInOutcome(429, "30", null)).toEqual({ ok: false, message: "Too many attempts, try again in 1 minute." });
    expect(signInOutcome(429, null, null)).toEqual({ ok: false, message: "Too many attempts, try again in 1 minute." });
  });
  it("busy, and other refusals with their own message", () => {
    expect(signInOutcome(503, "1", null)).toEqual({ ok: false, message: "The server is busy, try again in a moment." });
    expect(signInOutcome(413, null, { error: { code: "payload_too_large", message: "Request body is larger than 65536 bytes" } })).toEqual({
      ok: false,
      message: "Request body is larger than 65536 bytes",
    });
  });
});
