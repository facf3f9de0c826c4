// "Say this once per window": a flood of the same refusal must not flood the log.
export class OncePerWindow {
  private until = new Map<string, number>();

  constructor(
    private windowMs: number,
    private maxKeys = 10_000,
  ) {}

  /** True the first time `key` is seen in the current window, false after that. */
  first(key: string): boolean {
    const now = Date.now();
    if ((this.until.get(key) ?? 0) > now) return false;
    if (this.until.size >= this.maxKeys) for (const [k, t] of this.until) if (t <= now) this.until.delete(k);
    // Still full of live keys (many distinct ones at once): stay quiet rather than grow.
    if (this.until.size >= this.maxKeys) return false;
    this.until.set(key, now + this.windowMs);
    return true;
  }
}
