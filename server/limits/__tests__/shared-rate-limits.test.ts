// With Redis, rate limits are one count across processes, kept under the deployment's
// REDIS_PREFIX: two processes of one deployment share a person's budget, and another
// deployment on the same Redis (another prefix) neither sees nor spends it.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createClient } from "redis";
import { RATE_LIMITS } from "@/lib/limits";
import { TEST_REDIS_URL } from "@/server/testing/test-server";
import { createRateLimits } from "../rate-limits";

const prefix = `parley-test-rl-${randomBytes(4).toString("hex")}`;
const clients = [createClient({ url: TEST_REDIS_URL }), createClient({ url: TEST_REDIS_URL }), createClient({ url: TEST_REDIS_URL })];
beforeAll(async () => {
  await Promise.all(clients.map((c) => c.connect()));
});
afterAll(async () => {
  const keys = await clients[0]!.keys(`${prefix}*`);
  if (keys.length) await clients[0]!.del(keys);
  await Promise.all(clients.map((c) => c.quit()));
});

it("two processes of one deployment share a person's count; another prefix has its own, and every key is under the prefix", async () => {
  const [a, b, other] = [
    createRateLimits({ redis: clients[0], prefix }),
    createRateLimits({ redis: clients[1], prefix }),
    createRateLimits({ redis: clients[2], prefix: `${prefix}-other` }),
  ];
  const { points } = RATE_LIMITS.messagesPerUser;
  // The budget spent alternately on both processes runs out for both.
  for (let i = 0; i < points; i++) await (i % 2 ? a : b).consume("messagesPerUser", "ada");
  await expect(a.consume("messagesPerUser", "ada")).rejects.toMatchObject({ code: "rate_limited" });
  await expect(b.consume("messagesPerUser", "ada")).rejects.toMatchObject({ code: "rate_limited" });
  // The other deployment's Ada is somebody else.
  await expect(other.consume("messagesPerUser", "ada")).resolves.toBeUndefined();

  const keys = await clients[0]!.keys("*rl:messagesPerUser*ada*");
  const ours = keys.filter((k) => k.includes(prefix));
  expect(ours.sort()).toEqual([`${prefix}-other:rl:messagesPerUser:ada`, `${prefix}:rl:messagesPerUser:ada`].sort());
});

it("an account's wrong sign-ins, which slow its sign-ins, are one count across processes, and counting never refuses", async () => {
  const [a, b] = [createRateLimits({ redis: clients[0], prefix }), createRateLimits({ redis: clients[1], prefix })];
  expect(await a.count("signInFailuresPerAccount", "acct")).toBe(0);
  for (let i = 0; i < 12; i++) await (i % 2 ? a : b).consume("signInFailuresPerAccount", "acct");
  expect(await a.count("signInFailuresPerAccount", "acct")).toBe(12);
  expect(await b.count("signInFailuresPerAccount", "acct")).toBe(12);
  await a.check("signInFailuresPerAccount", "acct"); // not a lockout: never refused
  const memory = createRateLimits();
  await memory.consume("signInFailuresPerAccount", "acct");
  expect(await memory.count("signInFailuresPerAccount", "acct")).toBe(1);
});
