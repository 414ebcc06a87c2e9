import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { databaseWaitDefaults } from '../config.ts';
import { freshPgDatabase, onPgServer } from '../test/pgDatabase.ts';
import { freePort, signIn, startServer, stopProcess, waitReady } from '../test/process.ts';
import { DatabaseOpenError, migrationsFolder, openDatabase } from './client.ts';
import { MIGRATION_LOCK_KEY, readJournal, refuseNewerSchema } from './migrate.ts';
import { startMessages } from './startMessages.ts';

const journal = readJournal(migrationsFolder());
const last = journal.at(-1)!;
/** A migration a later build made: after every one this build knows. */
const later = last.when + 86_400_000;
const pgUrl = process.env.TEST_PG_URL;

const waits = {
  ...databaseWaitDefaults,
  queryTimeoutMs: databaseWaitDefaults.statementTimeoutMs + 1000,
};

/** The one line an older build prints when it meets the database of a newer one. */
const newerLine = (applied: number) =>
  startMessages.schemaNewer(
    `${String(applied - 1).padStart(4, '0')} (made ${new Date(later).toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    last.tag,
  );

describe('the schema check', () => {
  it('accepts a database with the migrations this build knows, or fewer, or none', () => {
    const whens = journal.map((e) => e.when);
    expect(() => refuseNewerSchema(whens, journal)).not.toThrow();
    expect(() => refuseNewerSchema(whens.slice(0, 3), journal)).not.toThrow();
    expect(() => refuseNewerSchema([], journal)).not.toThrow();
  });

  it('refuses a database with a migration this build does not list, naming both', () => {
    const applied = [...journal.map((e) => e.when), later];
    expect(() => refuseNewerSchema(applied, journal)).toThrow(DatabaseOpenError);
    expect(() => refuseNewerSchema(applied, journal)).toThrow(newerLine(applied.length));
    const line = newerLine(applied.length);
    expect(line).toContain(`it has migration ${String(journal.length).padStart(4, '0')}`);
    expect(line).toContain(`this version knows up to ${last.tag}`);
  });
});

/** Every server process a test started, stopped after it even when it failed or timed out. */
const started = new Set<ReturnType<typeof startServer>>();
function start(env: Record<string, string>, port: number) {
  const server = startServer({ ...env, HOST: '127.0.0.1', PORT: String(port) });
  started.add(server);
  return server;
}
afterEach(async () => {
  await Promise.all([...started].map((s) => stopProcess(s, 'SIGKILL')));
  started.clear();
});

/** Process tests start real servers, several at once on shared cores: minutes, not seconds. */
const PROCESS_TEST_MS = 180_000;

/** Runs main.ts until it exits; its exit code and what it wrote to stderr. */
async function startExpectingExit(env: Record<string, string>) {
  const port = await freePort();
  const server = start(env, port);
  // Should it start after all, it is stopped and the test fails on its exit code.
  const ready = await waitReady(port, server.exited).then(
    () => true,
    () => false,
  );
  if (ready) server.child.kill('SIGKILL');
  const code = await server.exited;
  return { code: ready ? 'started' : code, err: server.output().err };
}

describe('an instance older than its database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it(
    'refuses to start on PGlite with one line and exit 1',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'rs-newer-schema-'));
      dirs.push(dataDir);
      const database = await openDatabase({ dataDir });
      const applied = (await database.db.execute('select 1 from drizzle.__drizzle_migrations')) as {
        rows: unknown[];
      };
      await database.db.execute(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('later', ${later})`,
      );
      await database.close();
      const { code, err } = await startExpectingExit({
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
      });
      expect(code).toBe(1);
      expect(err).toBe(`${newerLine(applied.rows.length + 1)}\n`);
      // Closed before the exit: not left marked open for the next start or a backup.
      expect(existsSync(join(dataDir, 'db', 'postmaster.pid'))).toBe(false);
    },
    PROCESS_TEST_MS,
  );

  it.skipIf(!pgUrl)(
    'refuses to start on PostgreSQL with one line and exit 1',
    async () => {
      const fresh = await freshPgDatabase(pgUrl!);
      try {
        const database = await openDatabase({ url: fresh.url });
        await database.close();
        await onPgServer(fresh.url, (c) =>
          c.query(
            `insert into drizzle.__drizzle_migrations (hash, created_at) values ('later', ${later})`,
          ),
        );
        const dataDir = await mkdtemp(join(tmpdir(), 'rs-newer-schema-'));
        dirs.push(dataDir);
        const { code, err } = await startExpectingExit({
          DATABASE_URL: fresh.url,
          DATA_DIR: dataDir,
          JWT_SECRET: randomBytes(32).toString('hex'),
        });
        expect(code).toBe(1);
        expect(err).toBe(`${newerLine(journal.length + 1)}\n`);
      } finally {
        await fresh.drop();
      }
    },
    PROCESS_TEST_MS,
  );
});

