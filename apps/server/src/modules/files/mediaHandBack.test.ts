import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { TranscodingStatus } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { ffmpegTools, type MediaTools } from '../../platform/media/ffmpeg.ts';
import { team } from '../../test/workspace.ts';
import { type LiveApp, startLiveApp } from '../storage/testing.ts';
import { MEDIA_PROBE, mediaProbeHandler } from './media.ts';
import { teamFiles } from './testing.ts';

/**
 * A transcode running when the server stops: ffmpeg is killed, its temporary files go, the job
 * is queued again without counting the attempt, and the next runner transcodes from the start.
 */
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

let t: LiveApp;
let work: string;
beforeAll(async () => {
  t = await startLiveApp();
  work = await mkdtemp(join(tmpdir(), 'media-hand-back-test-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await t.close();
});

const { get, file } = teamFiles(() => t);

/** Processes whose command line mentions `text` (Linux /proc). */
function processesWith(text: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) found.push(Number(pid));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

describe.skipIf(!hasFfmpeg || !existsSync('/proc'))('a transcode at shutdown', () => {
  it('is killed and handed back, then transcoded from the start by the next runner', async () => {
    // Twenty seconds of picture and tone in AVI: a transcode that lasts well past the stop.
    const avi = join(work, 'long.avi');
    const made = spawnSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=20:size=320x240:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=duration=20', '-shortest', avi],
    ]);
    expect(made.status, String(made.stderr)).toBe(0);
    const w = await team(t);
    const v = await file(
      w.id,
      w.member,
      'long.avi',
      {},
      await readFile(avi),
      'video/x-msvideo',
      'Video',
    );

    // The real tools, telling the test when ffmpeg has started and how its run ended.
    const real = ffmpegTools();
    let output = '';
    let started!: () => void;
    const ffmpegStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    let ended: unknown = null;
    const tools: MediaTools = {
      ...real,
      async toMp4(input, out, signal) {
        output = out;
        const run = real.toMp4(input, out, signal);
        started();
        await run.then(
          () => {
            ended = 'finished';
          },
          (err: unknown) => {
            ended = err;
          },
        );
        return run;
      },
    };
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      [MEDIA_PROBE]: mediaProbeHandler(t.ctx, tools),
    });
    const ran = runner.runOnce();
    await ffmpegStarted;
    await expect.poll(() => processesWith(output).length).toBeGreaterThan(0);

    await runner.stop(0);
    expect(await ran).toBe(true);
    // ffmpeg was stopped mid-way, not left to finish: killed, and its scratch directory gone.
    expect((ended as Error | null)?.name).toBe('AbortError');
    await expect.poll(() => processesWith(output)).toEqual([]);
    expect(existsSync(dirname(output))).toBe(false);

    const [row] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.payload, { fileId: v.fileId }));
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedUntil: null,
      lastError: null,
    });
    // Still processing as far as users see: neither failed nor swapped.
    const during = (await get(w.id, v.fileId, w.member)).body;
    expect(during.blobUri).toBe(v.blobUri);
    expect(during.properties.TranscodingStatus).toBe(TranscodingStatus.Running);

    // Another instance claims it at once and transcodes the whole video.
    const next = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      [MEDIA_PROBE]: mediaProbeHandler(t.ctx, ffmpegTools()),
    });
    expect(await next.runOnce()).toBe(true);
    const after = (await get(w.id, v.fileId, w.member)).body;
    expect(after).toMatchObject({
      name: 'long.mp4',
      mimeType: 'video/mp4',
      properties: { TranscodingStatus: TranscodingStatus.Succeeded },
    });
    expect(Number(after.properties.Duration)).toBeCloseTo(20, 0);
    const [done] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.payload, { fileId: v.fileId }));
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1 });
  }, 120_000);
});
