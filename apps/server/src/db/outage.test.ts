import { connect, createServer, type Server, type Socket } from 'node:net';
import { security, serverMessages } from '@roomscale/shared';
import { authApi, usersApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../test/callEndpoint.ts';
import { call, createUser, expectProblem, signIn } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import type { Db } from './client.ts';
import { registerDirectRunner } from './direct.ts';

/** Errors node-postgres and drizzle raise when the database is out, each as drizzle wraps it. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
const outages: Record<string, () => Error> = {
  refused: () =>
    wrapped(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ),
  reset: () => wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
  'terminated by administrator (57P01)': () =>
    wrapped(
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    ),
  'starting up (57P03)': () =>
    wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
  'connection failure (08006)': () =>
    wrapped(Object.assign(new Error('connection failure'), { code: '08006' })),
  'pool timeout': () => wrapped(new Error('timeout exceeded when trying to connect')),
  'statement timeout (57014)': () =>
    wrapped(
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
    ),
  'query timeout (no answer)': () => wrapped(new Error('Query read timeout')),
  'closed after a query timeout': () =>
    wrapped(new Error('Client was closed and is not queryable')),
  'cut connection': () => wrapped(new Error('Connection terminated unexpectedly')),
};

/**
 * A database whose every query fails with `fail()`: through drizzle, wrapped as drizzle wraps
 * it, and as a direct statement of the hot path (db/direct.ts), as the driver raises it.
 */
const brokenDb = (fail: () => Error) => {
  const db = new Proxy({} as Db, {
    get: () => () => {
      throw fail();
    },
  });
  registerDirectRunner(db, async () => {
    throw fail().cause;
  });
  return db;
};

describe('an unreachable database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(Object.keys(outages))(
    'answers 503 with Retry-After when the connection is %s',
    async (kind) => {
      const user = await createUser(t);
      const token = await signIn(t, user);
      const real = t.ctx.db;
      t.ctx.db = brokenDb(outages[kind]!);
      try {
        const me = await callEndpoint(t, usersApi.me, { token });
        expectProblem(me, 503);
        expect(me.problem.detail).toBe(serverMessages.unavailable);
        expect(me.headers['retry-after']).toBe(String(security.unavailableRetryAfterSeconds));
        const forgot = await callEndpoint(t, usersApi.forgotPassword, {
          body: { email: user.email },
        });
        expectProblem(forgot, 503);
        const signInAttempt = await callEndpoint(t, authApi.token, {
          body: { grant_type: 'password', username: user.email, password: user.password },
        });
        expectProblem(signInAttempt, 503);
        expect(signInAttempt.headers['retry-after']).toBeDefined();
        const ready = await call(t, 'GET', '/readyz');
        expect(ready.statusCode).toBe(503);
        expect(ready.headers['retry-after']).toBeDefined();
      } finally {
        t.ctx.db = real;
      }
      expect((await callEndpoint(t, usersApi.me, { token })).status).toBe(200);
      expect((await call(t, 'GET', '/readyz')).statusCode).toBe(200);
    },
  );

  it('keeps a genuine bug a 500', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user);
    const real = t.ctx.db;
    for (const bug of [
      () => new TypeError("Cannot read properties of undefined (reading 'id')"),
      () => wrapped(Object.assign(new Error('column "nope" does not exist'), { code: '42703' })),
      () => wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })),
    ]) {
      t.ctx.db = brokenDb(bug);
      try {
        const res = await callEndpoint(t, usersApi.me, { token });
        expectProblem(res, 500);
        expect(res.headers['retry-after']).toBeUndefined();
      } finally {
        t.ctx.db = real;
      }
    }
  });
});

/** A TCP proxy in front of PostgreSQL that the test can cut and restore on the same port. */
class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open() {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => {
          this.sockets.delete(s);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Stops accepting and cuts every open connection, as a database crash would. */
  async cut() {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

describe.skipIf(!process.env.TEST_PG_URL)('a PostgreSQL outage', () => {
  let t: TestApp;
  let proxy: CuttableProxy;
  beforeAll(async () => {
    const pgUrl = new URL(process.env.TEST_PG_URL!);
    proxy = new CuttableProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    await proxy.open();
    t = await createTestApp(
      {},
      {
        connectVia: (url) => {
          const via = new URL(url);
          via.hostname = '127.0.0.1';
          via.port = String(proxy.port);
          return via;
        },
      },
    );
  });
  afterAll(async () => {
    await proxy.open();
    await t.close();
    await proxy.cut();
  });

  it('answers 503 with Retry-After while the database is gone, and recovers when it is back', async () => {
    const user = await createUser(t);
    const token = await signIn(t, user);
    const me = () => callEndpoint(t, usersApi.me, { token });
    expect((await me()).status).toBe(200);

    await proxy.cut();
    const out = await me();
    expectProblem(out, 503);
    expect(out.headers['retry-after']).toBe(String(security.unavailableRetryAfterSeconds));
    expectProblem(
      await callEndpoint(t, usersApi.forgotPassword, { body: { email: user.email } }),
      503,
    );
    expect((await call(t, 'GET', '/readyz')).statusCode).toBe(503);

    await proxy.open();
    await expect.poll(async () => (await me()).status).toBe(200);
    expect((await call(t, 'GET', '/readyz')).statusCode).toBe(200);
  });
});
