import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BackupError } from './errors.ts';
import type { Query } from './referenced.ts';
import { requireApplied } from './schemaVersion.ts';

/** Where the server keeps the embedded database (db/client.ts). */
export const pgliteDir = (dataDir: string) => join(dataDir, 'db');

/**
 * PGlite has one connection and no lock of its own: a second process opening the same directory
 * would write over the first. While open it keeps `postmaster.pid` in the directory and removes
 * it when closed, so its presence means a server holds the database (or one was killed).
 */
function refuseWhenOpen(dir: string, doing: string) {
  if (existsSync(join(dir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${dir} is open (postmaster.pid is there): stop the server and ${doing} again. If no server runs, the last one was killed: start it once and stop it with Ctrl-C or SIGTERM, which closes the database`,
    );
  }
}

const queryOf =
  (client: PGlite): Query =>
  async <T>(text: string, values?: unknown[]) =>
    (await client.query<T>(text, values)).rows;

/** Opens the stopped server's embedded database itself, for as long as the backup runs. */
export async function openPgliteSnapshot(dataDir: string) {
  const dir = pgliteDir(dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${dir} to back up: set DATA_DIR (or DATABASE_URL) as the server has it`,
    );
  }
  refuseWhenOpen(dir, 'run the backup');
  const client = await PGlite.create(dir);
  try {
    const applied = await requireApplied(queryOf(client), `The embedded database in ${dir}`);
    return {
      kind: 'pglite' as const,
      applied,
      query: queryOf(client),
      /** PGlite's own dump of its data directory: a gzipped tar that `loadDataDir` takes back. */
      async dumpTo(file: string) {
        const tar = await client.dumpDataDir('gzip');
        await writeFile(file, new Uint8Array(await tar.arrayBuffer()));
      },
      close: () => client.close(),
    };
  } catch (e) {
    await client.close().catch(() => {});
    throw e;
  }
}

/**
 * Loads a dump into `DATA_DIR/db`, which must be missing or empty; `replace` first moves a
 * database that is there aside (to `db.replaced-<time>`), deleting nothing.
 */
export async function restorePglite(dataDir: string, file: string, replace: boolean) {
  const dir = pgliteDir(dataDir);
  const entries = await readdir(dir).catch(() => [] as string[]);
  if (entries.length > 0) {
    if (!replace) {
      throw new BackupError(
        `${dir} already holds a database: restore into a new DATA_DIR, or add --force to move it aside (to ${dir}.replaced-…) and restore`,
      );
    }
    refuseWhenOpen(dir, 'run the restore');
    await rename(dir, `${dir}.replaced-${stamp()}`);
  }
  const tar = new Blob([new Uint8Array(await readFile(file))]);
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir, { loadDataDir: tar });
  try {
    return await requireApplied(queryOf(client), `The embedded database in ${dir}`);
  } finally {
    await client.close();
  }
}

/** A time for names of folders set aside: 20261127T144146Z. */
export const stamp = (d = new Date()) => d.toISOString().replace(/[-:]|\.\d+/g, '');
