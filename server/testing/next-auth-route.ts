// next-auth's real route, called in-process by tests: it reads the secret from env and the
// database from the runtime, as in production. `useNextAuthRoute(t)` sets both up for a test
// file (call it at top level) and hands out the CSRF token and cookie its POSTs need.
import { afterAll, beforeAll } from "vitest";
import { GET as authGet } from "@/app/api/auth/[...nextauth]/route";
import { setRuntime } from "../runtime";
import { resetEnvCache } from "../env";
import { httpDeps } from "@/server/testing/http";
import { TEST_SECRET, type TestServer } from "./test-server";

/** The name=value pairs a response sets, as a Cookie header. */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

export interface NextAuthRoute {
  /** Valid once the file's beforeAll ran. */
  csrf: { token: string; cookie: string };
}

export function useNextAuthRoute(server: () => TestServer): NextAuthRoute {
  const route: NextAuthRoute = { csrf: { token: "", cookie: "" } };
  const savedSecret = process.env.AUTH_SECRET;
  beforeAll(async () => {
    process.env.AUTH_SECRET = TEST_SECRET;
    resetEnvCache();
    setRuntime(httpDeps(server()));
    const res = await authGet(new Request("http://parley.test/api/auth/csrf") as never);
    route.csrf = { token: ((await res.json()) as { csrfToken: string }).csrfToken, cookie: cookiesOf(res) };
  });
  afterAll(() => {
    setRuntime(undefined);
    if (savedSecret === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = savedSecret;
    resetEnvCache();
  });
  return route;
}
