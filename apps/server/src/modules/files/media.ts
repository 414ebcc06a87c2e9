import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FileType, TranscodingStatus } from '@roomscale/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { fileItems } from '../../db/schema.ts';
import { DEFAULT_MAX_ATTEMPTS, enqueueJob, type Job } from '../../platform/jobs/runner.ts';
import type { MediaTools } from '../../platform/media/ffmpeg.ts';
import { newObjectKey } from '../../platform/storage/index.ts';
import { localFileOf } from '../../platform/storage/local-copy.ts';
import { typeName } from './presenter.ts';

export const MEDIA_PROBE = 'media.probe';

export const isMediaType = (type: FileType) => type === 'Video' || type === 'Audio';

/** Queues the probe of a video or audio item, in the transaction that creates or changes it. */
export async function enqueueMediaProbe(tx: DbOrTx, fileId: string, now: Date) {
  await enqueueJob(tx, MEDIA_PROBE, { fileId }, now);
}

/** Video types browsers do not play; they are transcoded to H.264/AAC MP4. */
const unplayableMimeTypes = new Set([
  'video/x-msvideo',
  'video/avi',
  'video/msvideo',
  'video/x-matroska',
  'video/x-flv',
  'video/3gpp',
  'video/3gpp2',
  'video/mpeg',
  'video/mp2t',
]);
/** ffprobe container names that browsers do not play, whatever the stored type claims. */
const unplayableFormats = new Set(['avi', 'flv', 'mpeg', 'mpegts', 'mpegvideo']);

/** Whether a video must be transcoded before browsers can play it. */
export function needsTranscode(mimeType: string | null, formatName: string): boolean {
  const mime = (mimeType ?? '').toLowerCase();
  if (unplayableMimeTypes.has(mime)) return true;
  const formats = formatName.split(',');
  if (formats.some((f) => unplayableFormats.has(f))) return true;
  // Matroska and WebM share a container name; only WebM plays everywhere.
  return formats.includes('matroska') && mime !== 'video/webm';
}

/**
 * Sets properties only while the item still holds `key`: a job for replaced content never
 * clobbers what the newer content's job writes.
 */
async function setProperties(
  ctx: AppContext,
  fileId: string,
  key: string,
  props: Record<string, unknown>,
) {
  await ctx.db
    .update(fileItems)
    .set({ properties: sql`${fileItems.properties} || ${JSON.stringify(props)}::jsonb` })
    .where(and(eq(fileItems.id, fileId), eq(fileItems.blobKey, key)));
}

const failed = { TranscodingStatus: TranscodingStatus.Failed };

/** The directory part of a key (`org/{teamId}/`), so the transcoded blob stays with its owner. */
const prefixOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);

/**
 * `media.probe`: reads the duration with ffprobe into the `Duration` property. A video browsers
 * cannot play (avi, mkv, flv, 3gp, mpeg…) is transcoded with ffmpeg to H.264/AAC MP4, stored
 * under a new key of the same owner, and swapped in (key, type, size, `.mp4` name); the old blob
 * is deleted after the commit. `TranscodingStatus` ends Succeeded (100), or Failed (50) when the
 * media cannot be read or ffmpeg is not installed. Content replaced meanwhile is left to its own,
 * newer job. Aborted (the server stopping), ffprobe or ffmpeg is killed, the temporary files are
 * removed and nothing is written: the next claim starts again from the download.
 */
export function mediaProbeHandler(
  ctx: AppContext,
  tools: MediaTools,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
) {
  return async (job: Job, signal: AbortSignal = new AbortController().signal) => {
    const fileId = String(job.payload.fileId);
    const [item] = await ctx.db.select().from(fileItems).where(eq(fileItems.id, fileId));
    if (!item?.blobKey) return;
    const key = item.blobKey;
    try {
      await probeAndTranscode(ctx, tools, fileId, item, key, signal);
    } catch (err) {
      // A storage or database error is retried; after the last attempt the video is Failed
      // rather than processing for ever. An abort is no failure: the job is handed back.
      if (job.attempts >= maxAttempts && !signal.aborted) {
        await setProperties(ctx, fileId, key, failed);
      }
      throw err;
    }
  };
}

/** The probe, and the transcode when browsers cannot play the video. */
async function probeAndTranscode(
  ctx: AppContext,
  tools: MediaTools,
  fileId: string,
  item: typeof fileItems.$inferSelect,
  key: string,
  signal: AbortSignal,
) {
  if (!(await tools.available())) {
    await setProperties(ctx, fileId, key, failed);
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'roomscale-media-'));
  try {
    const path = await localFileOf(ctx.storage, key, dir);
    signal.throwIfAborted();
    if (!path) {
      await setProperties(ctx, fileId, key, failed);
      return;
    }
    let probed: Awaited<ReturnType<MediaTools['probe']>>;
    try {
      probed = await tools.probe(path, signal);
    } catch (err) {
      signal.throwIfAborted();
      ctx.log.warn({ err, fileId }, 'media could not be read');
      await setProperties(ctx, fileId, key, failed);
      return;
    }
    const duration = Math.round(probed.duration * 1000) / 1000;
    if (typeName(item.type) !== 'Video' || !needsTranscode(item.mimeType, probed.formatName)) {
      await setProperties(ctx, fileId, key, {
        Duration: duration,
        TranscodingStatus: TranscodingStatus.Succeeded,
      });
      return;
    }
    if (!(await tools.canTranscode())) {
      await setProperties(ctx, fileId, key, failed);
      return;
    }
    const output = join(dir, 'output.mp4');
    try {
      await tools.toMp4(path, output, signal);
    } catch (err) {
      signal.throwIfAborted();
      ctx.log.warn({ err, fileId }, 'video could not be transcoded');
      await setProperties(ctx, fileId, key, failed);
      return;
    }
    signal.throwIfAborted();
    await swapInMp4(ctx, fileId, key, output, duration);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Stores the MP4 under a new key and points the item at it, if it still holds `oldKey`. */
async function swapInMp4(
  ctx: AppContext,
  fileId: string,
  oldKey: string,
  mp4Path: string,
  duration: number,
) {
  const newKey = newObjectKey(prefixOf(oldKey));
  const stored = await ctx.storage.put(newKey, mp4Path, 'video/mp4');
  const swapped = await ctx.db
    .update(fileItems)
    .set({
      blobKey: newKey,
      mimeType: 'video/mp4',
      contentLength: stored.size,
      // The name's video extension (walk.avi) becomes .mp4; a name without one stays.
      name: sql`regexp_replace(${fileItems.name}, '\\.(avi|mkv|flv|3gp|3g2|3gpp|mpeg|mpg|mpe|m2v|ts|mts|m2ts|vob)$', '.mp4', 'i')`,
      properties: sql`${fileItems.properties} || ${JSON.stringify({
        Duration: duration,
        TranscodingStatus: TranscodingStatus.Succeeded,
      })}::jsonb`,
    })
    .where(and(eq(fileItems.id, fileId), eq(fileItems.blobKey, oldKey)))
    .returning({ id: fileItems.id });
  // Replaced or deleted meanwhile: the new MP4 belongs to nothing.
  const unused = swapped.length > 0 ? oldKey : newKey;
  await ctx.storage
    .delete(unused)
    .catch((err) => ctx.log.warn({ err, key: unused }, 'blob not deleted'));
}
