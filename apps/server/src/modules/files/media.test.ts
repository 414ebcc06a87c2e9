import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileMessages, TranscodingStatus } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { ffmpegTools, type MediaTools } from '../../platform/media/ffmpeg.ts';
import { expectProblem } from '../../test/factories.ts';
import { type Person, team } from '../../test/workspace.ts';
import { type LiveApp, startLiveApp } from '../storage/testing.ts';
import { MEDIA_PROBE, mediaProbeHandler, needsTranscode } from './media.ts';
import { STORAGE_PURGE, storagePurgeHandler } from './purge.ts';
import { MP4, teamFiles } from './testing.ts';

let t: LiveApp;
let work: string;
beforeAll(async () => {
  t = await startLiveApp();
  work = await mkdtemp(join(tmpdir(), 'media-test-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  await t.close();
});

const { get, patch, download, upload, file } = teamFiles(() => t);
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
// With the purge of replaced objects, which a change of content queues (files/purge.ts).
const runnerWith = (tools: MediaTools = ffmpegTools()) =>
  new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
    [MEDIA_PROBE]: mediaProbeHandler(t.ctx, tools),
    [STORAGE_PURGE]: storagePurgeHandler(t.ctx),
  });
const current = async (teamId: string, fileId: string, by: Person) =>
  (await get(teamId, fileId, by)).body;

/** One second of test picture and tone, made by ffmpeg in the given container. */
function clip(name: string, codecs: string[] = []) {
  const out = join(work, name);
  const made = spawnSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=duration=1', '-shortest', ...codecs, out],
  ]);
  expect(made.status, String(made.stderr)).toBe(0);
  return readFile(out);
}

function probeStreams(path: string) {
  const res = spawnSync('ffprobe', [
    ...[
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name:format=format_name',
      '-of',
      'json',
      path,
    ],
  ]);
  return JSON.parse(String(res.stdout)) as {
    streams: { codec_name: string }[];
    format: { format_name: string };
  };
}

describe('which videos are transcoded', () => {
  it.each([
    ['video/x-msvideo', 'avi', true],
    ['video/x-matroska', 'matroska,webm', true],
    ['video/x-flv', 'flv', true],
    ['video/3gpp', 'mov,mp4,m4a,3gp,3g2,mj2', true],
    ['video/mpeg', 'mpeg', true],
    ['video/mp4', 'avi', true],
    ['application/octet-stream', 'matroska,webm', true],
    ['video/mp4', 'mov,mp4,m4a,3gp,3g2,mj2', false],
    ['video/webm', 'matroska,webm', false],
    ['video/quicktime', 'mov,mp4,m4a,3gp,3g2,mj2', false],
  ])('%s stored, %s inside: %s', (mime, format, expected) => {
    expect(needsTranscode(mime, format)).toBe(expected);
  });
});

