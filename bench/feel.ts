// What a person feels: two people in two real browsers (Playwright driving the system
// Chromium) on the production build, the demo workspace, and a model provider on 127.0.0.1
// that answers with a fixed time to first token. Ada presses Enter on "Scout, feel-N …" in
// #general; Ben's browser is watched for her message and for Scout's first streamed words.
//
// Printed per database (embedded PGlite in-process; PostgreSQL with the agents' thread):
//   - Enter → Ada's message on Ben's screen;
//   - Enter → Scout's first draft words on Ben's screen, minus the model's fixed time to
//     first token: the platform's share of the wait;
//   - where that share goes: queued (Enter → run row), claimed (queued → started), model
//     called (started → the provider's request: the run's reads and its context), and first
//     draft on screen (the model's first token → Ben's screen).
// Clocks: the browsers, the server and this process run on one machine and read one clock.
//
//   npm run build && npm run bench:feel                 # 50 trials, embedded then PostgreSQL
//   npm run bench:feel -- --trials 80 --ttft 200 --db embedded
//   DATABASE_URL=postgresql://… npm run bench:feel -- --db postgres
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { startFakeProvider, type FakeReply, type RecordedRequest } from "@/server/testing/fake-provider";
import { percentile } from "./measure";

const USAGE = "usage: bench:feel [--trials N=50] [--ttft MS=150] [--db embedded|postgres|both]";
const GOALS = { messageP95: 100, platformP50: 100, platformP95: 200 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const AGENT = "Scout";

function parseOptions(argv: string[]) {
  const o = { trials: 50, ttft: 150, db: "both" as "embedded" | "postgres" | "both" };
  for (let i = 0; i < argv.length; i += 2) {
    const [key, value] = [argv[i]?.replace(/^--/, ""), argv[i + 1]];
    if (key === "db" && (value === "embedded" || value === "postgres" || value === "both")) o.db = value;
    else if ((key === "trials" || key === "ttft") && Number.isInteger(Number(value)) && Number(value) >= 0) o[key] = Number(value);
    else throw new Error(USAGE);
  }
  return o;
}

/** The provider's answer: the addressed agent says one line through send_message; everyone else, and every call after a tool result, ends quietly. */
function answer(body: unknown): FakeReply {
  const b = body as { messages?: { role: string; content: unknown }[] };
  const messages = b.messages ?? [];
  const text = (m: { content: unknown }) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content));
  const system = messages
    .filter((m) => m.role === "system")
    .map(text)
    .join("\n");
  const name = /name: "([^"]+)"/.exec(system)?.[1];
  const usage = { input: 1000, cached: 0, output: 20 };
  if (messages.some((m) => m.role === "tool")) return { stream: { text: "done", usage } };
  const user = messages
    .filter((m) => m.role === "user")
    .map(text)
    .join("\n");
  // The TRIGGER block comes after the history: the last marker is this run's.
  const trial = [...user.matchAll(/(\w+), feel-(\d+)/g)].at(-1);
  if (!trial || trial[1] !== name) return { stream: { text: "not addressed to me", usage } };
  return { stream: { sendMessage: `On it: feel-${trial[2]} noted, looking now.`, usage } };
}

