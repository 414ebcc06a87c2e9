import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FileType, TranscodingStatus } from '@roomscale/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { fileItems } from '../../db/schema.ts';
import { enqueueJob, type Job } from '../../platform/jobs/runner.ts';
import type { MediaTools } from '../../platform/media/ffmpeg.ts';
import { localFileOf } from '../../platform/storage/local-copy.ts';

export const MEDIA_PROBE = 'media.probe';

export const isMediaType = (type: FileType) => type === 'Video' || type === 'Audio';

/** Queues the probe of a video or audio item, in the transaction that creates or changes it. */
export async function enqueueMediaProbe(tx: DbOrTx, fileId: string, now: Date) {
  await enqueueJob(tx, MEDIA_PROBE, { fileId }, now);
}

async function setProperties(ctx: AppContext, fileId: string, props: Record<string, unknown>) {
  await ctx.db
    .update(fileItems)
    .set({ properties: sql`${fileItems.properties} || ${JSON.stringify(props)}::jsonb` })
    .where(eq(fileItems.id, fileId));
}

/**
 * `media.probe`: reads the duration with ffprobe into the `Duration` property and sets
 * `TranscodingStatus` to Succeeded (100), or Failed (50) when the media cannot be read or
 * ffmpeg is not installed. A file replaced meanwhile is left to its own, newer job.
 */
export function mediaProbeHandler(ctx: AppContext, tools: MediaTools) {
  return async (job: Job) => {
    const fileId = String(job.payload.fileId);
    const [item] = await ctx.db.select().from(fileItems).where(eq(fileItems.id, fileId));
    if (!item?.blobKey) return;
    if (!(await tools.available())) {
      await setProperties(ctx, fileId, { TranscodingStatus: TranscodingStatus.Failed });
      return;
    }
    const key = item.blobKey;
    const dir = await mkdtemp(join(tmpdir(), 'roomscale-media-'));
    try {
      const path = await localFileOf(ctx.storage, key, dir);
      if (!path) {
        await setProperties(ctx, fileId, { TranscodingStatus: TranscodingStatus.Failed });
        return;
      }
      let duration: number;
      try {
        duration = await tools.duration(path);
      } catch (err) {
        ctx.log.warn({ err, fileId }, 'media could not be read');
        await setProperties(ctx, fileId, { TranscodingStatus: TranscodingStatus.Failed });
        return;
      }
      const [current] = await ctx.db
        .select({ blobKey: fileItems.blobKey })
        .from(fileItems)
        .where(eq(fileItems.id, fileId));
      if (current?.blobKey !== key) return;
      await setProperties(ctx, fileId, {
        Duration: Math.round(duration * 1000) / 1000,
        TranscodingStatus: TranscodingStatus.Succeeded,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
