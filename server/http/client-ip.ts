// The client's IP address, which rate limits key on. Only the custom server (server/main.ts)
// sees the socket, so it writes the address into an internal request header before Next
// runs, after deleting any value the client sent; route handlers and next-auth's authorize
// read it from there. X-Forwarded-For is believed only with TRUST_PROXY=true, and then only
// its last entry: the one our own reverse proxy appended (earlier entries are the client's word).
// Beside it goes whether the request comes from this host itself (isLocalRequest).
import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";

export const CLIENT_IP_HEADER = "x-parley-client-ip";
/** "1" when the request comes from this host itself and no proxy forwarded it; set (or not) beside CLIENT_IP_HEADER. */
export const CLIENT_LOCAL_HEADER = "x-parley-client-local";

// Headers a reverse proxy adds. A request carrying one came through a proxy, even when the
// proxy runs on this host and connects from loopback. Judged here, on the raw request: Next
// adds X-Forwarded-For to every request before a route sees it.
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/** Sets CLIENT_IP_HEADER on a raw request from its socket (or, behind a trusted proxy, X-Forwarded-For). */
export function setClientIpHeader(req: IncomingMessage, trustProxy: boolean): void {
  delete req.headers[CLIENT_IP_HEADER];
  delete req.headers[CLIENT_LOCAL_HEADER];
  let ip = req.socket.remoteAddress ?? "";
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const last = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",").pop()?.trim();
    if (last && (isIPv4(last) || isIPv6(last))) ip = last;
  }
  const client = normalizeIp(ip) || "unknown";
  req.headers[CLIENT_IP_HEADER] = client;
  if (isLoopback(client) && !PROXY_HEADERS.some((h) => h in req.headers)) req.headers[CLIENT_LOCAL_HEADER] = "1";
}

/**
 * Whether the request comes from this host itself (a local scraper or operator), as
 * setClientIpHeader judged it: the client IP is loopback and no proxy forwarded the request.
 * Behind a local proxy with TRUST_PROXY the client IP is the visitor's; without TRUST_PROXY
 * the proxy's own headers still say it is not local. A proxy that adds none of them makes
 * every visitor look local (README, "Metrics").
 */
export function isLocalRequest(req: { headers: Headers }): boolean {
  return req.headers.get(CLIENT_LOCAL_HEADER) === "1";
}

/** 127.0.0.0/8, or ::1 as normalizeIp writes it (its /64 holds only loopback and unroutable addresses). */
const isLoopback = (ip: string): boolean => /^127\.\d+\.\d+\.\d+$/.test(ip) || ip === normalizeIp("::1");

/** The client IP server/main.ts recorded; "unknown" (one shared bucket) when it did not run. */
export function clientIp(req: { headers: Headers }): string {
  return req.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/**
 * One rate-limit key per client: IPv4-mapped IPv6 becomes plain IPv4, and IPv6 is cut to its
 * /64, the block one subscriber usually gets, so rotating addresses within it does not help.
 */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
