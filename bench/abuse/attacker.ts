import { percentile } from "../measure";
import { ACK_TIMEOUT_MS, bump, connectSocket, csrf, postCredentials, postSignup, request, sleep } from "./client";

// The attacker: its own process, so its client-side work does not sit on the event loop
// that times the members' requests. It gets its plan over IPC, says "ready" once connected,
// attacks until told to stop, then sends what it got back.

export type AttackKind = "signinBotnet" | "signinOneIp" | "signinSpray" | "signupBotnet" | "socketFlood";

/** Addresses a password spray comes from. */
export const SPRAY_ADDRESSES = 10;

export interface AttackPlan {
  url: string;
  kinds: AttackKind[];
  parallel: number;
  /** For socketFlood: the attacker's session cookie and the space it floods. */
  cookie?: string;
  spaceId?: string;
  /** For signinSpray: the account whose password is sprayed (wrong passwords, SPRAY_ADDRESSES addresses in turn). */
  sprayEmail?: string;
  /** Makes addresses and emails unique across phases. */
  tag: string;
}

export interface WaveStats {
  sent: number;
  waves: number;
  byStatus: Record<string, number>;
  /** The attacker's own request latencies; only their p50/p99 travel back. */
  latencies?: number[];
  p50Ms?: number;
  p99Ms?: number;
}

export interface AttackResult {
  http: Partial<Record<AttackKind, WaveStats>>;
  socket?: { byEvent: Record<string, Record<string, number>>; disconnects: number };
  /** CPU seconds the attacker process spent while attacking (user + system). */
  cpuS: number;
}

export async function attacker(): Promise<void> {
  const plan = await new Promise<AttackPlan>((resolve) => process.once("message", (m) => resolve(m as AttackPlan)));
  let stopping = false;
  const stopped = new Promise<void>((resolve) => process.once("message", () => resolve()));
  void stopped.then(() => (stopping = true));
  const result: AttackResult = { http: {}, cpuS: 0 };
  const c = await csrf(plan.url);
  // A fresh address per request: a botnet larger than any per-IP limit can see.
  let ipCounter = 0;
  const freshIp = () => {
    const n = ++ipCounter;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };

  const waves = (kind: AttackKind, one: (i: number) => Promise<string>) => {
    const stats: WaveStats = { sent: 0, waves: 0, byStatus: {}, latencies: [] };
    result.http[kind] = stats;
    return (async () => {
      while (!stopping) {
        stats.waves++;
        await Promise.all(
          Array.from({ length: plan.parallel }, async () => {
            const t0 = performance.now();
            const i = ++stats.sent;
            try {
              bump(stats.byStatus, await one(i));
            } catch (e) {
              bump(stats.byStatus, `error ${(e as Error).message}`);
            }
            stats.latencies!.push(performance.now() - t0);
          }),
        );
      }
    })();
  };
  const signInStatus = async (res: Response) => {
    if (res.status !== 200) return `${res.status}`;
    const { url } = (await res.json()) as { url?: string };
    return url?.includes("error=CredentialsSignin") ? "200 wrong password" : "200 signed in";
  };
  const tasks: Promise<void>[] = [];
  const loops: (() => Promise<void>)[] = [];
  for (const kind of plan.kinds) {
    // Unknown emails: each still costs the server a full (dummy) hash, and no account's
    // own failure limit ever trips.
    if (kind === "signinBotnet")
      loops.push(() =>
        waves(kind, async (i) => signInStatus(await postCredentials(plan.url, c, `nobody-${plan.tag}-${i}@bench.dev`, "wrong-password", freshIp()))),
      );
    if (kind === "signinOneIp")
      loops.push(() =>
        waves(kind, async (i) => signInStatus(await postCredentials(plan.url, c, `nobody-${plan.tag}-${i}@bench.dev`, "wrong-password", "198.51.100.1"))),
      );
    if (kind === "signinSpray")
      loops.push(() =>
        waves(kind, async (i) =>
          signInStatus(await postCredentials(plan.url, c, plan.sprayEmail!, `spray-guess-${i}`, `192.0.2.${100 + (i % SPRAY_ADDRESSES)}`)),
        ),
      );
    if (kind === "signupBotnet")
      loops.push(() => waves(kind, async (i) => `${(await postSignup(plan.url, `bot-${plan.tag}-${i}@bench.dev`, freshIp())).status}`));
    if (kind === "socketFlood") loops.push(() => flood(plan, () => stopping, result));
  }
  process.send!({ ready: true });
  const cpuAtStart = process.cpuUsage();
  for (const loop of loops) tasks.push(loop());
  await stopped;
  const cpu = process.cpuUsage(cpuAtStart);
  result.cpuS = (cpu.user + cpu.system) / 1e6;
  await Promise.race([Promise.all(tasks), sleep(ACK_TIMEOUT_MS)]);
  for (const stats of Object.values(result.http)) {
    stats.p50Ms = percentile(stats.latencies!, 50);
    stats.p99Ms = percentile(stats.latencies!, 99);
    delete stats.latencies;
  }
  process.send!(result, () => process.exit(0));
}

/** --parallel acked events in flight at all times, round-robin over four events; reconnects if dropped. */
export async function flood(plan: AttackPlan, stopping: () => boolean, result: AttackResult): Promise<void> {
  const byEvent: Record<string, Record<string, number>> = {};
  result.socket = { byEvent, disconnects: 0 };
  let socket = (await connectSocket(plan.url, plan.cookie!)).socket;
  // One reconnect for all the workers that find the socket dropped.
  let reconnecting: Promise<void> | undefined;
  const reconnect = () =>
    (reconnecting ??= (async () => {
      result.socket!.disconnects++;
      socket = (await connectSocket(plan.url, plan.cookie!)).socket;
      reconnecting = undefined;
    })());
  let n = 0;
  const next = (): [string, unknown] => {
    const i = n++;
    const spaceId = plan.spaceId!;
    switch (i % 4) {
      case 0:
        return ["typing:set", { spaceId, typing: true }];
      case 1:
        return ["message:send", { spaceId, text: `flood ${plan.tag} #${i}`, clientMessageId: `flood-${plan.tag}-${i}` }];
      case 2:
        return ["space:join", { spaceId }];
      default:
        return ["space:create", { name: `flood ${plan.tag} ${i}`, memberIds: [] }];
    }
  };
  await Promise.all(
    Array.from({ length: plan.parallel }, async () => {
      while (!stopping()) {
        if (!socket.connected) await reconnect();
        const [event, payload] = next();
        const r = await request(socket, event, payload);
        bump((byEvent[event] ??= {}), r.ok ? "ok" : r.code);
      }
    }),
  );
  socket.disconnect();
}

// Run as its own process (forked by runAttack in bench/abuse.ts).
if (process.argv.includes("--attacker")) {
  attacker().catch((e) => {
    console.error("attacker:", e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  });
}
