import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `fn` on one short-lived connection to the server of `base` (TEST_PG_URL). */
export async function onPgServer<T>(base: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** `base` (TEST_PG_URL) with its database replaced by `name`. */
export function pgDatabaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Our database names only: letters, digits and underscores, so they need no quoting. */
function checkName(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a test database name: ${name}`);
  return name;
}

/** Drops the database `name` of the server of `base`, closing its sessions (`FORCE`). */
export async function dropPgDatabase(base: string, name: string): Promise<void> {
  await onPgServer(base, (c) => c.query(`drop database if exists ${checkName(name)} with (force)`));
}

/**
 * A new database (rs_test_*) on the PostgreSQL server of `base` (TEST_PG_URL), and its removal.
 * Empty by default — the migrator has everything to do, as on a first start —, or a copy of
 * `template` (a database already migrated, test/globalSetup.ts).
 */
export async function freshPgDatabase(base: string, opts: { template?: string } = {}) {
  const name = `rs_test_${randomBytes(6).toString('hex')}`;
  const from = opts.template ? ` template ${checkName(opts.template)}` : '';
  await onPgServer(base, (c) => c.query(`create database ${name}${from}`));
  return {
    name,
    url: pgDatabaseUrl(base, name),
    drop: () => dropPgDatabase(base, name),
  };
}
