/** A token bucket per client: `capacity` requests at once, refilled at `capacity` per `windowMs`. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly capacity: number,
    readonly windowMs = 60_000,
  ) {}

  /** Parses `N/min`, `N/s`, `N/h` (or a bare N per minute). */
  static parse(spec: string): RateLimiter {
    const m = /^(\d+)(?:\/(s|sec|second|m|min|minute|h|hour))?$/.exec(spec.trim());
    if (!m || Number(m[1]) < 1) throw new Error(`ratelimit must look like 100/min (also /s, /h), got '${spec}'`);
    const unit = m[2] ?? 'min';
    const windowMs = unit.startsWith('s') ? 1000 : unit.startsWith('h') ? 3_600_000 : 60_000;
    return new RateLimiter(Number(m[1]), windowMs);
  }

  /** Takes one token for `client`; when none is left, says how many seconds until one is. */
  take(client: string, now = Date.now()): { ok: true } | { ok: false; retryAfterSec: number } {
    const rate = this.capacity / this.windowMs;
    const b = this.buckets.get(client) ?? { tokens: this.capacity, at: now };
    b.tokens = Math.min(this.capacity, b.tokens + (now - b.at) * rate);
    b.at = now;
    this.buckets.set(client, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSec: Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000)) };
  }
}