describe('media.probe job', () => {
  it('marks videos Failed when ffmpeg is not installed', async () => {
    const w = await team(t);
    const v = await file(w.id, w.member, 'walk.mp4', {}, MP4, 'video/mp4', 'Video');
    expect(v.properties).toMatchObject({ TranscodingStatus: TranscodingStatus.Running });
    expectProblem(await download(v.fileId, w.member), 409, undefined);
    await runnerWith(ffmpegTools('/nonexistent/ffprobe', '/nonexistent/ffmpeg')).drain();
    expect((await current(w.id, v.fileId, w.member)).properties).toMatchObject({
      TranscodingStatus: TranscodingStatus.Failed,
    });
    const res = await download(v.fileId, w.member);
    expect(expectProblem(res, 409).detail).toBe(fileMessages.videoFailed);
  });

  it.skipIf(!hasFfmpeg)('stores the duration of a real video and marks it Succeeded', async () => {
    const mp4 = await clip('clip.mp4', ['-pix_fmt', 'yuv420p']);
    const w = await team(t);
    const v = await file(w.id, w.member, 'clip.mp4', {}, mp4, 'video/mp4', 'Video');
    const broken = await file(w.id, w.member, 'broken.mp4', {}, MP4, 'video/mp4', 'Video');
    await runnerWith().drain();
    const after = await current(w.id, v.fileId, w.member);
    expect(after.properties.TranscodingStatus).toBe(TranscodingStatus.Succeeded);
    expect(Number(after.properties.Duration)).toBeCloseTo(1, 0);
    // Playable as uploaded: the same blob, not transcoded.
    expect(after.blobUri).toBe(v.blobUri);
    expect((await download(v.fileId, w.member)).status).toBe(200);
    expect((await current(w.id, broken.fileId, w.member)).properties).toMatchObject({
      TranscodingStatus: TranscodingStatus.Failed,
    });
  });

  it.skipIf(!hasFfmpeg).each([
    ['walk.avi', 'video/x-msvideo', []],
    ['walk.mkv', 'video/x-matroska', []],
    ['walk.flv', 'video/x-flv', []],
    ['walk.3gp', 'video/3gpp', ['-c:v', 'mpeg4', '-c:a', 'aac']],
    ['walk.mpg', 'video/mpeg', []],
  ])('transcodes %s (%s) to H.264/AAC MP4 and drops the original', async (name, mime, codecs) => {
    const w = await team(t);
    const v = await file(w.id, w.member, name, {}, await clip(name, codecs), mime, 'Video');
    const oldKey = t.ctx.storage.keyFromBlobUri(String(v.blobUri))!;
    await runnerWith().drain();
    const after = await current(w.id, v.fileId, w.member);
    expect(after).toMatchObject({
      name: 'walk.mp4',
      mimeType: 'video/mp4',
      fileExtension: 'mp4',
      properties: { TranscodingStatus: TranscodingStatus.Succeeded },
    });
    expect(Number(after.properties.Duration)).toBeCloseTo(1, 0);
    expect(after.blobUri).not.toBe(v.blobUri);
    const newKey = t.ctx.storage.keyFromBlobUri(after.blobUri!)!;
    expect(newKey.startsWith(`org/${w.id}/`)).toBe(true);
    expect(await t.ctx.storage.stat(oldKey)).toBeNull();
    expect(await t.ctx.storage.stat(newKey)).toEqual({
      size: after.contentLength,
      contentType: 'video/mp4',
    });
    const info = (await download(v.fileId, w.member)).body;
    const got = await fetch(t.local(info.blobUri));
    expect(got.headers.get('content-disposition')).toContain('walk.mp4');
    const saved = join(work, `${name}.out.mp4`);
    await writeFile(saved, Buffer.from(await got.arrayBuffer()));
    const probed = probeStreams(saved);
    expect(probed.format.format_name).toContain('mp4');
    expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
  });

  it.skipIf(!hasFfmpeg)(
    'marks a video Failed when it needs transcoding and ffmpeg is missing',
    async () => {
      const w = await team(t);
      const v = await file(
        w.id,
        w.member,
        'old.avi',
        {},
        await clip('old.avi'),
        'video/x-msvideo',
        'Video',
      );
      await runnerWith(ffmpegTools('ffprobe', '/nonexistent/ffmpeg')).drain();
      const after = await current(w.id, v.fileId, w.member);
      expect(after).toMatchObject({
        name: 'old.avi',
        blobUri: v.blobUri,
        properties: { TranscodingStatus: TranscodingStatus.Failed },
      });
    },
  );

  it.skipIf(!hasFfmpeg)('leaves content replaced during a transcode to the newer job', async () => {
    const w = await team(t);
    const v = await file(
      w.id,
      w.member,
      'talk.avi',
      {},
      await clip('talk.avi'),
      'video/x-msvideo',
      'Video',
    );
    const mp4 = await clip('talk.mp4', ['-pix_fmt', 'yuv420p']);
    const real = ffmpegTools();
    let replacement = '';
    const replacing: MediaTools = {
      ...real,
      async toMp4(input, output) {
        await real.toMp4(input, output);
        // Someone uploads new content while the transcode runs.
        replacement = await upload(w.id, w.member, mp4, 'video/mp4');
        const res = await patch(w.id, v.fileId, w.member, { blobUri: replacement });
        expect(res.status, res.raw.body).toBe(200);
      },
    };
    await runnerWith(replacing).runOnce();
    const mid = await current(w.id, v.fileId, w.member);
    expect(mid).toMatchObject({
      name: 'talk.avi',
      blobUri: replacement,
      mimeType: 'video/mp4',
      properties: { TranscodingStatus: TranscodingStatus.Running },
    });
    await runnerWith().drain();
    expect(await current(w.id, v.fileId, w.member)).toMatchObject({
      blobUri: replacement,
      properties: { TranscodingStatus: TranscodingStatus.Succeeded },
    });
    // Only the replacement is stored: the abandoned MP4 went with the transcode, the replaced
    // AVI with the purge its replacement queued.
    const dir = join(
      t.config.storage.driver === 'local' ? t.config.storage.dir : '',
      'objects',
      'org',
      w.id,
    );
    expect((await readdir(dir)).filter((n) => !n.endsWith('.json'))).toEqual([
      t.ctx.storage.keyFromBlobUri(replacement)!.split('/').pop(),
    ]);
  });

  it.skipIf(!hasFfmpeg)(
    'retries a storage failure, and marks the video Failed after the last attempt',
    async () => {
      const w = await team(t);
      const v = await file(
        w.id,
        w.member,
        'late.avi',
        {},
        await clip('late.avi'),
        'video/x-msvideo',
        'Video',
      );
      let puts = 0;
      const broken = Object.create(t.ctx.storage, {
        put: {
          value: async () => {
            puts++;
            throw new Error('storage unavailable');
          },
        },
      });
      const ctx = { ...t.ctx, storage: broken };
      const runner = new JobRunner(
        t.ctx.db,
        t.clock,
        t.ctx.log,
        { [MEDIA_PROBE]: mediaProbeHandler(ctx, ffmpegTools(), 3) },
        { maxAttempts: 3, backoffSeconds: 0 },
      );
      await runner.runOnce();
      expect((await current(w.id, v.fileId, w.member)).properties.TranscodingStatus).toBe(
        TranscodingStatus.Running,
      );
      await runner.drain();
      expect(puts).toBe(3);
      const after = await current(w.id, v.fileId, w.member);
      expect(after).toMatchObject({
        name: 'late.avi',
        blobUri: v.blobUri,
        properties: { TranscodingStatus: TranscodingStatus.Failed },
      });
    },
  );
});
