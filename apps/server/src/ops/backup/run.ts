import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { BackupError } from './errors.ts';
import { copyStorageIn, copyStorageOut, storageHasContent } from './localFiles.ts';
import {
  DUMP_FILES,
  FILES_DIR,
  fileDigest,
  type Manifest,
  readManifest,
  writeManifest,
} from './manifest.ts';
import { openPgliteSnapshot, restorePglite, stamp } from './pglite.ts';
import { openPostgresSnapshot, restorePostgres } from './postgres.ts';
import { missingObjects } from './referenced.ts';
import { codeMigrations, describeApplied, newerThanCode } from './schemaVersion.ts';

function roomscaleVersion(): string {
  const pkg = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** The folder a backup goes to when none is named: `DATA_DIR/backups/roomscale-<time>`. */
export const defaultBackupFolder = (config: Config, now = new Date()) =>
  join(config.dataDir, 'backups', `roomscale-${stamp(now)}`);

/**
 * Writes a backup of the database and, with the local storage driver, of its files into
 * `folder` (new or empty). The database is dumped first and the files copied after: see
 * docs/deployment.md "Backups and restore" for why that order is consistent. A backup that
 * fails leaves no folder behind.
 */
export async function backup(config: Config, folder: string): Promise<Manifest> {
  // The folder is new or empty, so removing it when the backup fails removes only what it wrote.
  const existing = await readdir(folder).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw new BackupError(`Cannot write the backup to ${folder}: ${e.message}`);
  });
  if (existing.length > 0) {
    throw new BackupError(`${folder} is not empty: name a new folder for the backup`);
  }
  const source = config.databaseUrl
    ? await openPostgresSnapshot(config.databaseUrl)
    : await openPgliteSnapshot(config.dataDir);
  try {
    await mkdir(folder, { recursive: true });
    const file = DUMP_FILES[source.kind];
    await source.dumpTo(join(folder, file));
    let storage: Manifest['storage'];
    if (config.storage.driver === 'local') {
      const copy = join(folder, FILES_DIR);
      const copied = await copyStorageOut(config.storage.dir, copy);
      storage = { driver: 'local', ...copied, missing: await missingObjects(source.query, copy) };
    } else {
      storage = { driver: 'gcs', bucket: config.storage.bucket };
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      roomscaleVersion: roomscaleVersion(),
      schema: describeApplied(source.applied.when, source.applied.count),
      database: { kind: source.kind, file, ...(await fileDigest(join(folder, file))) },
      storage,
    };
    await writeManifest(folder, manifest);
    return manifest;
  } catch (e) {
    await rm(folder, { recursive: true, force: true });
    throw e;
  } finally {
    await source.close();
  }
}

/**
 * Brings a backup back into the configured database (empty) and, for local storage, files
 * directory (empty). Checked before anything is written: the manifest, the schema (not newer
 * than this code), the kinds of database and storage, the dump's checksum, the targets' emptiness.
 * `replace` (--force) restores over what is there: see restorePostgres and restorePglite.
 */
export async function restore(config: Config, folder: string, opts: { replace: boolean }) {
  const manifest = await readManifest(folder);
  if (newerThanCode(manifest.schema.migrationWhen)) {
    const newest = codeMigrations().at(-1)?.tag ?? 'none';
    throw new BackupError(
      `This backup's schema (${manifest.schema.lastMigration ?? 'a migration this version does not know'}, from Roomscale ${manifest.roomscaleVersion}) is newer than this version knows (${newest}): restore it with the version that wrote it, or a newer one`,
    );
  }
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into'
        : 'This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it',
    );
  }
  if (manifest.storage.driver !== config.storage.driver) {
    throw new BackupError(
      `This backup was taken with STORAGE_DRIVER=${manifest.storage.driver}; set the same to restore it (files are not moved between drivers)`,
    );
  }
  const dump = join(folder, manifest.database.file);
  const digest = await fileDigest(dump).catch(() => null);
  if (!digest || digest.sha256 !== manifest.database.sha256) {
    throw new BackupError(
      `${dump} is missing or changed since the backup (its SHA-256 is not the one in backup.json)`,
    );
  }
  const storageDir = config.storage.driver === 'local' ? config.storage.dir : null;
  if (storageDir && (await storageHasContent(storageDir))) {
    if (!opts.replace) {
      throw new BackupError(
        `${storageDir} already holds files: restore into a new DATA_DIR, or add --force to move them aside (to ${storageDir}.replaced-…) and restore`,
      );
    }
  }
  const applied = config.databaseUrl
    ? await restorePostgres(config.databaseUrl, dump, opts.replace)
    : await restorePglite(config.dataDir, dump, opts.replace);
  let objects = 0;
  if (storageDir) {
    if (await storageHasContent(storageDir)) {
      await rename(storageDir, `${storageDir}.replaced-${stamp()}`);
    }
    objects = (await copyStorageIn(join(folder, FILES_DIR), storageDir)).objects;
  }
  return { manifest, applied: describeApplied(applied.when, applied.count), objects };
}
