// GET /api/metrics: Prometheus text for a scraper on this host or an admin's API token; 401
// without a token, 403 with a member's; a request a proxy forwarded is never "local"; no query;
// rate limited per address.
import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@/lib/limits";
import { createApiToken } from "@/server/domain/users/create-api-token";
import { httpDeps, request } from "@/server/testing/http";
import { startTestServer, type TestServer } from "@/server/testing/test-server";
import { CLIENT_IP_HEADER, CLIENT_LOCAL_HEADER, setClientIpHeader } from "../client-ip";
import { metricsHandler } from "../metrics";

let t: TestServer;
let adminToken: string;
let memberToken: string;
beforeAll(async () => {
  t = await startTestServer();
  const [admin, member] = [await t.user("Root", { isAdmin: true }), await t.user("Mia")];
  adminToken = (await createApiToken(t.deps, admin.actor, { name: "prometheus" })).token;
  memberToken = (await createApiToken(t.deps, member.actor, { name: "mine" })).token;
});
afterAll(() => t?.close());

let ip = 0;
/** A request as the edge (server/main.ts → setClientIpHeader) hands it to the route: from `from`'s socket, with `headers`. */
const scrape = async (opts: { from?: string; bearer?: string; query?: string; headers?: Record<string, string>; trustProxy?: boolean } = {}) => {
  const raw = { headers: { ...opts.headers }, socket: { remoteAddress: opts.from ?? `198.51.100.${++ip}` } } as unknown as IncomingMessage;
  setClientIpHeader(raw, opts.trustProxy ?? false);
  // Next adds X-Forwarded-For to every request before the route runs: locality was judged before.
  const headers = { "x-forwarded-for": String(raw.socket.remoteAddress), ...(raw.headers as Record<string, string>) };
  const res = await metricsHandler(request(`/api/metrics${opts.query ?? ""}`, { headers, bearer: opts.bearer }), httpDeps(t), {});
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), text, code: res.ok ? undefined : JSON.parse(text).error.code };
};

const NAMES = [
  "parley_sockets_connected",
  "parley_messages_persisted_total",
  "parley_socket_event_duration_seconds",
  "parley_runs",
  "parley_run_queue_depth",
  "parley_run_transitions_total",
  "parley_model_call_duration_seconds",
  "parley_model_tokens_total",
  "parley_rate_limit_refusals_total",
  "process_cpu_seconds_total",
  "nodejs_eventloop_lag_seconds",
];

describe("GET /api/metrics", () => {
  it("200 in Prometheus's text format for a request from loopback (IPv4 or IPv6), with every metric", async () => {
    const res = await scrape({ from: "127.0.0.1" });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of NAMES) expect(res.text).toContain(`# TYPE ${name} `);
    // The gauges read this process's database on the scrape: no run is live here.
    expect(res.text).toContain('parley_runs{status="queued"} 0');
    expect(res.text).toContain("parley_run_queue_depth 0");
    expect((await scrape({ from: "::1" })).status).toBe(200);
    expect((await scrape({ from: "::ffff:127.0.0.1" })).status).toBe(200);
  });

  it("401 from elsewhere without a token or with a bad one, 403 with a member's, 200 with an admin's", async () => {
    expect(await scrape()).toMatchObject({ status: 401, code: "unauthorized" });
    expect(await scrape({ bearer: "pk_not-a-token" })).toMatchObject({ status: 401, code: "unauthorized" });
    expect(await scrape({ bearer: memberToken })).toMatchObject({ status: 403, code: "forbidden" });
    const admin = await scrape({ bearer: adminToken });
    expect(admin.status).toBe(200);
    expect(admin.text).toContain("# TYPE parley_messages_persisted_total counter");
  });

  it("a visitor behind a reverse proxy on this host is not local, with TRUST_PROXY or without it", async () => {
    // The proxy connects from loopback and says who the visitor is.
    const visitor = { "x-forwarded-for": "203.0.113.7" };
    expect(await scrape({ from: "127.0.0.1", headers: visitor, trustProxy: true })).toMatchObject({ status: 401 });
    expect(await scrape({ from: "127.0.0.1", headers: visitor, trustProxy: false })).toMatchObject({ status: 401 });
    for (const header of ["forwarded", "x-real-ip"]) expect((await scrape({ from: "127.0.0.1", headers: { [header]: "for=203.0.113.7" } })).status).toBe(401);
    // A client cannot say it is local, nor pass for loopback through X-Forwarded-For.
    expect((await scrape({ headers: { [CLIENT_LOCAL_HEADER]: "1", [CLIENT_IP_HEADER]: "127.0.0.1" } })).status).toBe(401);
    expect((await scrape({ headers: { "x-forwarded-for": "127.0.0.1" }, trustProxy: true })).status).toBe(401);
    expect((await scrape({ from: "10.0.0.1" })).status).toBe(401);
  });

  it("takes no query: 400 for any parameter", async () => {
    expect(await scrape({ from: "127.0.0.1", query: "?name[]=parley_runs" })).toMatchObject({ status: 400, code: "bad_request" });
  });

  it("is rate limited per address, before the token is looked at", async () => {
    const from = "203.0.113.9";
    for (let i = 0; i < RATE_LIMITS.metricsScrapesPerIp.points; i++) expect((await scrape({ from, bearer: adminToken })).status).toBe(200);
    expect(await scrape({ from, bearer: adminToken })).toMatchObject({ status: 429, code: "rate_limited" });
    expect(await scrape({ from })).toMatchObject({ status: 429 });
    expect((await scrape({ from: "203.0.113.10", bearer: adminToken })).status).toBe(200);
  });
});
