// Rate limits with some names lifted, for tests and benchmarks that measure something else
// (a long history posted quickly, fan-out throughput). Never used by the product.
import type { RateLimitName } from "@/lib/limits";
import type { RateLimits } from "./rate-limits";

export function withoutLimits(limits: RateLimits, names: RateLimitName[]): RateLimits {
  if (names.length === 0) return limits;
  const lifted = new Set(names);
  return {
    consume: async (name, key, points) => (lifted.has(name) ? undefined : limits.consume(name, key, points)),
    check: async (name, key) => (lifted.has(name) ? undefined : limits.check(name, key)),
    reset: (name, key) => limits.reset(name, key),
    block: async (name, key, seconds) => (lifted.has(name) ? undefined : limits.block(name, key, seconds)),
    count: async (name, key) => (lifted.has(name) ? 0 : limits.count(name, key)),
  };
}