describe.skipIf(!pgUrl)('migrations on PostgreSQL under an advisory lock', () => {
  const migrationRows = (url: string) =>
    onPgServer(url, async (c) => {
      const { rows } = await c.query<{ created_at: string; n: number }>(
        'select created_at, count(*)::int as n from drizzle.__drizzle_migrations group by created_at order by created_at',
      );
      return rows.map((r) => [Number(r.created_at), r.n]);
    });
  const onceEach = journal.map((e) => [e.when, 1]);

  it('lets two opens at once on an empty database both succeed, migrating once', async () => {
    const fresh = await freshPgDatabase(pgUrl!);
    try {
      const opened = await Promise.allSettled([
        openDatabase({ url: fresh.url }),
        openDatabase({ url: fresh.url }),
      ]);
      for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
      ]);
      expect(await migrationRows(fresh.url)).toEqual(onceEach);
    } finally {
      await fresh.drop();
    }
  });

  it(
    'gives up waiting for another instance after MIGRATION_LOCK_TIMEOUT_SECONDS, saying so',
    async () => {
      const fresh = await freshPgDatabase(pgUrl!);
      const holder = new pg.Client({ connectionString: fresh.url });
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await expect(
          openDatabase({ url: fresh.url, waits: { ...waits, migrationLockTimeoutSeconds: 1 } }),
        ).rejects.toThrow(new DatabaseOpenError(startMessages.migrationLockTimeout(fresh.url, 1)));
        // The lock is the documented one: classid and objid are the key's two halves.
        const { rows } = await holder.query(
          `select classid, objid from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
        );
        expect(rows).toEqual([{ classid: 1383034733, objid: 1935892844 }]);
        // The server process says so in one line, and exits 1 for the platform to restart it.
        const dataDir = await mkdtemp(join(tmpdir(), 'rs-lock-wait-'));
        try {
          const { code, err } = await startExpectingExit({
            DATABASE_URL: fresh.url,
            DATA_DIR: dataDir,
            JWT_SECRET: randomBytes(32).toString('hex'),
            MIGRATION_LOCK_TIMEOUT_SECONDS: '1',
          });
          expect(code).toBe(1);
          expect(err).toBe(`${startMessages.migrationLockTimeout(fresh.url, 1)}\n`);
        } finally {
          await rm(dataDir, { recursive: true, force: true });
        }
        // Released with the holder's session (a process that dies while migrating).
        await holder.end();
        const database = await openDatabase({ url: fresh.url, waits });
        await database.close();
        expect(await migrationRows(fresh.url)).toEqual(onceEach);
      } finally {
        await holder.end().catch(() => {});
        await fresh.drop();
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    'starts four server processes at once on an empty database, each serving',
    async () => {
      const fresh = await freshPgDatabase(pgUrl!);
      const dataDir = await mkdtemp(join(tmpdir(), 'rs-four-'));
      const admin = { email: 'rollout-admin@example.com', password: 'RollOut123' };
      try {
        const env = {
          DATABASE_URL: fresh.url,
          DATA_DIR: dataDir,
          JWT_SECRET: randomBytes(32).toString('hex'),
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
        };
        const ports = await Promise.all([1, 2, 3, 4].map(() => freePort()));
        const servers = ports.map((port) => start(env, port));
        const ready = await Promise.allSettled(
          ports.map((port, i) => waitReady(port, servers[i]!.exited)),
        );
        expect(
          ready.map((r, i) => (r.status === 'fulfilled' ? 'ready' : servers[i]!.output().err)),
        ).toEqual(['ready', 'ready', 'ready', 'ready']);
        for (const port of ports) {
          const access_token = await signIn(`http://127.0.0.1:${port}`, admin);
          const me = await fetch(`http://127.0.0.1:${port}/api/Users/Me`, {
            headers: { authorization: `Bearer ${access_token}` },
          });
          expect(me.status).toBe(200);
        }
        expect(await migrationRows(fresh.url)).toEqual(onceEach);
      } finally {
        await Promise.all([...started].map((s) => stopProcess(s, 'SIGTERM')));
        await fresh.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    PROCESS_TEST_MS,
  );
});
