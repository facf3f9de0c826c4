// HTTP and socket helpers the bench and its attacker process both use: sign-in through
// next-auth's credentials callback, sign-up, sockets with acks, and small counting helpers.
import { io as connect } from "socket.io-client";
import type { ClientSocket } from "../measure";

/** Members' probes: one health check at a time with this pause between, one message per tick. */
export const HEALTH_GAP_MS = 50;
/** With six members taking turns, each sends every 600 ms: under its own message limit. */
export const MESSAGE_EVERY_MS = 100;
export const ACK_TIMEOUT_MS = 30_000;
/** The sign-in probe: one sign-in, then this pause, then the next (about two a second, a small share of one hash at a time). */
export const SIGN_IN_GAP_MS = 300;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");
export const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
export const showCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(", ") || "none";

// --- HTTP and socket helpers, used by both processes ---

export const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);

export interface Csrf {
  token: string;
  cookie: string;
}

/** next-auth's double-submit CSRF pair; one pair serves any number of sign-ins. */
export async function csrf(url: string): Promise<Csrf> {
  const res = await fetch(`${url}/api/auth/csrf`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { token: csrfToken, cookie: cookiesOf(res).join("; ") };
}

/** The request the sign-in form makes (components/auth/post-credentials.ts). */
export function postCredentials(url: string, c: Csrf, email: string, password: string, ip?: string): Promise<Response> {
  return fetch(`${url}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-auth-return-redirect": "1",
      cookie: c.cookie,
      ...(ip ? { "x-forwarded-for": ip } : {}),
    },
    body: new URLSearchParams({ email, password, csrfToken: c.token, callbackUrl: "/spaces" }),
    redirect: "manual",
  });
}

/** Retries while the server answers 503 (busy hashing, e.g. a previous phase's last requests). */
export async function unlessBusy(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (res.status !== 503 || attempt === 20) return res;
    await res.arrayBuffer();
    await sleep(500);
  }
}

/** Signs in for real (a Session row and all) and returns the session cookie header. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const c = await csrf(url);
  const res = await unlessBusy(() => postCredentials(url, c, email, password));
  // next-auth splits a large session token into .0, .1, …; send every piece back.
  const session = cookiesOf(res).filter((c) => c.startsWith("authjs.session-token"));
  if (!session.length) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return session.join("; ");
}

export function postSignup(url: string, email: string, ip: string): Promise<Response> {
  return fetch(`${url}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ email, name: "Bench Signup", password: "bench-password-1" }),
  });
}

export function connectSocket(url: string, cookie: string): Promise<{ socket: ClientSocket; entityId: string }> {
  // forceNew: one connection per member, as separate browsers would have.
  const socket: ClientSocket = connect(url, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("socket not ready after 30 s")), 30_000);
    socket.once("session:ready", ({ entityId }) => {
      clearTimeout(timer);
      resolve({ socket, entityId });
    });
    socket.once("connect_error", (e) => {
      clearTimeout(timer);
      reject(new Error(`socket refused: ${e.message}`));
    });
  });
}

export type AckResult = { ok: true; data: unknown } | { ok: false; code: string };

/** Emits an acked event; a missing ack becomes { ok: false, code: "timeout" } instead of hanging. */
export function request(socket: ClientSocket, event: string, payload: unknown, timeoutMs = ACK_TIMEOUT_MS): Promise<AckResult> {
  return new Promise((resolve) => {
    (socket.timeout(timeoutMs) as unknown as { emit: (...a: unknown[]) => void }).emit(
      event,
      payload,
      (err: unknown, ack: { ok: boolean; data?: unknown; error?: { code: string } }) => {
        if (err) resolve({ ok: false, code: "timeout" });
        else resolve(ack.ok ? { ok: true, data: ack.data } : { ok: false, code: ack.error?.code ?? "unknown" });
      },
    );
  });
}

export async function requestOk<T>(socket: ClientSocket, event: string, payload: unknown): Promise<T> {
  const r = await request(socket, event, payload);
  if (!r.ok) throw new Error(`${event} refused: ${r.code}`);
  return r.data as T;
}
