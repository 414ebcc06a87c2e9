import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pino from 'pino';
import { type App, buildApp } from '../app.ts';
import { type Config, type DatabaseWaits, databaseWaitDefaults, loadConfig } from '../config.ts';
import type { AppContext, Clock } from '../context.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { createBilling } from '../modules/billing/driver.ts';
import { createJwt } from '../platform/auth/jwt.ts';
import { MembershipCache, rememberMemberships } from '../platform/auth/membershipCache.ts';
import { SessionCache } from '../platform/auth/sessionCache.ts';
import type { Mail, Mailer } from '../platform/mail/mailer.ts';
import { createStorage } from '../platform/storage/index.ts';
import { migratedPgliteDump, migratedPgTemplate } from './migratedDatabase.ts';
import { freshPgDatabase } from './pgDatabase.ts';

/** A clock tests can move: `clock.advance(seconds)`. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number) {
    this.offsetMs += seconds * 1000;
  }
}

/** Keeps every message sent, for tests to read links from. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  to(address: string) {
    return this.sent.filter((m) => m.to === address);
  }
  /** The first link in the newest message to `address` whose path starts with `path`. */
  link(address: string, path: string): URL {
    const mails = this.to(address);
    for (const mail of mails.reverse()) {
      for (const raw of mail.text.match(/https?:\/\/\S+/g) ?? []) {
        const url = new URL(raw);
        if (url.pathname.startsWith(path)) return url;
      }
    }
    throw new Error(`no ${path} link mailed to ${address}`);
  }
}

/**
 * What the app runs on in a test: `config` and `db`, with a mailer and a clock the test reads
 * and moves; the parts of a TestApp but the app.
 */
export function testContext(config: Config, db: Db, log = pino({ level: 'silent' })) {
  const mailer = new MemoryMailer();
  const clock = new TestClock();
  const ctx: AppContext = {
    config,
    db,
    jwt: createJwt(config.jwtSecret),
    mailer,
    storage: createStorage(config, clock),
    clock,
    log,
    billing: createBilling(config),
    sessionCache: new SessionCache(),
    membershipCache: new MembershipCache(),
  };
  return { ctx, mailer, clock, config };
}

export type TestApp = {
  app: App;
  ctx: AppContext;
  mailer: MemoryMailer;
  clock: TestClock;
  config: Config;
  /**
   * On PostgreSQL, the test database's address, for statements run on a connection of their own
   * (`namedRuns`); null on PGlite.
   */
  databaseUrl: string | null;
  close(): Promise<void>;
};

/**
 * The app on a fresh database: in-memory PGlite by default, or a new PostgreSQL database
 * (created here, dropped in close) when TEST_PG_URL names a server. Under Vitest the database
 * starts as a copy of the run's migrated one (test/migratedDatabase.ts); the migrator still
 * runs on it.
 */
/**
 * The database waits of test apps: the defaults, except a statement may run a minute. Tests seed
 * tens of thousands of rows in one statement while other test files load the same cores; the
 * 5-second default is for an API's statements, and db/waits.test.ts and db/blackHole.test.ts
 * hold the product's own bounds.
 */
const testWaits: DatabaseWaits = {
  ...databaseWaitDefaults,
  statementTimeoutMs: 60_000,
  queryTimeoutMs: 60_000 + databaseWaitDefaults.queryTimeoutMarginMs,
};

export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    /** The built web app to serve, as `npm start` does. */
    webDist?: string;
    /** On PostgreSQL: rewrites the URL the app connects with (a proxy the test can cut). */
    connectVia?: (url: URL) => URL;
  } = {},
): Promise<TestApp> {
  const pgUrl = process.env.TEST_PG_URL;
  let database: Database;
  let dropDatabase = async () => {};
  let databaseUrl: string | null = null;
  if (pgUrl) {
    const fresh = await freshPgDatabase(pgUrl, { template: migratedPgTemplate() });
    databaseUrl = fresh.url;
    const url = new URL(fresh.url);
    database = await openDatabase({
      url: (opts.connectVia?.(url) ?? url).toString(),
      waits: testWaits,
    });
    dropDatabase = fresh.drop;
  } else {
    database = await openDatabase({ loadDataDir: await migratedPgliteDump() });
  }
  const ownDataDir = `/tmp/roomscale-test-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: ownDataDir,
    PUBLIC_URL: 'http://roomscale.test',
    // Every answer of the suite is checked against its contract schema.
    CHECK_RESPONSES: 'true',
    ...env,
  });
  const context = testContext(
    config,
    database.db,
    pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  );
  const stopRememberingMemberships = await rememberMemberships(
    database,
    context.ctx.membershipCache,
  );
  const app = await buildApp(context.ctx, opts);
  await app.ready();
  return {
    app,
    ...context,
    databaseUrl,
    async close() {
      await app.close();
      await stopRememberingMemberships();
      await database.close();
      await dropDatabase();
      await context.ctx.storage.close();
      if (config.dataDir === ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}
