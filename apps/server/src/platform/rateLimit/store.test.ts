import { security } from '@roomscale/shared';
import { type Endpoint, usersApi } from '@roomscale/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { uniqueEmail } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { freePort } from '../../test/process.ts';
import { FailureLog, type HitCounter, type Hits, sharedStore } from './store.ts';

/** A logger that keeps its error lines. */
function recordingLog() {
  const errors: { fields: Record<string, unknown>; message: string }[] = [];
  const log = {
    error: (fields: Record<string, unknown>, message: string) => errors.push({ fields, message }),
  } as unknown as FastifyBaseLogger;
  return { log, errors };
}

/** An in-memory counter that records the keys it was asked for. */
class MemoryCounter implements HitCounter {
  readonly counts = new Map<string, number>();
  async hit(key: string): Promise<Hits> {
    const current = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, current);
    return { current, ttl: 1000 };
  }
  async close() {}
}

const incr = (
  store: ReturnType<InstanceType<ReturnType<typeof sharedStore>>['child']>,
  key: string,
) =>
  new Promise<{ err: Error | null; hits?: Hits }>((resolve) =>
    store.incr(key, (err, hits) => resolve({ err, hits }), 60_000, 5),
  );
const route = (method: string, url: string) => ({ routeInfo: { method, url } });
/** An endpoint's route, and the key of its count for one client. */
const routeOf = (e: Endpoint) => route(e.method, e.path);
const keyOf = (e: Endpoint, ip: string) => `${e.method} ${e.path} ${ip}`;

describe('the shared rate-limit store', () => {
  it('keeps one count per route and client', async () => {
    const counter = new MemoryCounter();
    const Store = sharedStore(counter, new FailureLog(recordingLog().log, 'failed'));
    const root = new Store({});
    const forgot = root.child(routeOf(usersApi.forgotPassword) as never);
    const register = root.child(routeOf(usersApi.register) as never);
    expect((await incr(forgot, '10.0.0.1')).hits?.current).toBe(1);
    expect((await incr(forgot, '10.0.0.1')).hits?.current).toBe(2);
    expect((await incr(forgot, '10.0.0.2')).hits?.current).toBe(1);
    expect((await incr(register, '10.0.0.1')).hits?.current).toBe(1);
    expect([...counter.counts.keys()].sort()).toEqual([
      keyOf(usersApi.forgotPassword, '10.0.0.1'),
      keyOf(usersApi.forgotPassword, '10.0.0.2'),
      keyOf(usersApi.register, '10.0.0.1'),
    ]);
  });

  it('hands a failure back to the plugin and logs it, once a minute at most', async () => {
    const { log, errors } = recordingLog();
    let now = 0;
    const failing: HitCounter = {
      hit: () => {
        throw new Error('connection refused');
      },
      close: async () => {},
    };
    const Store = sharedStore(failing, new FailureLog(log, 'store failed', () => now));
    const store = new Store({}).child(route('POST', '/x') as never);
    for (let i = 0; i < 3; i++) {
      const { err, hits } = await incr(store, '10.0.0.1');
      expect(err?.message).toBe('connection refused');
      expect(hits).toBeUndefined();
    }
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('store failed');
    expect(errors[0]!.fields.failures).toBe(1);
    now += 60_000;
    await incr(store, '10.0.0.1');
    expect(errors).toHaveLength(2);
    // The line counts every failure since the previous one.
    expect(errors[1]!.fields.failures).toBe(3);
  });

  it('refuses options it cannot count', () => {
    const Store = sharedStore(new MemoryCounter(), new FailureLog(recordingLog().log, 'x'));
    expect(() =>
      new Store({}).child({ ...route('GET', '/x'), continueExceeding: true } as never),
    ).toThrow(/continueExceeding/);
  });
});

describe('a rate-limit store that is down', () => {
  it('lets requests through (fails open) instead of refusing them or answering 500', async () => {
    // Nothing listens there: every count fails at once.
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const ip = '10.251.0.1';
      const limit = security.rateLimitPerMinute.forgotPassword;
      for (let i = 0; i < limit + 3; i++) {
        const res = await callEndpoint(t, usersApi.forgotPassword, {
          body: { email: uniqueEmail() },
          ip,
        });
        expect(res.status, res.raw.body).toBe(200);
      }
    } finally {
      await t.close();
    }
  });
});
