/**
 * The lifecycle of one downstream connection as an explicit state machine. Every change of state
 * goes through `fire`, which accepts only the transitions in the table below; anything else is a
 * programming error and throws.
 *
 *   idle ──start──▶ connecting ──connected──▶ ready ──lost──▶ failed
 *                       │                       │               │
 *                       └──startFailed──▶ failed ◀──────────────┘ (retry when its time comes:
 *                                                                   start ▶ connecting)
 *   any of them ──close──▶ closing ──closed──▶ idle
 */

/** Where a connection is in its life. `closing` ends in `idle` (a later request may start it again). */
export type ConnectionState = 'idle' | 'connecting' | 'ready' | 'failed' | 'closing';

/** What can happen to a connection. */
export type LifecycleEvent = 'start' | 'connected' | 'startFailed' | 'lost' | 'close' | 'closed';

const TRANSITIONS: Record<ConnectionState, Partial<Record<LifecycleEvent, ConnectionState>>> = {
  idle: { start: 'connecting', close: 'closing' },
  connecting: { connected: 'ready', startFailed: 'failed', close: 'closing' },
  ready: { lost: 'failed', close: 'closing' },
  failed: { start: 'connecting', close: 'closing' },
  closing: { closed: 'idle', close: 'closing' },
};

/** Backoff after failures: a few quick retries, then a cool-down that doubles up to a ceiling. */
export interface BackoffPolicy {
  /** Attempts per round when restarting a server that was ready before. */
  attempts: number;
  /** Delay before the second attempt; doubles for each further one. */
  baseDelayMs: number;
  /** Longest cool-down between rounds. */
  maxCooldownMs: number;
}

/** The state, the time of the next allowed start, and why the last start or call failed. */
export class Lifecycle {
  private current: ConnectionState = 'idle';
  /** Why the connection is failed (already redacted), cleared on the next start. */
  error?: string;
  /** A failed connection may start again from this time (ms since epoch). */
  retryAt = 0;
  /** Rounds of restarts that failed in a row (resets when a start succeeds). */
  failedRounds = 0;
  /** True once the server has been ready at least once: restarts then get several attempts. */
  everReady = false;

  constructor(
    private readonly backoff: BackoffPolicy,
    private readonly onTransition: (from: ConnectionState, to: ConnectionState, event: LifecycleEvent) => void = () => {},
  ) {}

  /** The current state. */
  get state(): ConnectionState {
    return this.current;
  }

  /** True when `event` is allowed now. */
  can(event: LifecycleEvent): boolean {
    return TRANSITIONS[this.current][event] !== undefined;
  }

  /** Applies `event`; throws on a transition the table does not allow. */
  fire(event: LifecycleEvent, error?: string): ConnectionState {
    const from = this.current;
    const to = TRANSITIONS[from][event];
    if (!to) throw new Error(`connection lifecycle: '${event}' is not allowed in state '${from}'`);
    this.current = to;
    switch (event) {
      case 'start':
        this.error = undefined;
        break;
      case 'connected':
        this.everReady = true;
        this.failedRounds = 0;
        this.retryAt = 0;
        break;
      case 'startFailed':
        // A round of attempts failed: wait before the next round, longer each time.
        this.failedRounds++;
        this.retryAt = Date.now() + Math.min(this.backoff.baseDelayMs * 5 * 2 ** this.failedRounds, this.backoff.maxCooldownMs);
        this.error = error;
        break;
      case 'lost':
        // The server went away on its own: the next request may restart it at once.
        this.retryAt = 0;
        this.error = error;
        break;
      default:
        break;
    }
    this.onTransition(from, to, event);
    return to;
  }

  /** How many start attempts the next round gets. */
  attemptsNow(): number {
    return this.everReady ? this.backoff.attempts : 1;
  }

  /** Milliseconds until a failed connection may start again (0 when it may now). */
  waitMs(now = Date.now()): number {
    return this.current === 'failed' ? Math.max(0, this.retryAt - now) : 0;
  }
}
