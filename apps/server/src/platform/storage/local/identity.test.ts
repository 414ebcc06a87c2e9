import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';
import { freshPgDatabase } from '../../../test/pgDatabase.ts';
import {
  claimStorageDirectory,
  STORAGE_ID_FILE,
  STORAGE_ID_SETTING,
  StorageDirectoryError,
} from './identity.ts';

const pgUrl = process.env.TEST_PG_URL;
let root: string;
/** One database (PGlite in memory, or a new PostgreSQL database); each test starts unclaimed. */
let d: Database;
let drop = async () => {};

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rs-storage-id-'));
  let url: string | undefined;
  if (pgUrl) {
    const fresh = await freshPgDatabase(pgUrl);
    url = fresh.url;
    drop = fresh.drop;
  }
  d = await openDatabase({ url });
});
beforeEach(async () => {
  await d.db.delete(settings).where(eq(settings.key, STORAGE_ID_SETTING));
});
afterAll(async () => {
  await d.close();
  await drop();
  await rm(root, { recursive: true, force: true });
});

const recorded = async () =>
  (await d.db.select().from(settings).where(eq(settings.key, STORAGE_ID_SETTING)))[0]?.value;

describe('one files directory per database (local storage driver)', () => {
  it('marks a new directory, records it, and lets every instance on it start', async () => {
    const dir = join(root, 'shared', 'files');
    await claimStorageDirectory(d.db, dir);
    const id = (await readFile(join(dir, STORAGE_ID_FILE), 'utf8')).trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await recorded()).toBe(id);
    // A restart, and a second instance on the same (shared) directory.
    await claimStorageDirectory(d.db, dir);
    await claimStorageDirectory(d.db, dir);
    expect((await readFile(join(dir, STORAGE_ID_FILE), 'utf8')).trim()).toBe(id);
  });

  it('refuses an instance whose files directory is another one, with a clear message', async () => {
    const first = join(root, 'disk-a', 'files');
    const other = join(root, 'disk-b', 'files');
    await claimStorageDirectory(d.db, first);
    const refusal = claimStorageDirectory(d.db, other);
    await expect(refusal).rejects.toBeInstanceOf(StorageDirectoryError);
    await expect(refusal).rejects.toThrow(
      `Invalid storage directory: STORAGE_DRIVER is local, and ${other} is not the files directory this database was started with`,
    );
    await expect(refusal).rejects.toThrow(/one shared disk\), or set STORAGE_DRIVER=gcs/);
    // The first directory still works; the refused one changed nothing in the database.
    await claimStorageDirectory(d.db, first);
    expect(await recorded()).toBe((await readFile(join(first, STORAGE_ID_FILE), 'utf8')).trim());
  });

  it('gives one id to a directory that several instances mark at once', async () => {
    const dir = join(root, 'together', 'files');
    await Promise.all(Array.from({ length: 8 }, () => claimStorageDirectory(d.db, dir)));
    const id = (await readFile(join(dir, STORAGE_ID_FILE), 'utf8')).trim();
    expect(await recorded()).toBe(id);
  });

  it('refuses a marker file that holds no id', async () => {
    const dir = join(root, 'garbled', 'files');
    await claimStorageDirectory(d.db, dir);
    await writeFile(join(dir, STORAGE_ID_FILE), 'not an id\n');
    await expect(claimStorageDirectory(d.db, dir)).rejects.toThrow(
      `${join(dir, STORAGE_ID_FILE)} does not hold a storage id`,
    );
  });
});
