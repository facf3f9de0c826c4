// A real install must not come up with the demo's published admin password reachable:
// PostgreSQL is never seeded unless SEED_DEMO=true, and while demo accounts exist the
// server listens on 127.0.0.1 unless HOST says otherwise.
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "@/server/testing/test-database";
import { withEnv } from "@/server/testing/with-env";
import { env } from "@/server/env";
import { createUser } from "@/server/domain/users/create-user";
import { listenHost } from "@/server/listen-host";
import { seedDemoOnStart, shouldSeedDemo } from "../should-seed";
import { DEMO_USERS, demoAccountsPresent } from "../demo-workspace";

describe("whether to seed the demo workspace", () => {
  it.each([
    [undefined, "pglite", true],
    [undefined, "postgres", false],
    ["true", "postgres", true],
    ["true", "pglite", true],
    ["false", "pglite", false],
    ["false", "postgres", false],
  ] as const)("SEED_DEMO=%s on %s → %s", (seedDemo, database, expected) => {
    expect(shouldSeedDemo({ seedDemo, database })).toBe(expected);
  });

  it("SEED_DEMO is optional in env: unset stays unset (embedded only), not a default of true", async () => {
    await withEnv({ SEED_DEMO: undefined }, () => expect(env().SEED_DEMO).toBeUndefined());
    await withEnv({ SEED_DEMO: "" }, () => expect(env().SEED_DEMO).toBeUndefined());
    await withEnv({ SEED_DEMO: "yes" }, () => expect(() => env()).toThrow(/SEED_DEMO/));
  });

  it("start-up on a PostgreSQL (DATABASE_URL) config leaves an empty database empty; embedded gets the demo", async () => {
    const a = await openTestDatabase();
    const b = await openTestDatabase();
    try {
      // What server/main.ts does with DATABASE_URL set and SEED_DEMO unset (the database itself
      // is whichever kind the suite runs on: the decision is the config's, not the driver's).
      await withEnv({ DATABASE_URL: "postgresql://parley:secret@db.internal:5432/parley", SEED_DEMO: undefined }, async () => {
        const e = env();
        const kind = e.DATABASE_URL ? "postgres" : "pglite";
        expect(await seedDemoOnStart(a.db, { seedDemo: e.SEED_DEMO, database: kind })).toBe(false);
      });
      expect(await a.db.user.count()).toBe(0);
      expect(await a.db.agent.count()).toBe(0);

      expect(await seedDemoOnStart(b.db, { seedDemo: undefined, database: "pglite" })).toBe(true);
      expect((await b.db.user.findMany({ select: { email: true }, orderBy: { email: "asc" } })).map((u) => u.email)).toEqual(
        DEMO_USERS.map((u) => u.email).sort(),
      );
      // A database with users is never seeded again, whatever the config says.
      expect(await seedDemoOnStart(b.db, { seedDemo: "true", database: "postgres" })).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("where to listen", () => {
  it("an explicit HOST always wins", () => {
    expect(listenHost({ host: "0.0.0.0", demoAccounts: ["ada@parley.dev"] })).toEqual({ host: "0.0.0.0" });
    expect(listenHost({ host: "10.0.0.5", demoAccounts: [] })).toEqual({ host: "10.0.0.5" });
  });

  it("unset HOST: 127.0.0.1 with a warning while demo accounts exist, else every interface", () => {
    const demo = listenHost({ host: undefined, demoAccounts: ["ada@parley.dev", "ben@parley.dev"] });
    expect(demo.host).toBe("127.0.0.1");
    expect(demo.warning).toBe("demo accounts exist (ada@parley.dev, ben@parley.dev): listening on 127.0.0.1 only; set HOST to override");
    expect(listenHost({ host: undefined, demoAccounts: [] })).toEqual({ host: "0.0.0.0" });
  });

  it("HOST is optional in env", async () => {
    await withEnv({ HOST: undefined }, () => expect(env().HOST).toBeUndefined());
    await withEnv({ HOST: "::" }, () => expect(env().HOST).toBe("::"));
  });

  it("demo accounts are the demo emails that still have a password", async () => {
    const db = await openTestDatabase();
    try {
      expect(await demoAccountsPresent(db.db)).toEqual([]);
      await createUser(db, { email: "owner@example.com", name: "Owner", password: "long enough" });
      await createUser(db, { email: "ben@parley.dev", name: "Ben" }); // OAuth-only: no password to guess
      expect(await demoAccountsPresent(db.db)).toEqual([]);
      await createUser(db, { email: "ada@parley.dev", name: "Ada", password: "parley-admin" });
      expect(await demoAccountsPresent(db.db)).toEqual(["ada@parley.dev"]);
      expect(listenHost({ host: undefined, demoAccounts: await demoAccountsPresent(db.db) }).host).toBe("127.0.0.1");
    } finally {
      await db.close();
    }
  });
});
