import { randomUUID } from 'node:crypto';
import { security } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { RedisHitCounter } from './redis.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const MINUTE = 60_000;

/** Keys of this run only, so runs against one Redis never meet. */
const run = randomUUID();
let keyCounter = 0;
const uniqueKey = () => `POST /test ${run} ${++keyCounter}`;

describe.skipIf(!redisUrl)('the Redis rate-limit counter', () => {
  let a: RedisHitCounter;
  let b: RedisHitCounter;
  /** Redis itself, to see what the counters stored. */
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    const fail = (err: unknown) => {
      throw err;
    };
    a = new RedisHitCounter(redisUrl!, fail);
    b = new RedisHitCounter(redisUrl!, fail);
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    redis.disconnect();
  });

  it('counts the hits of two clients together, each once', async () => {
    const key = uniqueKey();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit(key, MINUTE)),
    );
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    for (const r of results) {
      expect(r.ttl).toBeGreaterThan(0);
      expect(r.ttl).toBeLessThanOrEqual(MINUTE);
    }
    expect((await a.hit(uniqueKey(), MINUTE)).current).toBe(1);
  });

  it('starts a new window once the last one ended', async () => {
    const key = uniqueKey();
    expect((await a.hit(key, 200)).current).toBe(1);
    expect((await b.hit(key, 200)).current).toBe(2);
    // Redis ends the window on its own clock: the key it expires is gone.
    await expect.poll(() => redis.exists(`roomscale:rate-limit:${key}`)).toBe(0);
    const again = await b.hit(key, 200);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeLessThanOrEqual(200);
  });
});

describe.skipIf(!redisUrl)('two instances sharing Redis for rate limits', () => {
  // Two apps with databases of their own: only Redis is shared.
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp({ REDIS_URL: redisUrl! });
    two = await createTestApp({ REDIS_URL: redisUrl! });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('trip a limit at the count of both together', async () => {
    // An address of this run only (the counts live a minute in Redis).
    const bytes = Buffer.from(run.replaceAll('-', ''), 'hex');
    const ip = `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
    const limit = security.rateLimitPerMinute.forgotPassword;
    const forgot = (t: TestApp) =>
      callEndpoint(t, usersApi.forgotPassword, { body: { email: uniqueEmail() }, ip });
    for (let i = 0; i < limit; i++) {
      const res = await forgot(i % 2 ? two : one);
      expect(res.status, res.raw.body).toBe(200);
    }
    for (const t of [one, two]) {
      const limited = await forgot(t);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
