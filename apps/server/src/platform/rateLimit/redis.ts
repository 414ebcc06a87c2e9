import { Redis } from 'ioredis';
import type { HitCounter, Hits } from './store.ts';

/**
 * One hit, atomically: INCR, and the window's expiry set by the hit that opened it (as
 * `@fastify/rate-limit`'s own Redis store does). A key left without expiry gets one, so it can
 * never count forever.
 */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type WithHit = Redis & {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
};

/** How long a start waits for Redis before it serves anyway (failing open until it connects). */
const READY_TIMEOUT_MS = 2000;

/**
 * Rate-limit counters in Redis (`REDIS_URL`), for deployments that keep the database out of the
 * request path of rate-limited routes. Keys expire with their window, so nothing needs sweeping.
 *
 * A Redis that is down must not hold requests: commands are not queued while disconnected
 * (`enableOfflineQueue: false`) and time out after a second, so a hit fails at once and the
 * store lets the request through (store.ts); the client reconnects by itself.
 */
export class RedisHitCounter implements HitCounter {
  private readonly redis: WithHit;

  constructor(
    url: string,
    onError: (err: unknown) => void,
    private readonly prefix = 'roomscale:rate-limit:',
  ) {
    const redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: READY_TIMEOUT_MS,
      commandTimeout: 1000,
    });
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    // Connection errors come here (the client retries by itself); without a listener ioredis
    // would print them to the console.
    redis.on('error', onError);
    this.redis = redis as WithHit;
  }

  /** Resolves once connected, or after a short wait: a start never fails because of Redis. */
  ready(): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, READY_TIMEOUT_MS);
      this.redis.once('ready', done);
    });
  }

  async hit(key: string, windowMs: number): Promise<Hits> {
    const [current, ttl] = await this.redis.rateLimitHit(this.prefix + key, Math.ceil(windowMs));
    return { current: Number(current), ttl: Math.max(0, Number(ttl)) };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
