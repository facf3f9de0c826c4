// The cached-key decoder must accept exactly what next-auth's own decode accepts.
import { decode, encode } from "next-auth/jwt";
import { EncryptJWT } from "jose";
import { expect, it } from "vitest";
import { decodeSessionJwt } from "../decode-session-jwt";

const secret = "decode-session-jwt-secret-decode-session-0";
const salt = "authjs.session-token";

it("reads what next-auth encoded, with the same payload next-auth's decode gives", async () => {
  const token = await encode({ token: { sub: "u1", sid: "s1" }, secret, salt, maxAge: 60 });
  const ours = await decodeSessionJwt(token, secret, salt);
  expect(ours).toEqual(await decode({ token, secret, salt }));
  expect(ours).toMatchObject({ sub: "u1", sid: "s1" });
  // Twice: the second decode uses the remembered key.
  expect(await decodeSessionJwt(token, secret, salt)).toEqual(ours);
});

it("refuses another secret, another cookie name, an altered token and an expired one", async () => {
  const token = await encode({ token: { sub: "u1", sid: "s1" }, secret, salt, maxAge: 60 });
  await expect(decodeSessionJwt(token, "another-secret-another-secret-another-00", salt)).rejects.toThrow();
  await expect(decodeSessionJwt(token, secret, "__Secure-authjs.session-token")).rejects.toThrow();
  const parts = token.split(".");
  parts[3] = `${parts[3]!.slice(0, -2)}${parts[3]!.endsWith("AA") ? "BB" : "AA"}`;
  await expect(decodeSessionJwt(parts.join("."), secret, salt)).rejects.toThrow();
  // Expired beyond the 15 s clock tolerance next-auth allows.
  const old = await encode({ token: { sub: "u1", sid: "s1" }, secret, salt, maxAge: -60 });
  await expect(decodeSessionJwt(old, secret, salt)).rejects.toThrow(/exp/);
});

it("refuses a token whose key id names another key, and one not encrypted with the derived key", async () => {
  const token = await encode({ token: { sub: "u1", sid: "s1" }, secret, salt, maxAge: 60 });
  const header = JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString());
  const otherKey = new Uint8Array(64).fill(7);
  const forged = await new EncryptJWT({ sub: "u1", sid: "s1" })
    .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid: header.kid })
    .setExpirationTime("1m")
    .encrypt(otherKey);
  await expect(decodeSessionJwt(forged, secret, salt)).rejects.toThrow();
  const wrongKid = await new EncryptJWT({ sub: "u1" })
    .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512", kid: "not-it" })
    .setExpirationTime("1m")
    .encrypt(otherKey);
  await expect(decodeSessionJwt(wrongKid, secret, salt)).rejects.toThrow(/no matching decryption secret/);
});
