// Sessions through next-auth's real route, called in-process: signing in with a password
// starts a server session (a Session row behind the cookie's sid), and signing out ends it
// on the server, so even a kept copy of the cookie stops working and its socket closes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect } from "socket.io-client";
import { startTestServer, waitFor, TEST_SECRET, type TestServer, type ClientSocket } from "@/server/testing/test-server";
import { createUser } from "@/server/domain/users/create-user";
import { sessionFromCookieHeader } from "@/server/auth/session-cookie";
import { listSpacesHandler } from "@/server/http/list-spaces";
import { request, run } from "@/server/testing/http";
import { cookiesOf, useNextAuthRoute } from "@/server/testing/next-auth-route";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
const route = useNextAuthRoute(() => t);
afterAll(() => t?.close());

function form(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`http://parley.test${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", "x-parley-client-ip": "198.51.100.7" },
    body: new URLSearchParams({ csrfToken: route.csrf.token, ...fields }),
  });
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await authPost(form("/api/auth/callback/credentials", route.csrf.cookie, { email, password, callbackUrl: "/spaces" }) as never);
  const session = cookiesOf(res)
    .split("; ")
    .find((c) => c.startsWith("authjs.session-token="));
  if (!session) throw new Error(`sign-in failed (${res.status})`);
  return session;
}

const sessionUser = async (cookie: string) => {
  const res = await authGet(new Request("http://parley.test/api/auth/session", { headers: { cookie } }) as never);
  return ((await res.json()) as { user?: { id?: string } } | null)?.user?.id ?? null;
};

describe("sessions through next-auth", () => {
  it("sign-in keeps a session on the server; sign-out ends it for every copy of the cookie", async () => {
    const user = await createUser(t.deps, { email: "sessions@test.dev", name: "Sessions", password: "password123" });
    const cookie = await signIn("sessions@test.dev", "password123");
    const { sid } = (await sessionFromCookieHeader(cookie, TEST_SECRET))!;
    expect(await t.deps.db.session.findUnique({ where: { sessionToken: sid } })).toMatchObject({ userId: user.id });

    expect(await sessionUser(cookie)).toBe(user.id); // pages (auth()) see the session
    expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie }))).status).toBe(200);
    const socket: ClientSocket = connect(t.url, { extraHeaders: { cookie }, transports: ["websocket"], forceNew: true, reconnection: false });
    await waitFor(socket, "session:ready");
    const closed = new Promise<string>((resolve) => socket.on("disconnect", (reason) => resolve(reason)));

    const out = await authPost(form("/api/auth/signout", `${route.csrf.cookie}; ${cookie}`, { callbackUrl: "/signin" }) as never);
    expect(out.status).toBeLessThan(400);

    expect(await closed).toBe("io server disconnect");
    expect(await t.deps.db.session.count({ where: { sessionToken: sid } })).toBe(0);
    // The cookie as it was before sign-out, e.g. copied off the machine: refused everywhere.
    expect(await sessionUser(cookie)).toBeNull();
    expect((await run(t, listSpacesHandler, request("/api/spaces", { cookie }))).status).toBe(401);
  });
});
