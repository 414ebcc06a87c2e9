import { fileLimits } from '@roomscale/shared';
import { inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { fileItems } from '../../db/schema.ts';

/** The owner prefixes whose uploads belong to file items: teams' and guests'. */
const uploadPrefixes = ['org/', 'guest/'];
const batchSize = 500;

/**
 * Deletes finished uploads that no file item references (as content or thumbnail) once they are
 * `fileLimits.unreferencedUploadDays` old: uploads whose item was never created, or whose
 * create call was refused. Returns how many were deleted. Safe on every instance at once.
 */
export async function deleteUnreferencedUploads(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = now.getTime() - fileLimits.unreferencedUploadDays * 86_400_000;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    const keys = batch;
    batch = [];
    if (keys.length === 0) return;
    const used = await ctx.db
      .select({ blob: fileItems.blobKey, thumb: fileItems.thumbnailKey })
      .from(fileItems)
      .where(or(inArray(fileItems.blobKey, keys), inArray(fileItems.thumbnailKey, keys)));
    const referenced = new Set(used.flatMap((u) => [u.blob, u.thumb]));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await ctx.storage.delete(key);
      deleted++;
    }
  };
  for (const prefix of uploadPrefixes) {
    for await (const object of ctx.storage.listObjects(prefix)) {
      if (object.created.getTime() > cutoff) continue;
      batch.push(object.key);
      if (batch.length >= batchSize) await flush();
    }
  }
  await flush();
  if (deleted > 0) ctx.log.info({ deleted }, 'unreferenced uploads deleted');
  return deleted;
}

/** The hourly storage sweep: expired upload sessions, then unreferenced uploads. */
export async function sweepStorage(ctx: AppContext, now: Date) {
  const sessions = await ctx.storage.sweep(now);
  const uploads = await deleteUnreferencedUploads(ctx, now);
  return { sessions, uploads };
}
