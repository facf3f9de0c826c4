// The client's IP address, which rate limits key on. Only the custom server (server/main.ts)
// sees the socket, so it writes the address into an internal request header before Next
// runs, after deleting any value the client sent; route handlers and next-auth's authorize
// read it from there. X-Forwarded-For is believed only with TRUST_PROXY=true, and then only
// its last entry: the one our own reverse proxy appended (earlier entries are the client's word).
import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";

export const CLIENT_IP_HEADER = "x-parley-client-ip";

/** Sets CLIENT_IP_HEADER on a raw request from its socket (or, behind a trusted proxy, X-Forwarded-For). */
export function setClientIpHeader(req: IncomingMessage, trustProxy: boolean): void {
  delete req.headers[CLIENT_IP_HEADER];
  let ip = req.socket.remoteAddress ?? "";
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const last = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",").pop()?.trim();
    if (last && (isIPv4(last) || isIPv6(last))) ip = last;
  }
  req.headers[CLIENT_IP_HEADER] = normalizeIp(ip) || "unknown";
}

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
