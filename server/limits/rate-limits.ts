// The one owner of rate limiting. Every limit is named in lib/limits.ts (RATE_LIMITS);
// transports call `consume(name, key)` before doing the work. The store is in memory on
// the embedded default and Redis when REDIS_URL is set, so several processes share counts.
// A refusal is an AppError("rate_limited") carrying `retryAfterS`, which HTTP turns into
// 429 + Retry-After and the socket into an error ack; nothing is stored, nothing is closed.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { RATE_LIMITS, type RateLimitName } from "@/lib/limits";
import { AppError } from "../domain/errors";
import { log } from "../log";
import { metrics } from "../metrics/metrics";

export interface RateLimits {
  /** Spends `points` of `name` for `key`; throws AppError("rate_limited") past the limit. */
  consume(name: RateLimitName, key: string, points?: number): Promise<void>;
  /** Throws, like consume, when `key` is already past the limit, without spending anything. */
  check(name: RateLimitName, key: string): Promise<void>;
  /** Forgets `key`'s count (a successful sign-in clears its failures). */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Refuses `key` for `seconds` from now (a wait some rule sets after the fact, such as a failed sign-in's delay). */
  block(name: RateLimitName, key: string, seconds: number): Promise<void>;
  /** Points `key` has spent of `name` in the current window (0 when none): a count some rules act on short of refusing. */
  count(name: RateLimitName, key: string): Promise<number>;
}

/** The retry delay, in whole seconds, of a rate_limited AppError. */
export const retryAfterOf = (e: AppError): number | undefined => (e.details as { retryAfterS?: number } | undefined)?.retryAfterS;

export function createRateLimits(opts: { redis?: unknown; prefix?: string } = {}): RateLimits {
  const prefix = opts.prefix ?? "parley";
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const [name, l] of Object.entries(RATE_LIMITS) as [RateLimitName, (typeof RATE_LIMITS)[RateLimitName]][]) {
    const common = { keyPrefix: `${prefix}:rl:${name}`, points: l.points, duration: l.durationS, blockDuration: "blockS" in l ? l.blockS : 0 };
    limiters.set(
      name,
      opts.redis
        ? new RateLimiterRedis({
            ...common,
            storeClient: opts.redis,
            useRedisPackage: true,
            rejectIfRedisNotReady: true,
            // A Redis outage must not lock everyone out: fall back to this process's own counts.
            insuranceLimiter: new RateLimiterMemory(common),
          })
        : new RateLimiterMemory(common),
    );
  }
  // One log line per (limit, key) and window, however many refusals: a flood cannot flood the log.
  const logged = new Map<string, number>();
  const refuse = (name: RateLimitName, key: string, res: RateLimiterRes) => {
    const retryAfterS = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    metrics().rateLimitRefusals.inc({ limit: name });
    const id = `${name}:${key}`;
    const now = Date.now();
    if ((logged.get(id) ?? 0) < now) {
      logged.set(id, now + res.msBeforeNext);
      if (logged.size > 10_000) for (const [k, until] of logged) if (until < now) logged.delete(k);
      log.warn({ limit: name, key, retryAfterS }, "rate limited");
    }
    return new AppError("rate_limited", `Too many requests; try again in ${retryAfterS} s`, { retryAfterS });
  };

  return {
    async consume(name, key, points = 1) {
      try {
        await limiters.get(name)!.consume(key, points);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw refuse(name, key, e);
        throw e;
      }
    },
    async check(name, key) {
      const limiter = limiters.get(name)!;
      const res = await limiter.get(key);
      if (res && res.consumedPoints >= RATE_LIMITS[name].points) {
        throw refuse(name, key, new RateLimiterRes(0, Math.max(res.msBeforeNext, 1000), res.consumedPoints));
      }
    },
    async reset(name, key) {
      await limiters.get(name)!.delete(key);
    },
    async block(name, key, seconds) {
      await limiters.get(name)!.block(key, seconds);
    },
    async count(name, key) {
      return (await limiters.get(name)!.get(key))?.consumedPoints ?? 0;
    },
  };
}
