import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { security } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseWaits, loadConfig } from '../config.ts';
import { migratedPgTemplate } from '../test/migratedDatabase.ts';
import { freshPgDatabase, onPgServer } from '../test/pgDatabase.ts';
import { freePort, signIn, startServer, stopProcess, waitReady } from '../test/process.ts';
import { BlackHoleProxy } from './blackHoleProxy.ts';
import { type Database, openDatabase } from './client.ts';
import { databaseOutage, sqlState } from './errors.ts';

/**
 * A database that stops answering without closing anything (a network that drops packets):
 * the server's own timeouts never reach us, so only the client's bounds end the wait. Small
 * bounds here, so the test takes seconds; the defaults are in config.ts.
 */
const waits: DatabaseWaits = {
  statementTimeoutMs: 500,
  queryTimeoutMs: 1000,
  // Long, so that only the client closing a timed-out connection can end its transaction.
  idleInTransactionTimeoutMs: 60_000,
  connectTimeoutMs: 1000,
  keepAliveDelayMs: 10_000,
  readyTimeoutMs: 500,
  migrationLockTimeoutSeconds: 60,
};
/**
 * The server process runs with these bounds, or with the defaults when
 * BLACK_HOLE_DEFAULT_WAITS=true (to measure what an operator gets; docs/deployment.md).
 */
const defaultsMeasured = process.env.BLACK_HOLE_DEFAULT_WAITS === 'true';
const serverWaits = defaultsMeasured
  ? loadConfig({ JWT_SECRET: 'x'.repeat(32) }).databaseWaits
  : waits;
const serverWaitsEnv: Record<string, string> = defaultsMeasured
  ? {}
  : {
      DATABASE_STATEMENT_TIMEOUT_MS: String(waits.statementTimeoutMs),
      DATABASE_QUERY_TIMEOUT_MS: String(waits.queryTimeoutMs),
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: String(waits.idleInTransactionTimeoutMs),
      DATABASE_CONNECT_TIMEOUT_MS: String(waits.connectTimeoutMs),
      DATABASE_READY_TIMEOUT_MS: String(waits.readyTimeoutMs),
    };
/** The longest one request may wait for the database: a pool connection, then a query. */
const requestBound = serverWaits.connectTimeoutMs + serverWaits.queryTimeoutMs;

const pgUrl = process.env.TEST_PG_URL;

describe.skipIf(!pgUrl)('a PostgreSQL that stops answering', () => {
  let proxy: BlackHoleProxy;
  let fresh: Awaited<ReturnType<typeof freshPgDatabase>>;
  beforeAll(async () => {
    const target = new URL(pgUrl!);
    proxy = new BlackHoleProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.open();
    fresh = await freshPgDatabase(pgUrl!, { template: migratedPgTemplate() });
  });
  afterAll(async () => {
    await proxy?.close();
    await fresh?.drop();
  });

  describe('one pool', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ url: proxy.via(fresh.url), waits });
    });
    afterAll(async () => {
      proxy.resume();
      await database?.close();
    });

    it('cancels a statement past DATABASE_STATEMENT_TIMEOUT_MS as an outage (503, Retry-After)', async () => {
      const err = await database.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(sqlState(err)).toBe('57014');
      const outage = databaseOutage(err);
      expect(outage?.status).toBe(503);
      expect(outage?.headers['retry-after']).toBe(String(security.unavailableRetryAfterSeconds));
    });

    it("closes a transaction's connection whose query got no answer, so the transaction ends", async () => {
      const idleInTransaction = () =>
        onPgServer(pgUrl!, async (c) => {
          const { rows } = await c.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = $1 and state like 'idle in transaction%'`,
            [fresh.name],
          );
          return rows[0]!.n;
        });
      const err = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          proxy.blackHole();
          await tx.execute(sql`select 2`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(databaseOutage(err)?.status).toBe(503);
      proxy.resume();
      // Given back to the pool instead, the connection would sit in its open transaction
      // until the pool's idle timeout (10 s) or the server's (60 s here) ended it.
      await expect.poll(idleInTransaction, { timeout: 5000, interval: 100 }).toBe(0);
      const answer = (await database.db.execute(sql`select 3 as n`)) as { rows: unknown[] };
      expect(answer.rows).toEqual([{ n: 3 }]);
    });
  });

  it('answers 503 with Retry-After within its bounds, /readyz too, and recovers by itself', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rs-black-hole-'));
    const admin = { email: 'black-hole@example.com', password: 'BlackHole123' };
    const port = await freePort();
    const server = startServer({
      DATABASE_URL: proxy.via(fresh.url),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...serverWaitsEnv,
    });
    const origin = `http://127.0.0.1:${port}`;
    try {
      await waitReady(port, server.exited);
      const access_token = await signIn(origin, admin);
      // Generous: several times what the configured bounds allow; a hang fails here.
      const me = () =>
        fetch(`${origin}/api/Users/Me`, {
          headers: { authorization: `Bearer ${access_token}` },
          signal: AbortSignal.timeout(5 * requestBound),
        });
      const ready = () =>
        fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5 * requestBound) });
      expect((await me()).status).toBe(200);

      proxy.blackHole();
      const began = performance.now();
      const refused = await me();
      const toOutage = performance.now() - began;
      expect(refused.status).toBe(503);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.headers.get('retry-after')).toBe(
        String(security.unavailableRetryAfterSeconds),
      );
      const readyBegan = performance.now();
      const notReady = await ready();
      const toNotReady = performance.now() - readyBegan;
      expect(notReady.status).toBe(503);
      expect(notReady.headers.get('retry-after')).toBeDefined();
      console.info(
        `black hole: GET /api/Users/Me answered 503 after ${Math.round(toOutage)} ms, ` +
          `/readyz 503 after ${Math.round(toNotReady)} ms (query timeout ${serverWaits.queryTimeoutMs} ms, ` +
          `connect timeout ${serverWaits.connectTimeoutMs} ms, ready timeout ${serverWaits.readyTimeoutMs} ms)`,
      );

      proxy.resume();
      const resumed = performance.now();
      await expect.poll(async () => (await me()).status, { timeout: 30_000 }).toBe(200);
      console.info(`forwarding again: 200 after ${Math.round(performance.now() - resumed)} ms`);
      expect((await ready()).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    } finally {
      proxy.resume();
      await stopProcess(server, 'SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
