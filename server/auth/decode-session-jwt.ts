// next-auth's session token decode, with the key derived once per secret and cookie name.
// next-auth's own decode() runs HKDF and a key thumbprint on every call, which is half its
// cost; after a restart every reconnecting socket decodes its cookie, so that half is paid
// a thousand times at once. Same algorithms, clock tolerance and key-id check as next-auth's
// decode (`@auth/core/jwt`), through the same libraries.
import { hkdf } from "@panva/hkdf";
import { base64url, calculateJwkThumbprint, type JWTPayload, jwtDecrypt } from "jose";

interface DerivedKey {
  key: Uint8Array;
  /** The key's JWK thumbprint: next-auth puts it in the token's `kid` header. */
  kid: string;
}

// One entry per (content encryption, secret, cookie name): a handful in a running server.
const derived = new Map<string, Promise<DerivedKey>>();
const MAX_DERIVED = 32;

function derivedKey(enc: string, secret: string, salt: string): Promise<DerivedKey> {
  const length = enc === "A256CBC-HS512" ? 64 : enc === "A256GCM" ? 32 : 0;
  if (!length) return Promise.reject(new Error("unsupported JWT content encryption"));
  const id = `${enc}\n${salt}\n${secret}`;
  let entry = derived.get(id);
  if (!entry) {
    if (derived.size >= MAX_DERIVED) derived.clear();
    entry = (async () => {
      const key = await hkdf("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length);
      return { key, kid: await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, `sha${length << 3}` as "sha256" | "sha512") };
    })();
    entry.catch(() => derived.delete(id));
    derived.set(id, entry);
  }
  return entry;
}

/** The payload of a session token next-auth encoded with `secret` and `salt` (the cookie name); throws when forged, altered or expired. */
export async function decodeSessionJwt(token: string, secret: string, salt: string): Promise<JWTPayload> {
  const { payload } = await jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      const k = await derivedKey(enc ?? "", secret, salt);
      if (kid !== undefined && kid !== k.kid) throw new Error("no matching decryption secret");
      return k.key;
    },
    { clockTolerance: 15, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
  );
  return payload;
}
