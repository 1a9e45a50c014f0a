import { isIPv6 } from 'node:net';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client: `capacity` requests at once, refilled at `capacity` per `windowMs`.
 * Memory is bounded whatever clients send: buckets are kept least recently used first, a bucket
 * that has refilled to capacity (the same as no bucket) is dropped, and past `maxClients` the
 * least recently used one goes.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly capacity: number,
    readonly windowMs = 60_000,
    readonly maxClients = 10_000,
  ) {}

  /** Parses `N/min`, `N/s`, `N/h` (or a bare N per minute). */
  static parse(spec: string): RateLimiter {
    const m = /^(\d+)(?:\/(s|sec|second|m|min|minute|h|hour))?$/.exec(spec.trim());
    if (!m || Number(m[1]) < 1) throw new Error(`ratelimit must look like 100/min (also /s, /h), got '${spec}'`);
    const unit = m[2] ?? 'min';
    const windowMs = unit.startsWith('s') ? 1000 : unit.startsWith('h') ? 3_600_000 : 60_000;
    return new RateLimiter(Number(m[1]), windowMs);
  }

  /** How many clients have a bucket now. */
  get size(): number {
    return this.buckets.size;
  }

  /** Takes one token for `client`; when none is left, says how many seconds until one is. */
  take(client: string, now = Date.now()): { ok: true } | { ok: false; retryAfterSec: number } {
    const rate = this.capacity / this.windowMs;
    let b = this.buckets.get(client);
    if (b) {
      b.tokens = Math.min(this.capacity, b.tokens + Math.max(0, now - b.at) * rate);
      this.buckets.delete(client); // re-inserted below: the map stays least recently used first
    } else {
      b = { tokens: this.capacity, at: now };
    }
    b.at = now;
    this.buckets.set(client, b);
    this.evict(now, rate);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSec: Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000)) };
  }

  /** Drops full buckets from the old end, and the oldest ones past maxClients; amortized O(1). */
  private evict(now: number, rate: number): void {
    for (const [k, b] of this.buckets) {
      const full = b.tokens + (now - b.at) * rate >= this.capacity;
      if (this.buckets.size > this.maxClients || (full && b.at < now)) this.buckets.delete(k);
      else break;
    }
  }
}

/**
 * The rate-limit identity of a remote address: IPv4 as is (also when IPv4-mapped), IPv6 by its
 * /64 prefix, since one host is commonly given a whole /64 and could otherwise rotate addresses.
 */
export function clientAddress(remote: string | undefined): string {
  if (!remote) return '?';
  if (remote.startsWith('::ffff:') && remote.includes('.')) return remote.slice(7);
  if (!isIPv6(remote)) return remote;
  const [head = '', tail] = remote.split('%')[0]!.split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
