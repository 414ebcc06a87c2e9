import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { settings } from '../../../db/schema.ts';

/** The file in the local driver's directory that names it. */
export const STORAGE_ID_FILE = '.roomscale-storage-id';
/** The `settings` row naming the directory whose files this database's rows point to. */
export const STORAGE_ID_SETTING = 'storage.local.id';

const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The local files directory is not the one this database uses: the start must stop. */
export class StorageDirectoryError extends Error {}

/**
 * Makes sure every instance on one database keeps its files in one directory. The local
 * driver's upload sessions and objects are files: an instance on another disk would answer 404
 * for the uploads, downloads and files of its neighbours, and write objects they never see.
 *
 * The directory names itself with a random id in `.roomscale-storage-id` (written once, by the
 * first start that finds none); the first instance to start on a database records that id in
 * `settings`. Every start compares the two and refuses a directory with another id. Instances
 * that share one disk (one `DATA_DIR/files`, an NFS or other shared mount) read the same file
 * and pass.
 */
export async function claimStorageDirectory(db: Db, dir: string): Promise<void> {
  const id = await directoryId(dir);
  await db.insert(settings).values({ key: STORAGE_ID_SETTING, value: id }).onConflictDoNothing();
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, STORAGE_ID_SETTING));
  if (row?.value === id) return;
  throw new StorageDirectoryError(
    `Invalid storage directory: STORAGE_DRIVER is local, and ${dir} is not the files directory ` +
      `this database was started with (the directory is marked ${id}, the database expects ` +
      `${row?.value}). Every instance on one database must use the same files directory (one ` +
      'shared disk), or set STORAGE_DRIVER=gcs; see docs/deployment.md.',
  );
}

/** The directory's id, created when it has none. Safe when several instances start at once. */
async function directoryId(dir: string): Promise<string> {
  const file = join(dir, STORAGE_ID_FILE);
  await mkdir(dir, { recursive: true });
  const existing = await readId(file);
  if (existing) return existing;
  // Written whole under a temporary name, then linked into place: link fails when the file
  // exists, so of two starts at once one id wins and both read it.
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, `${randomUUID()}\n`, { mode: 0o644 });
  try {
    await link(temp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await rm(temp, { force: true });
  }
  const id = await readId(file);
  if (!id) throw new StorageDirectoryError(`Invalid storage directory: cannot read ${file}`);
  return id;
}

async function readId(file: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const id = text.trim();
  if (!idPattern.test(id)) {
    throw new StorageDirectoryError(
      `Invalid storage directory: ${file} does not hold a storage id (a UUID); restore it from a backup of the directory`,
    );
  }
  return id;
}
