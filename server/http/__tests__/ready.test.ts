// GET /api/ready: should this process get traffic? The database answers, Redis answers when the
// process uses it, and every migration of this build is applied; 503 naming what is missing.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "@/server/testing/test-server";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import { RATE_LIMITS } from "@/lib/limits";
import { httpDeps, request } from "@/server/testing/http";
import { readyHandler } from "../ready";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

let ip = 0;
const ready = async (deps: Partial<ReturnType<typeof httpDeps>> = {}, from = `198.51.100.${++ip}`) => {
  const res = await readyHandler(request("/api/ready", { headers: { "x-parley-client-ip": from } }), { ...httpDeps(t), ...deps }, {});
  return { status: res.status, body: await res.json() };
};

describe("GET /api/ready", () => {
  it("200 when the database answers and every migration is applied; Redis is not used here", async () => {
    expect(await ready()).toEqual({ status: 200, body: { ok: true, db: "up", redis: "not used", migrations: "current" } });
  });

  it("503 when a migration of this build is not applied", async () => {
    const db = t.deps.db;
    // The database as a node on an older schema sees it: no migration recorded.
    const older = new Proxy(db, {
      get: (target, prop) =>
        prop === "$queryRaw"
          ? (strings: TemplateStringsArray, ...values: unknown[]) =>
              strings.join("").includes("_prisma_migrations") ? Promise.resolve([]) : target.$queryRaw(strings, ...values)
          : Reflect.get(target, prop),
    }) as Db;
    const res = await ready({ db: older });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ ok: false, db: "up", migrations: expect.stringMatching(/^\d+ pending$/) });
  });

  it("503 when the database or Redis does not answer, each logged", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => {});
    const broken = { $queryRaw: () => Promise.reject(new Error("connection refused")) } as unknown as Db;
    expect(await ready({ db: broken })).toEqual({ status: 503, body: { ok: false, db: "down", redis: "not used", migrations: "unknown" } });
    const redisDown = () => Promise.reject(new Error("ECONNREFUSED"));
    expect(await ready({ pingRedis: redisDown })).toEqual({ status: 503, body: { ok: false, db: "up", redis: "down", migrations: "current" } });
    expect(await ready({ pingRedis: () => Promise.resolve() })).toMatchObject({ status: 200, body: { redis: "up" } });
    expect(logged).toHaveBeenCalledTimes(2);
    logged.mockRestore();
  });

  it("is rate limited per address", async () => {
    const from = "203.0.113.9";
    for (let i = 0; i < RATE_LIMITS.readyChecksPerIp.points; i++) expect((await ready({}, from)).status).toBe(200);
    const refused = await ready({}, from);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect((await ready({}, "203.0.113.10")).status).toBe(200);
  });
});
