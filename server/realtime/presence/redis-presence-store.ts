// Presence across processes, in Redis. Each process keeps its own socket counts in a hash of
// its own and adds them to a shared total; a connect or disconnect is one atomic script call
// (O(1)), never a walk over every socket of the workspace. A process renews a heartbeat in a
// sorted set; any process removes a dead one's counts from the total (its sockets are gone
// with it) and reports who went offline. A process that finds itself removed while alive
// (Redis restarted, or a pause longer than the TTL) puts its counts back.
// Scripts name per-process keys they build themselves, so this needs one Redis, not Redis Cluster.
import { randomUUID } from "node:crypto";
import { PRESENCE_NODE_TTL_MS } from "@/lib/limits";
import { log } from "../../log";
import type { PresenceStore } from "./presence-store";

/** The commands used here, so tests can pass any node-redis client. */
export interface PresenceRedis {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  hKeys(key: string): Promise<string[]>;
  hmGet(key: string, fields: string[]): Promise<(string | null)[]>;
}

const DISCONNECT = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
local t = redis.call('HINCRBY', KEYS[2], ARGV[1], -1)
if t <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
return t`;

const CONNECT = `
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
return redis.call('HINCRBY', KEYS[2], ARGV[1], 1)`;

/** Renews this process's heartbeat; 0 when it was not registered (swept, or Redis is new). */
const HEARTBEAT = `
local known = redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
if known then return 1 end
return 0`;

/** Replaces this process's counts (ARGV: entity, count pairs of its own sockets); returns who went offline or online by it. */
const RESTORE = `
local before = {}
local old = redis.call('HGETALL', KEYS[1])
for i = 1, #old, 2 do
  before[old[i]] = true
  local t = redis.call('HINCRBY', KEYS[2], old[i], -tonumber(old[i + 1]))
  if t <= 0 then redis.call('HDEL', KEYS[2], old[i]) end
end
redis.call('DEL', KEYS[1])
local changed = {}
for i = 1, #ARGV, 2 do
  redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
  local t = redis.call('HINCRBY', KEYS[2], ARGV[i], ARGV[i + 1])
  if t == tonumber(ARGV[i + 1]) then table.insert(changed, ARGV[i]) end
  before[ARGV[i]] = nil
end
for id, _ in pairs(before) do
  if not redis.call('HGET', KEYS[2], id) then table.insert(changed, id) end
end
return changed`;

/** Removes processes whose heartbeat ran out (ARGV[1]: now, ARGV[2]: node key prefix); returns who went offline. */
const SWEEP = `
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local gone = {}
for _, node in ipairs(dead) do
  local key = ARGV[2] .. node
  local counts = redis.call('HGETALL', key)
  for i = 1, #counts, 2 do
    local t = redis.call('HINCRBY', KEYS[2], counts[i], -tonumber(counts[i + 1]))
    if t <= 0 then
      redis.call('HDEL', KEYS[2], counts[i])
      table.insert(gone, counts[i])
    end
  end
  redis.call('DEL', key)
  redis.call('ZREM', KEYS[1], node)
end
return gone`;

export class RedisPresenceStore implements PresenceStore {
  readonly nodeId = randomUUID();
  private readonly keys: { nodes: string; total: string; nodePrefix: string; node: string };
  /** This process's own counts: what it puts back if Redis lost them. */
  private readonly mine = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private expired: (entityIds: string[]) => void = () => {};
  /** A count change did not reach Redis: the next heartbeat rewrites this process's counts. */
  private dirty = false;
  /** One HKEYS at a time; callers that arrive during one wait for the next, which sees them. */
  private reading: Promise<string[]> | null = null;
  private nextRead: Promise<string[]> | null = null;

  constructor(
    private readonly redis: PresenceRedis,
    prefix: string,
    private readonly ttlMs = PRESENCE_NODE_TTL_MS,
  ) {
    const base = `${prefix}:presence`;
    this.keys = { nodes: `${base}:nodes`, total: `${base}:total`, nodePrefix: `${base}:node:`, node: `${base}:node:${this.nodeId}` };
    this.timer = setInterval(() => void this.beat().catch((err) => log.warn({ err }, "presence heartbeat failed")), Math.max(50, ttlMs / 3));
    this.timer.unref();
  }

  /** Registers this process; called once before the first connection. */
  async start(): Promise<void> {
    await this.beat();
  }

  // `mine` is the truth for this process's sockets. When Redis does not answer (an outage),
  // the change is not lost: the next heartbeat that reaches Redis writes `mine` back whole
  // and reports who changed by it.
  async connect(entityId: string): Promise<boolean> {
    this.mine.set(entityId, (this.mine.get(entityId) ?? 0) + 1);
    try {
      const total = await this.redis.eval(CONNECT, { keys: [this.keys.node, this.keys.total], arguments: [entityId] });
      return Number(total) === 1;
    } catch (err) {
      this.dirty = true;
      throw err;
    }
  }

  async disconnect(entityId: string): Promise<boolean> {
    const n = (this.mine.get(entityId) ?? 0) - 1;
    if (n > 0) this.mine.set(entityId, n);
    else this.mine.delete(entityId);
    try {
      const total = await this.redis.eval(DISCONNECT, { keys: [this.keys.node, this.keys.total], arguments: [entityId] });
      return Number(total) <= 0;
    } catch (err) {
      this.dirty = true;
      throw err;
    }
  }

  async onlineAmong(entityIds: readonly string[]): Promise<Set<string>> {
    if (entityIds.length === 0) return new Set();
    const counts = await this.redis.hmGet(this.keys.total, [...entityIds]);
    return new Set(entityIds.filter((_, i) => Number(counts[i] ?? 0) > 0));
  }

  online(): Promise<string[]> {
    if (!this.reading) return this.read();
    this.nextRead ??= this.reading
      .catch(() => [])
      .then(() => {
        this.nextRead = null;
        return this.read();
      });
    return this.nextRead;
  }

  private read(): Promise<string[]> {
    const p = this.redis.hKeys(this.keys.total).finally(() => {
      if (this.reading === p) this.reading = null;
    });
    this.reading = p;
    return p;
  }

  onExpired(gone: (entityIds: string[]) => void): void {
    this.expired = gone;
  }

  /** Renews the heartbeat, restores this process's counts if Redis lost them, and sweeps dead processes. */
  async beat(now = Date.now()): Promise<void> {
    const known = await this.redis.eval(HEARTBEAT, { keys: [this.keys.nodes], arguments: [this.nodeId, String(now + this.ttlMs)] });
    if ((Number(known) === 0 && this.mine.size > 0) || this.dirty) {
      this.dirty = false;
      const pairs = [...this.mine].flatMap(([id, n]) => [id, String(n)]);
      const changed = (await this.redis.eval(RESTORE, { keys: [this.keys.node, this.keys.total], arguments: pairs })) as string[];
      if (changed.length) this.expired(changed);
      log.info({ node: this.nodeId, entities: this.mine.size }, "presence rewritten in redis");
    }
    const gone = (await this.redis.eval(SWEEP, { keys: [this.keys.nodes, this.keys.total], arguments: [String(now), this.keys.nodePrefix] })) as string[];
    if (gone.length) this.expired(gone);
  }

  /** Graceful stop: this process's sockets are closing; take its counts out now, not after the TTL. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.mine.clear();
    await this.redis.eval(RESTORE, { keys: [this.keys.node, this.keys.total], arguments: [] }).catch(() => {});
    await this.redis.eval(`redis.call('ZREM', KEYS[1], ARGV[1]) return 1`, { keys: [this.keys.nodes], arguments: [this.nodeId] }).catch(() => {});
  }
}
