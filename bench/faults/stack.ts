// One scenario's world: a throwaway PostgreSQL database, Redis under a prefix of its own,
// a TCP proxy in front of each (the only way to take them away: the machine's own services
// are never stopped), and Parley processes on free ports that reach both through the proxies.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrate } from "@/server/db/migrate";
import { openDatabase, type OpenDatabase } from "@/server/db/open";
import { freePort, spawnParley, tail, type ParleyProcess } from "@/scripts/parley-process";
import { TcpProxy } from "./tcp-proxy";
import { SHUTDOWN_FORCE_EXIT_MS } from "@/lib/limits";

export interface Services {
  /** The PostgreSQL server databases are created on (its own database: postgres). */
  postgresUrl: string;
  redis: { host: string; port: number };
  /** Where logs go: one folder per scenario below it. */
  outDir: string;
}

export interface Node {
  name: string;
  process: ParleyProcess;
  logFile: string;
}

export class Stack {
  readonly nodes: Node[] = [];
  private constructor(
    readonly id: string,
    readonly services: Services,
    /** The scenario's own database, reached directly (seeding, checks): never through the proxy. */
    readonly database: OpenDatabase,
    private readonly dbName: string,
    readonly pgProxy: TcpProxy,
    readonly redisProxy: TcpProxy,
    readonly secret: string,
    readonly logDir: string,
    private readonly extraEnv: Record<string, string>,
  ) {}

  get db() {
    return this.database.db;
  }

  static async start(services: Services, scenario: string, extraEnv: Record<string, string> = {}): Promise<Stack> {
    const id = `${scenario.toLowerCase()}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const dbName = `parley_faults_${id}`;
    await adminQuery(services.postgresUrl, `CREATE DATABASE "${dbName}"`);
    const direct = withDatabase(services.postgresUrl, dbName);
    const database = await openDatabase({ kind: "postgres", url: direct });
    // Migrated here, once, so the processes start on a ready schema.
    await migrate(database.sql);
    const pgUrl = new URL(services.postgresUrl);
    const pgProxy = await TcpProxy.start({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    const redisProxy = await TcpProxy.start(services.redis);
    const logDir = path.join(services.outDir, scenario);
    mkdirSync(logDir, { recursive: true });
    return new Stack(id, services, database, dbName, pgProxy, redisProxy, randomBytes(32).toString("base64url"), logDir, extraEnv);
  }

  /** The database URL the processes use: through the proxy. */
  private get proxiedDatabaseUrl(): string {
    const u = new URL(withDatabase(this.services.postgresUrl, this.dbName));
    u.hostname = "127.0.0.1";
    u.port = String(this.pgProxy.port);
    return u.toString();
  }

  /** Starts process `index` (a new one, or again on its old port after a stop) and waits until it answers. */
  async startNode(index: number, env: Record<string, string> = {}): Promise<Node> {
    const old = this.nodes[index];
    const port = old?.process.port ?? (await freePort());
    const name = `n${index + 1}`;
    const logFile = path.join(this.logDir, `${name}.log`);
    const process = spawnParley({
      port,
      output: { file: logFile },
      env: {
        DATABASE_URL: this.proxiedDatabaseUrl,
        REDIS_URL: `redis://127.0.0.1:${this.redisProxy.port}`,
        REDIS_PREFIX: `faults-${this.id}`,
        AUTH_SECRET: this.secret,
        SEED_DEMO: "false",
        TRUST_PROXY: "false",
        APP_URL: undefined,
        ALLOWED_ORIGINS: undefined,
        ...this.extraEnv,
        ...env,
      },
    });
    const node = { name, process, logFile };
    this.nodes[index] = node;
    try {
      await process.healthy();
    } catch (e) {
      throw new Error(`${name}: ${(e as Error).message}; log:\n${tail(logFile)}`);
    }
    return node;
  }

  async startNodes(count: number, env: Record<string, string> = {}): Promise<Node[]> {
    // One first (the others find its tables and Redis ready), then the rest together.
    await this.startNode(0, env);
    await Promise.all(Array.from({ length: count - 1 }, (_, k) => this.startNode(k + 1, env)));
    return this.nodes;
  }

  /**
   * What went wrong with the nodes, by name: one that died on its own (not stopped by the
   * scenario), one stopped with SIGTERM that did not exit 0 by itself (shutdown must drain and
   * exit cleanly), and one whose log has an unhandled rejection (such as a broadcast through a
   * Redis client that shutdown had already closed).
   */
  crashed(): string[] {
    const died = this.nodes.filter((n) => !n.process.alive() && !stopped.has(n.process)).map((n) => `${n.name} (exit ${n.process.child.exitCode})`);
    const rejected = [...new Set(this.nodes.map((n) => n.logFile))].flatMap((f) => {
      const first = unhandledIn(f);
      return first ? [`${path.basename(f, ".log")} (unhandled rejection: ${first})`] : [];
    });
    return [...died, ...this.uncleanStops, ...rejected];
  }

  private readonly uncleanStops: string[] = [];

  async stopNode(index: number, how: "graceful" | "kill" = "graceful"): Promise<void> {
    const node = this.nodes[index];
    if (!node) return;
    stopped.add(node.process);
    if (how === "kill") return node.process.kill();
    // Room for the whole shutdown: past its own force-exit time, a process is stuck, not slow.
    await node.process.stop(SHUTDOWN_FORCE_EXIT_MS + 5000);
    const { exitCode, signalCode } = node.process.child;
    if (exitCode !== 0) this.uncleanStops.push(`${node.name} (SIGTERM: ${signalCode ? `killed with ${signalCode} after the grace time` : `exit ${exitCode}`})`);
  }

  async stop(): Promise<void> {
    for (const n of this.nodes) stopped.add(n.process);
    await Promise.all(this.nodes.map((n) => n.process.stop()));
    await this.pgProxy.cut();
    await this.redisProxy.cut();
    await this.database.close();
    await adminQuery(this.services.postgresUrl, `DROP DATABASE IF EXISTS "${this.dbName}" WITH (FORCE)`).catch(() => {});
  }
}

/** The first unhandled rejection a node's log reports, cut short; undefined when there is none. */
function unhandledIn(logFile: string): string | undefined {
  let text = "";
  try {
    text = readFileSync(logFile, "utf8");
  } catch {
    return undefined;
  }
  const line = text.split("\n").find((l) => l.includes('unhandled rejection"'));
  if (!line) return undefined;
  try {
    const entry = JSON.parse(line) as { err?: { type?: string; message?: string } };
    return `${entry.err?.type ?? "Error"}: ${entry.err?.message ?? ""}`.slice(0, 200);
  } catch {
    return line.slice(0, 200);
  }
}

/** Processes the scenario stopped on purpose (so they do not count as crashes). */
const stopped = new WeakSet<ParleyProcess>();

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