interface Trial {
  n: number;
  enter: number;
  messageSeen: number;
  draftSeen: number;
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  if (!existsSync(".next/BUILD_ID")) throw new Error("bench:feel runs the production build: run `npm run build` first");
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  const kinds = o.db === "both" ? (["embedded", "postgres"] as const) : ([o.db] as const);
  console.log(
    `bench:feel: ${o.trials} trials per database, the model's time to first token fixed at ${o.ttft} ms; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  for (const kind of kinds) await runOn(kind, o);
}

async function runOn(kind: "embedded" | "postgres", o: { trials: number; ttft: number }) {
  const provider = await startFakeProvider({ auto: answer, firstTokenDelayMs: o.ttft });
  const db = kind === "postgres" ? await freshPostgres() : { url: "", drop: async () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), "parley-feel-"));
  const port = 3300 + Math.floor(Math.random() * 500);
  const server = await startServer(port, {
    DATABASE_URL: db.url,
    PGLITE_DIR: dataDir,
    // Production's shape on PostgreSQL: the gateway in its worker thread (the embedded database always runs it in-process).
    PARLEY_AGENTS_THREAD: "true",
    PARLEY_AGENT_PROVIDER: "openai-compatible",
    PARLEY_AGENT_MODEL: "feel-model",
    OPENAI_COMPATIBLE_BASE_URL: provider.baseURL,
    OPENAI_COMPATIBLE_API_KEY: "feel",
    PARLEY_MODEL_HOSTS: provider.host,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const base = `http://127.0.0.1:${port}`;
    const ada = await signedIn(browser, base, "ada@parley.dev", "parley-admin");
    const ben = await signedIn(browser, base, "ben@parley.dev", "parley-demo");
    await watch(ben);
    await markEnter(ada);
    const box = ada.getByRole("textbox", { name: "Message #general" });
    const trials: Trial[] = [];
    for (let n = 1; n <= o.trials; n++) {
      await box.fill(`${AGENT}, feel-${n} what do we know about the launch?`);
      await box.press("Enter");
      // Scout's first words: its draft, or its message itself when the draft and the message reached the page in one render.
      // Then this trial's runs end (Scout's reply, and the other agents deciding about it) before the next.
      await ben
        .waitForFunction((k) => (window as never as Seen).__feel?.[k]?.reply !== undefined, n, { timeout: 30_000 })
        .catch((e) => Promise.reject(new Error(`trial ${n}: Scout's answer never reached Ben's screen (${(e as Error).message})`)));
      await settle(ada, base);
      const seen = await ben.evaluate((k) => (window as never as Seen).__feel[k]!, n);
      const enter = await ada.evaluate((k) => (window as never as Sent).__enter[k]!, n);
      trials.push({ n, enter, messageSeen: seen.message!, draftSeen: Math.min(seen.draft ?? Infinity, seen.reply!) });
      if (n % 10 === 0) process.stdout.write(`  ${kind}: ${n}/${o.trials}\n`);
    }
    const breakdown = await serverSide(ada, base, provider.requests, trials, o.ttft);
    report(kind, trials, breakdown, o.ttft);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await provider.close();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Seen = { __feel: Record<number, { message?: number; draft?: number; reply?: number }> };
type Sent = { __enter: Record<number, number> };

/** Ben's page notes when each trial's message, Scout's first draft words and Scout's reply first appear. */
async function watch(page: Page) {
  await page.evaluate((agent) => {
    const w = window as never as Seen;
    w.__feel = {};
    const now = () => performance.timeOrigin + performance.now();
    const note = (n: number, key: "message" | "draft" | "reply") => {
      w.__feel[n] ??= {};
      w.__feel[n][key] ??= now();
    };
    const scan = () => {
      for (const a of document.querySelectorAll('[role="log"] article')) {
        const label = a.getAttribute("aria-label") ?? "";
        const n = Number(/feel-(\d+)/.exec(label)?.[1]);
        if (!n) continue;
        if (a.hasAttribute("data-draft")) note(n, "draft");
        else if (label.startsWith(`${agent}:`)) note(n, "reply");
        else note(n, "message");
      }
    };
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-label"] });
  }, AGENT);
}

/** Ada's page notes when Enter goes down in the composer, before the app's own handler runs. */
async function markEnter(page: Page) {
  await page.evaluate(() => {
    const w = window as never as Sent;
    w.__enter = {};
    window.addEventListener(
      "keydown",
      (e) => {
        const t = e.target as HTMLTextAreaElement;
        const n = Number(/feel-(\d+)/.exec(t?.value ?? "")?.[1]);
        if (e.key === "Enter" && n) w.__enter[n] ??= performance.timeOrigin + performance.now();
      },
      { capture: true },
    );
  });
}

/** Waits until no run is queued or running, so each trial starts from a quiet workspace. */
async function settle(page: Page, base: string) {
  const count = async (status: string) => {
    const res = await page.request.get(`${base}/api/runs?status=${status}&limit=1`);
    if (!res.ok()) throw new Error(`GET /api/runs: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { runs: unknown[] }).runs.length;
  };
  for (let i = 0; i < 400; i++) {
    const [queued, running] = await Promise.all([count("queued"), count("running")]);
    if (!queued && !running) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Split {
  queued: number;
  claimed: number;
  /** Claimed → the provider's request: the run's reads and its context built, then the call. */
  called: number;
  onScreen: number;
}

/** The run rows and provider requests behind each trial: where the platform's time went. */
async function serverSide(page: Page, base: string, requests: RecordedRequest[], trials: Trial[], ttft: number): Promise<Split[]> {
  const agents = (await (await page.request.get(`${base}/api/agents`)).json()) as { agents: { id: string; name: string }[] };
  const scout = agents.agents.find((a) => a.name === AGENT)!;
  const runs: { id: string; queuedAt: string; startedAt: string | null; triggerExcerpt: string | null }[] = [];
  let before = "";
  for (;;) {
    const page1 = (await (await page.request.get(`${base}/api/runs?agentId=${scout.id}&limit=100${before && `&before=${before}`}`)).json()) as {
      runs: typeof runs;
      nextBefore: string | null;
    };
    runs.push(...page1.runs);
    if (!page1.nextBefore) break;
    before = page1.nextBefore;
  }
  const splits: Split[] = [];
  for (const t of trials) {
    const run = runs.find((r) => r.triggerExcerpt?.includes(`feel-${t.n} `));
    const call = requests.find(
      (r) => JSON.stringify(r.body).includes(`${AGENT}, feel-${t.n} `) && !(r.body.messages ?? []).some((m: { role: string }) => m.role === "tool"),
    );
    if (!run?.startedAt || !call) continue;
    const queuedAt = Date.parse(run.queuedAt);
    const startedAt = Date.parse(run.startedAt);
    splits.push({
      queued: queuedAt - t.enter,
      claimed: startedAt - queuedAt,
      called: call.at - startedAt,
      onScreen: t.draftSeen - (call.at + ttft),
    });
  }
  return splits;
}

function report(kind: string, trials: Trial[], splits: Split[], ttft: number) {
  const row = (label: string, values: number[], goal?: { p50?: number; p95?: number }) => {
    const p50 = percentile(values, 50);
    const p95 = percentile(values, 95);
    const verdict = goal ? ((goal.p50 === undefined || p50 <= goal.p50) && (goal.p95 === undefined || p95 <= goal.p95) ? "PASS" : "FAIL") : "";
    const goalText = goal
      ? `goal ${[goal.p50 !== undefined && `p50 ≤ ${goal.p50}`, goal.p95 !== undefined && `p95 ≤ ${goal.p95}`].filter(Boolean).join(", ")} ms`
      : "";
    console.log(`  ${label.padEnd(52)} p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms  ${goalText} ${verdict}`);
  };
  console.log(
    `\n== ${kind === "postgres" ? "PostgreSQL, agents' thread" : "embedded PGlite, in-process gateway"} (${trials.length} trials; load ${loadavg()[0]!.toFixed(2)})`,
  );
  row(
    "Enter → Ada's message on Ben's screen",
    trials.map((t) => t.messageSeen - t.enter),
    { p95: GOALS.messageP95 },
  );
  row(
    `Enter → Scout's first words, minus ${ttft} ms TTFT`,
    trials.map((t) => t.draftSeen - t.enter - ttft),
    { p50: GOALS.platformP50, p95: GOALS.platformP95 },
  );
  console.log(`  where the platform's share goes (${splits.length} runs matched):`);
  row(
    "  Enter → run queued",
    splits.map((s) => s.queued),
  );
  row(
    "  queued → claimed",
    splits.map((s) => s.claimed),
  );
  row(
    "  claimed → model called (context built)",
    splits.map((s) => s.called),
  );
  row(
    "  model's first token → first draft on Ben's screen",
    splits.map((s) => s.onScreen),
  );
}

async function signedIn(browser: Browser, base: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  // tsx compiles this file with esbuild's keepNames, which wraps functions in __name(); the
  // functions handed to page.evaluate carry that call into the page, so the page needs it too.
  await context.addInitScript("globalThis.__name = (f) => f");
  const page = await context.newPage();
  await page.goto(`${base}/signin`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/spaces/);
  await page
    .getByRole("link", { name: /general/ })
    .first()
    .click();
  await page.getByRole("heading", { name: "#general", level: 1 }).waitFor();
  await page.getByRole("status", { name: "Connected" }).waitFor();
  return page;
}

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      AUTH_SECRET: "feel-secret-feel-secret-feel-secret-feel",
    },
    stdio: ["ignore", process.env.FEEL_SERVER_LOG ? "inherit" : "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start within 120 s");
}

/** A throwaway PostgreSQL database beside the one DATABASE_URL (or the machine's local server) names. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const name = `parley_feel_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

await main();
