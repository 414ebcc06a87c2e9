import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { freshPgDatabase } from '../../test/pgDatabase.ts';
import { PostgresHitCounter } from './postgres.ts';

const MINUTE = 60_000;
const pgUrl = process.env.TEST_PG_URL;

/** The counter on a fresh database: in-memory PGlite, or a new PostgreSQL database. */
let database: Database;
let drop = async () => {};
let url: string | undefined;
beforeAll(async () => {
  if (pgUrl) {
    const fresh = await freshPgDatabase(pgUrl);
    url = fresh.url;
    drop = fresh.drop;
  }
  database = await openDatabase({ url });
});
afterAll(async () => {
  await database.close();
  await drop();
});

let keyCounter = 0;
const uniqueKey = () => `POST /test 10.0.0.${++keyCounter}`;
const counter = () =>
  new PostgresHitCounter(
    () => database.db,
    (err) => {
      throw err;
    },
  );
const rowOf = async (key: string) =>
  (await database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0];
/**
 * Moves a key's window `ms` into the past, as that much time passing would: the counter reads
 * the database's time (`now()`), so the tests move what it stored instead of waiting.
 */
const age = (key: string, ms: number) =>
  database.db
    .update(rateLimits)
    .set({
      windowStart: sql`${rateLimits.windowStart} - ${ms} * interval '1 millisecond'`,
      expiresAt: sql`${rateLimits.expiresAt} - ${ms} * interval '1 millisecond'`,
    })
    .where(eq(rateLimits.key, key));

describe('the PostgreSQL rate-limit counter', () => {
  it('counts the hits of a key in its window, each key apart', async () => {
    const c = counter();
    const a = uniqueKey();
    const b = uniqueKey();
    const first = await c.hit(a, MINUTE);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(MINUTE);
    expect((await c.hit(a, MINUTE)).current).toBe(2);
    expect((await c.hit(b, MINUTE)).current).toBe(1);
    const third = await c.hit(a, MINUTE);
    expect(third.current).toBe(3);
    // The window runs from the first hit: later hits do not extend it.
    const row = await rowOf(a);
    expect(row?.hits).toBe(3);
    expect(row!.expiresAt.getTime() - row!.windowStart.getTime()).toBe(MINUTE);
    expect(third.ttl).toBeLessThanOrEqual(first.ttl);
    await c.close();
  });

  it('keeps its counters out of the write-ahead log: an unlogged table', async () => {
    const res = await database.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limits'`,
    );
    const rows = (res as unknown as { rows: { relpersistence: string }[] }).rows;
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });

  it('starts a new window with the first hit after the last one ended', async () => {
    const c = counter();
    const key = uniqueKey();
    const window = MINUTE;
    expect((await c.hit(key, window)).current).toBe(1);
    const before = await rowOf(key);
    await age(key, window + 1000);
    const again = await c.hit(key, window);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(0);
    expect(again.ttl).toBeLessThanOrEqual(window);
    const after = await rowOf(key);
    // Not the ended window (which now starts a minute and a second before the first hit).
    expect(after!.windowStart.getTime()).toBeGreaterThanOrEqual(before!.windowStart.getTime());
    expect(after!.expiresAt.getTime() - after!.windowStart.getTime()).toBe(window);
    await c.close();
  });

  it('counts hits sent at once exactly once each', async () => {
    const c = counter();
    const key = uniqueKey();
    const results = await Promise.all(Array.from({ length: 40 }, () => c.hit(key, MINUTE)));
    expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect((await rowOf(key))?.hits).toBe(40);
    await c.close();
  });

  it('sweeps the rows of ended windows and keeps the others', async () => {
    const c = counter();
    const ended = uniqueKey();
    const live = uniqueKey();
    await c.hit(ended, MINUTE);
    await c.hit(live, MINUTE);
    await age(ended, MINUTE + 1000);
    await c.sweep();
    expect(await rowOf(ended)).toBeUndefined();
    expect((await rowOf(live))?.hits).toBe(1);
    // A hit after the sweep opens a fresh window.
    expect((await c.hit(ended, MINUTE)).current).toBe(1);
    await c.close();
  });

  it('sweeps by itself after a hit, at most once per interval', async () => {
    const c = new PostgresHitCounter(
      () => database.db,
      (err) => {
        throw err;
      },
      MINUTE,
    );
    const ended = uniqueKey();
    await database.db.insert(rateLimits).values({
      key: ended,
      hits: 3,
      windowStart: new Date(Date.now() - 2 * MINUTE),
      expiresAt: new Date(Date.now() - MINUTE),
    });
    await c.hit(uniqueKey(), MINUTE);
    await c.close(); // waits for the sweep the hit started
    expect(await rowOf(ended)).toBeUndefined();

    const next = uniqueKey();
    await database.db.insert(rateLimits).values({
      key: next,
      hits: 1,
      windowStart: new Date(Date.now() - 2 * MINUTE),
      expiresAt: new Date(Date.now() - MINUTE),
    });
    await c.hit(uniqueKey(), MINUTE);
    await c.close();
    // Within the interval the next hit does not sweep again.
    expect(await rowOf(next)).toBeDefined();
  });

  it.skipIf(!pgUrl)('counts concurrent hits from two instances (two pools) once each', async () => {
    const second = await openDatabase({ url });
    try {
      const a = counter();
      const b = new PostgresHitCounter(
        () => second.db,
        (err) => {
          throw err;
        },
      );
      const key = uniqueKey();
      const perInstance = 30;
      const results = await Promise.all(
        Array.from({ length: perInstance * 2 }, (_, i) => (i % 2 ? a : b).hit(key, MINUTE)),
      );
      expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
        Array.from({ length: perInstance * 2 }, (_, i) => i + 1),
      );
      expect((await rowOf(key))?.hits).toBe(perInstance * 2);
      await a.close();
      await b.close();
    } finally {
      await second.close();
    }
  });
});
