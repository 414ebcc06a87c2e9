import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { STORAGE_ID_FILE } from '../../platform/storage/local/identity.ts';

const META_SUFFIX = '.meta.json';
const OBJECTS = 'objects';

/** Copies without reading through when the file system can share blocks (reflink), else copies. */
const copy = (from: string, to: string) => copyFile(from, to, constants.COPYFILE_FICLONE);

async function* walk(dir: string): AsyncIterable<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((e) => {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  });
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Copies the local driver's finished objects (`objects/`, each with its `.meta.json`) and the
 * directory's `.roomscale-storage-id` marker from `storageDir` into `target`. Upload sessions
 * (`uploads/`) are left out: an unfinished upload is started again by its client.
 *
 * An object counts once its sidecar exists (the driver writes the bytes, then the sidecar, and
 * only then answers the client that may name it in a row), so a copy holds the sidecar and the
 * bytes of each object, or nothing of it; one deleted while it is copied is left out whole.
 */
export async function copyStorageOut(storageDir: string, target: string) {
  await mkdir(join(target, OBJECTS), { recursive: true });
  let storageId: string | null = null;
  try {
    storageId = (await readFile(join(storageDir, STORAGE_ID_FILE), 'utf8')).trim();
    await copy(join(storageDir, STORAGE_ID_FILE), join(target, STORAGE_ID_FILE));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let objects = 0;
  let bytes = 0;
  const from = join(storageDir, OBJECTS);
  for await (const path of walk(from)) {
    if (!path.endsWith(META_SUFFIX)) continue;
    const data = path.slice(0, -META_SUFFIX.length);
    const rel = relative(from, data);
    const to = join(target, OBJECTS, rel);
    await mkdir(dirname(to), { recursive: true });
    try {
      await copy(path, `${to}${META_SUFFIX}`);
      await copy(data, to);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      await rm(`${to}${META_SUFFIX}`, { force: true });
      continue;
    }
    objects++;
    bytes += (await stat(to)).size;
  }
  return { storageId, objects, bytes };
}

/** Whether the backup's copy holds the object `key` (its bytes and its sidecar). */
export async function copiedObject(target: string, key: string): Promise<boolean> {
  const path = join(target, OBJECTS, ...key.split('/'));
  try {
    await stat(path);
    await stat(`${path}${META_SUFFIX}`);
    return true;
  } catch {
    return false;
  }
}

/** Copies a backup's files (marker and objects) into an empty storage directory. */
export async function copyStorageIn(source: string, storageDir: string) {
  let objects = 0;
  for await (const path of walk(source)) {
    const to = join(storageDir, relative(source, path));
    await mkdir(dirname(to), { recursive: true });
    await copy(path, to);
    if (!path.endsWith(META_SUFFIX) && path.split(sep).includes(OBJECTS)) objects++;
  }
  return { objects };
}

/** Whether a storage directory holds anything a restore would mix with: its marker or objects. */
export async function storageHasContent(storageDir: string): Promise<boolean> {
  try {
    await stat(join(storageDir, STORAGE_ID_FILE));
    return true;
  } catch {
    // no marker
  }
  for await (const _ of walk(join(storageDir, OBJECTS))) return true;
  return false;
}
