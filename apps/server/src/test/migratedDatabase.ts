/**
 * One migrated database per test run, copied for each test app: the harness starts every app
 * on a fresh database, and running initdb plus every migration for each of them was most of a
 * server test file's setup. The Vitest global setup (test/globalSetup.ts) migrates once — with
 * the real migrator, through `openDatabase` — and leaves the result where the test processes
 * find it (environment variables below); without it (a script using the harness) each database
 * is created and migrated as before.
 *
 * - PGlite: the migrated data directory, dumped to a tar file (`dumpDataDir`); each database is
 *   a new in-memory PGlite loaded from it.
 * - PostgreSQL: a template database (rs_tpl_<hash>_*); each database is `CREATE DATABASE …
 *   TEMPLATE` of it.
 *
 * Either copy still goes through the migrator when opened (nothing to do when it is current).
 * Both are named by a hash of the migrations folder, and the setup makes them again when that
 * hash changes between watch-mode reruns. Tests of the migrations and of the start path use
 * empty databases (`freshPgDatabase` without a template, a server process on a new DATA_DIR).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { migrationsFolder, openDatabase } from '../db/client.ts';
import { dropPgDatabase, onPgServer, pgDatabaseUrl } from './pgDatabase.ts';

/** Where the global setup tells the test processes about the migrated database. */
export const PGLITE_DUMP_ENV = 'ROOMSCALE_TEST_PGLITE_DUMP';
export const PG_TEMPLATE_ENV = 'ROOMSCALE_TEST_PG_TEMPLATE';

/** What a run killed before its teardown left behind is removed by a later run after this. */
const STALE_MS = 24 * 3600_000;
const DUMP_PREFIX = 'roomscale-pglite-';

/** A hash of every file under the migrations folder (SQL, drizzle-kit's journal), with names. */
export function migrationsHash(folder = migrationsFolder()): string {
  const hash = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const file of files) {
    hash.update(relative(folder, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

export type MigratedDatabase = {
  hash: string;
  /** Environment variables for the test processes. */
  env: Record<string, string>;
  remove(): Promise<void>;
};

/** PGlite: migrates an in-memory database and dumps its data directory to a file. */
export async function preparePglite(hash = migrationsHash()): Promise<MigratedDatabase> {
  await removeStaleDumps();
  const file = join(tmpdir(), `${DUMP_PREFIX}${hash}-${randomBytes(4).toString('hex')}.tar`);
  const database = await openDatabase({});
  try {
    const dump = await database.dumpDataDir!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { hash, env: { [PGLITE_DUMP_ENV]: file }, remove: () => rm(file, { force: true }) };
}

/** Removes the dump files of runs killed before their teardown, a day on. */
async function removeStaleDumps() {
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith(DUMP_PREFIX)) continue;
    const file = join(tmpdir(), name);
    const made = await stat(file).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - made > STALE_MS) await rm(file, { force: true });
  }
}

/**
 * PostgreSQL: a new template database on the server of `base`, migrated; then closed to
 * connections, since `CREATE DATABASE … TEMPLATE` refuses a template someone is connected to.
 */
export async function preparePgTemplate(
  base: string,
  hash = migrationsHash(),
): Promise<MigratedDatabase> {
  await dropStaleTemplates(base);
  const name = `rs_tpl_${hash}_${randomBytes(3).toString('hex')}`;
  await onPgServer(base, async (c) => {
    await c.query(`create database ${name}`);
    await c.query(`comment on database ${name} is 'roomscale test template ${Date.now()}'`);
  });
  try {
    const database = await openDatabase({ url: pgDatabaseUrl(base, name) });
    await database.close();
    await onPgServer(base, (c) => c.query(`alter database ${name} with allow_connections false`));
  } catch (err) {
    await dropPgDatabase(base, name);
    throw err;
  }
  return { hash, env: { [PG_TEMPLATE_ENV]: name }, remove: () => dropPgDatabase(base, name) };
}

/** Drops the templates of runs killed before their teardown, a day on. */
async function dropStaleTemplates(base: string) {
  const { rows } = await onPgServer(base, (c) =>
    c.query<{ name: string; note: string | null }>(
      `select datname as name, shobj_description(oid, 'pg_database') as note
         from pg_database where datname like 'rs\\_tpl\\_%'`,
    ),
  );
  for (const { name, note } of rows) {
    const made = Number(/^roomscale test template (\d+)$/.exec(note ?? '')?.[1]);
    if (made && Date.now() - made > STALE_MS) await dropPgDatabase(base, name);
  }
}

/** The migrated database for this process's server (TEST_PG_URL) or PGlite, made now. */
export function prepareMigratedDatabase(): Promise<MigratedDatabase> {
  const pgUrl = process.env.TEST_PG_URL;
  return pgUrl ? preparePgTemplate(pgUrl) : preparePglite();
}

let pgliteDump: Promise<Blob> | undefined;

/** For the harness: the migrated PGlite data directory the global setup dumped, if any. */
export function migratedPgliteDump(): Promise<Blob> | undefined {
  const file = process.env[PGLITE_DUMP_ENV];
  if (!file) return undefined;
  pgliteDump ??= readFile(file).then((b) => new Blob([b]));
  return pgliteDump;
}

/** For the harness: the migrated template database the global setup made, if any. */
export function migratedPgTemplate(): string | undefined {
  return process.env[PG_TEMPLATE_ENV] || undefined;
}
