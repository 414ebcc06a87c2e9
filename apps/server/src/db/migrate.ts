import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseWaits } from '../config.ts';
import { sqlState } from './errors.ts';
import { DatabaseOpenError, startMessages } from './startMessages.ts';

/**
 * The key of the session-level advisory lock PostgreSQL migrations run under: the ASCII bytes
 * of "Roomscal" read as one 64-bit integer. Fixed, so every version of the server takes the
 * same lock; in `pg_locks` it shows as classid 1383034733 ("Room"), objid 1935892844 ("scal").
 */
export const MIGRATION_LOCK_KEY = '5940088949402984812';

/** LOCK_NOT_AVAILABLE: `lock_timeout` ran out while waiting for the lock. */
const LOCK_NOT_AVAILABLE = '55P03';

/** One migration of this build, as drizzle-kit lists it in meta/_journal.json. */
export type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations this build ships, oldest first. */
export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  return (journal.entries as JournalEntry[]).toSorted((a, b) => a.when - b.when);
}

/** Runs one statement: a pg Client and PGlite both answer `query(text, values)` with rows. */
type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * When each applied migration was made (`created_at`, the journal entry's `when` that Drizzle's
 * migrator records), oldest first; none on an empty database.
 */
export async function appliedMigrations(query: Query): Promise<number[]> {
  const table = await query(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table.rows[0]?.present) return [];
  const { rows } = await query(
    'select created_at from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((r) => Number(r.created_at));
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Refuses to start on a database that has applied a migration this build does not list: its
 * code predates the schema, and the migrator would silently skip what it does not know. The
 * unknown migration is named by its number (its place among the applied ones) and date, as the
 * database does not keep migration names.
 */
export function refuseNewerSchema(applied: number[], journal: JournalEntry[]): void {
  const known = new Set(journal.map((e) => e.when));
  const unknown = applied.findLastIndex((when) => !known.has(when));
  if (unknown < 0) return;
  const theirs = `${String(unknown).padStart(4, '0')} (made ${day(applied[unknown]!)} UTC)`;
  const last = journal.at(-1);
  const ours = last ? last.tag : 'none';
  throw new DatabaseOpenError(startMessages.schemaNewer(theirs, ours));
}

type LockWaits = Pick<
  DatabaseWaits,
  'connectTimeoutMs' | 'keepAliveDelayMs' | 'migrationLockTimeoutSeconds'
>;

/**
 * PostgreSQL: runs `fn` on one dedicated connection while holding the session-level advisory
 * lock every instance takes to migrate, so instances that start together take turns; a process
 * that dies while holding it releases it with its connection. The wait is bounded by
 * `migrationLockTimeoutSeconds`. The connection has no statement timeout: a migration may
 * rewrite a large table.
 */
export async function withMigrationLock<T>(
  url: string,
  waits: LockWaits,
  fn: (client: import('pg').Client) => Promise<T>,
): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: waits.connectTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: waits.keepAliveDelayMs,
  });
  // A connection cut while locked fails the statement running on it; nothing more to do.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('set statement_timeout = 0');
    await client.query(`set lock_timeout = '${waits.migrationLockTimeoutSeconds}s'`);
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    } catch (err) {
      if (sqlState(err) !== LOCK_NOT_AVAILABLE) throw err;
      throw new DatabaseOpenError(
        startMessages.migrationLockTimeout(url, waits.migrationLockTimeoutSeconds),
      );
    }
    await client.query('set lock_timeout = 0');
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * PostgreSQL: refuses a schema newer than this build, then migrates, under the migration lock:
 * instances that start together wait for the one migrating, then find nothing left to do.
 */
export async function migratePostgres(
  url: string,
  migrationsFolder: string,
  waits: LockWaits,
): Promise<void> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  await withMigrationLock(url, waits, async (client) => {
    refuseNewerSchema(
      await appliedMigrations((text) => client.query(text)),
      readJournal(migrationsFolder),
    );
    await migrate(drizzle(client), { migrationsFolder });
  });
}
