import { inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { fileItems } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/types.ts';
import { enqueueJob, type Job } from '../../platform/jobs/runner.ts';

/** Deletes stored objects of rows a transaction deleted (a user's personal files, a whole team). */
export const STORAGE_PURGE = 'storage.purge';

/** Keys per job and per reference check, so one payload or one `in (…)` list stays small. */
const batchSize = 500;

const purgePayload = z.union([
  z.object({ keys: z.array(z.string().min(1)).max(batchSize) }),
  // A prefix must end with '/': an empty or partial prefix would reach other owners' objects.
  z.object({ prefix: z.string().regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/$/) }),
]);
export type PurgeRequest = z.infer<typeof purgePayload>;

/**
 * Queues the purge in the transaction that deletes the rows (an outbox): the objects go only if
 * the deletion commits, and a crash after the commit leaves a job another instance runs.
 */
export async function enqueuePurge(tx: DbOrTx, request: PurgeRequest, now: Date) {
  if ('prefix' in request) return enqueueJob(tx, STORAGE_PURGE, request, now);
  const keys = [...new Set(request.keys)];
  for (let i = 0; i < keys.length; i += batchSize) {
    await enqueueJob(tx, STORAGE_PURGE, { keys: keys.slice(i, i + batchSize) }, now);
  }
}

/**
 * `storage.purge`: deletes the named objects, or every object under a prefix, except those a file
 * item still references (as content or thumbnail), so a purge never breaks a file that shares its
 * blob. Deleting a missing object is no error, so a retried job finishes what it started.
 */
export function storagePurgeHandler(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>) {
  const purge = async (keys: string[]) => {
    if (keys.length === 0) return 0;
    const used = await ctx.db
      .select({ blob: fileItems.blobKey, thumb: fileItems.thumbnailKey })
      .from(fileItems)
      .where(or(inArray(fileItems.blobKey, keys), inArray(fileItems.thumbnailKey, keys)));
    const referenced = new Set(used.flatMap((u) => [u.blob, u.thumb]));
    let deleted = 0;
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await ctx.storage.delete(key);
      deleted++;
    }
    return deleted;
  };

  return async (job: Job) => {
    const request = purgePayload.parse(job.payload);
    let deleted = 0;
    if ('keys' in request) {
      deleted = await purge(request.keys);
    } else {
      // Listed in full first: deleting while a listing pages on could make it skip objects.
      const keys: string[] = [];
      for await (const object of ctx.storage.listObjects(request.prefix)) keys.push(object.key);
      for (let i = 0; i < keys.length; i += batchSize) {
        deleted += await purge(keys.slice(i, i + batchSize));
      }
    }
    ctx.log.info({ jobId: job.id, deleted }, 'stored objects purged');
  };
}
