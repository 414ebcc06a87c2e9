import pg from 'pg';
import { reasonOf } from '../../db/errors.ts';
import { BackupError } from './errors.ts';
import type { Query } from './referenced.ts';
import { requireApplied } from './schemaVersion.ts';
import { requireTool, runTool, toolConnection } from './tools.ts';

/** The URL without its credentials, to name it in a message. */
function safeUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (e) {
    await client.end().catch(() => {});
    throw new BackupError(`Cannot connect to DATABASE_URL (${safeUrl(url)}): ${reasonOf(e)}`);
  }
  return client;
}

const queryOf =
  (client: pg.Client): Query =>
  async <T>(text: string, values?: unknown[]) =>
    (await client.query(text, values)).rows as T[];

/**
 * A read-only transaction whose snapshot pg_dump shares (`--snapshot`): the dump, the migration
 * recorded in the manifest and the check of the copied files all see the database at one moment.
 */
export async function openPostgresSnapshot(url: string) {
  await requireTool('pg_dump');
  const client = await connect(url);
  try {
    // The transaction idles while pg_dump and the file copy run: no timeout set for the
    // database or the role may end it.
    await client.query('set statement_timeout = 0');
    await client.query('set idle_in_transaction_session_timeout = 0');
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const snapshot = rows[0]!.snapshot;
    const applied = await requireApplied(
      queryOf(client),
      `The database at DATABASE_URL (${safeUrl(url)})`,
    );
    return {
      kind: 'postgres' as const,
      applied,
      query: queryOf(client),
      /** pg_dump's custom format (-Fc): compressed, restored table by table with pg_restore. */
      async dumpTo(file: string) {
        const conn = toolConnection(url);
        await runTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${conn.url}`],
          conn.env,
        );
      },
      async close() {
        await client.query('commit').catch(() => {});
        await client.end();
      },
    };
  } catch (e) {
    await client.end().catch(() => {});
    throw e;
  }
}

/** Tables in the schemas Roomscale's migrations write (`public` and the migrator's `drizzle`). */
async function roomscaleTables(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')",
  );
  return rows[0]!.n;
}

/**
 * Loads a dump into the database of `url` in one transaction (all of it or nothing). The database
 * must hold no tables yet; `replace` drops the dump's objects first (`--clean --if-exists`).
 */
export async function restorePostgres(url: string, file: string, replace: boolean) {
  await requireTool('pg_restore');
  const client = await connect(url);
  try {
    const tables = await roomscaleTables(client);
    if (tables > 0 && !replace) {
      throw new BackupError(
        `The database at DATABASE_URL (${safeUrl(url)}) is not empty (${tables} tables): restore into a new, empty database, or add --force to replace its Roomscale tables with the backup's`,
      );
    }
  } finally {
    await client.end();
  }
  const conn = toolConnection(url);
  await runTool(
    'pg_restore',
    [
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      ...(replace ? ['--clean', '--if-exists'] : []),
      `--dbname=${conn.url}`,
      file,
    ],
    conn.env,
  );
  const check = await connect(url);
  try {
    return await requireApplied(queryOf(check), `The database at DATABASE_URL (${safeUrl(url)})`);
  } finally {
    await check.end();
  }
}
