import { copiedObject } from './localFiles.ts';

/** Runs one query and returns its rows as objects: PGlite's client and pg's answer alike. */
export type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

const batch = 1000;

/**
 * The storage keys the database names (file items' content and thumbnails) that the backup's
 * copy of the files lacks. Read from the same snapshot as the dump, after the copy: every key the
 * dump names was an object before the snapshot (objects are written before their rows), so a
 * key is missing only when its object was deleted (its file item deleted after the snapshot)
 * while the backup ran, or was already missing.
 */
export async function missingObjects(query: Query, filesCopy: string): Promise<string[]> {
  const missing: string[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await query<{ id: string; blob_key: string | null; thumbnail_key: string | null }>(
      'select id::text as id, blob_key, thumbnail_key from file_items where id > $1::uuid order by id limit $2',
      [after, batch],
    );
    for (const row of rows) {
      for (const key of [row.blob_key, row.thumbnail_key]) {
        if (key && !(await copiedObject(filesCopy, key))) missing.push(key);
      }
    }
    if (rows.length < batch) return missing;
    after = rows[rows.length - 1]!.id;
  }
}
