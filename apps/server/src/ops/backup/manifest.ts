import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { BackupError } from './errors.ts';

/** The file that describes a backup folder; written last, so a folder without it is unfinished. */
export const MANIFEST_FILE = 'backup.json';
/** The database inside the folder, by kind. */
export const DUMP_FILES = { postgres: 'database.dump', pglite: 'database.tar.gz' } as const;
/** The local driver's files inside the folder (the marker and `objects/`). */
export const FILES_DIR = 'files';

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  roomscaleVersion: z.string(),
  schema: z.object({
    /** The tag of the last migration, null when the writing code did not know it. */
    lastMigration: z.string().nullable(),
    /** The migrator's `created_at` of that migration (drizzle-kit's journal `when`). */
    migrationWhen: z.number().int(),
    migrations: z.number().int(),
  }),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    file: z.string(),
    bytes: z.number().int(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  storage: z.discriminatedUnion('driver', [
    z.object({
      driver: z.literal('local'),
      storageId: z.string().nullable(),
      objects: z.number().int(),
      bytes: z.number().int(),
      /** Objects the database names that were not on disk when copied (see docs/deployment.md). */
      missing: z.array(z.string()),
    }),
    z.object({ driver: z.literal('gcs'), bucket: z.string() }),
  ]),
});

export type Manifest = z.infer<typeof manifestSchema>;

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(folder: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(folder, MANIFEST_FILE), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `Not a Roomscale backup: ${folder} has no ${MANIFEST_FILE} (an unfinished backup has none)`,
      );
    }
    throw e;
  }
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupError(`Not a Roomscale backup: ${join(folder, MANIFEST_FILE)} is not JSON`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(
      `Not a Roomscale backup: ${join(folder, MANIFEST_FILE)} has an invalid ${issue.path.join('.') || 'content'}`,
    );
  }
  return parsed.data;
}

/** SHA-256 and size of a file, read as a stream (a dump may be large). */
export async function fileDigest(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}
