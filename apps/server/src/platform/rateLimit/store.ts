import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';

/** The hits of one key in its current window, and the milliseconds left of that window. */
export type Hits = { current: number; ttl: number };

/** Counts hits where every instance of the server sees them (PostgreSQL or Redis). */
export interface HitCounter {
  /**
   * Counts one hit of `key`. A window of `windowMs` starts with the first hit after the last
   * one ended (as the plugin's own stores count), so a client that keeps within the limit is
   * never refused.
   */
  hit(key: string, windowMs: number): Promise<Hits>;
  /** Waits for background work (a sweep) and lets go of connections of its own. */
  close(): Promise<void>;
}

/** At most one log line a minute while a counter keeps failing. */
const FAILURE_LOG_EVERY_MS = 60_000;

/**
 * Logs a failing counter: the first failure at once, then one line a minute at most with the
 * number of failures since the previous line, so an outage shows without flooding the log.
 */
export class FailureLog {
  private lastAt = Number.NEGATIVE_INFINITY;
  private unreported = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly message: string,
    private readonly now: () => number = Date.now,
  ) {}

  report(err: unknown) {
    this.unreported += 1;
    const now = this.now();
    if (now - this.lastAt < FAILURE_LOG_EVERY_MS) return;
    this.log.error({ err, failures: this.unreported }, this.message);
    this.lastAt = now;
    this.unreported = 0;
  }
}

/**
 * A `@fastify/rate-limit` store over a shared counter, so a limit counts the requests of a
 * client on every instance together. Each rate-limited route gets a child store whose keys
 * start with the route's method and URL: one budget per route, as the plugin's own stores keep.
 *
 * Failing open: when the counter fails (database or Redis unreachable, a timeout), the error
 * goes to `failures` and back to the plugin, which is registered with `skipOnError` and lets
 * the request through uncounted. A rate limit is a brake on abuse, not a gate every request
 * must pass; the sign-in throttle (auth_throttle rows) does not depend on it.
 */
export function sharedStore(counter: HitCounter, failures: FailureLog): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    /** The plugin constructs the root store with its options; routes get `child` stores. */
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: Hits) => void,
      timeWindow: number,
    ): void {
      // A counter that throws before it returns a promise fails open too.
      Promise.resolve()
        .then(() => counter.hit(this.prefix + key, timeWindow))
        .then(
          (hits) => callback(null, hits),
          (err: unknown) => {
            failures.report(err);
            callback(err instanceof Error ? err : new Error(String(err)));
          },
        );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      const options = routeOptions as {
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
        routeInfo?: { method?: unknown; url?: unknown };
      };
      // Neither is used by a route; counting them would need the window moved on each hit.
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error(
          'The shared rate-limit store supports neither continueExceeding nor exponentialBackoff',
        );
      }
      const route = options.routeInfo;
      return new SharedStore(
        undefined,
        `${String(route?.method ?? '')} ${String(route?.url ?? '')} `,
      );
    }
  }
  return SharedStore;
}
