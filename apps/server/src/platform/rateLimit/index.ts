import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AppContext } from '../../context.ts';
import { PostgresHitCounter } from './postgres.ts';
import { RedisHitCounter } from './redis.ts';
import { FailureLog, sharedStore } from './store.ts';

export type RateLimitStore = {
  /** For `@fastify/rate-limit`'s `store` option, with `skipOnError: true` (fail open). */
  store: FastifyRateLimitStoreCtor;
  /** Lets go of the Redis connection, or waits for a sweep in flight. */
  close(): Promise<void>;
};

/**
 * Where request rate limits are counted, so every instance shares one count per client and
 * route: Redis when `REDIS_URL` is set, otherwise the database (PostgreSQL, or PGlite for a
 * single instance). Waits briefly for Redis to connect; never fails a start.
 */
export async function createRateLimitStore(ctx: AppContext): Promise<RateLimitStore> {
  const failures = new FailureLog(
    ctx.log,
    'rate-limit store failed: requests are let through uncounted until it is back',
  );
  if (ctx.config.redisUrl) {
    const connection = new FailureLog(ctx.log, 'rate-limit Redis connection failed');
    const counter = new RedisHitCounter(ctx.config.redisUrl, (err) => connection.report(err));
    await counter.ready();
    return { store: sharedStore(counter, failures), close: () => counter.close() };
  }
  const counter = new PostgresHitCounter(
    () => ctx.db,
    (err) => ctx.log.warn({ err }, 'rate-limit sweep failed'),
  );
  return { store: sharedStore(counter, failures), close: () => counter.close() };
}
