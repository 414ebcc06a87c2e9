import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enumNumber, FileScopes, FileTypes, TranscodingStatus } from '@roomscale/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { systemClock } from '../../context.ts';
import { MEDIA_PROBE } from '../../modules/files/media.ts';
import { migratedPgTemplate } from '../../test/migratedDatabase.ts';
import { freshPgDatabase } from '../../test/pgDatabase.ts';
import { freePort, startServer, stopProcess, waitReady } from '../../test/process.ts';
import { createStorage, newObjectKey, teamKeyPrefix } from '../storage/index.ts';

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

/** Processes whose command line mentions every one of `texts` (Linux /proc). */
function processesWith(...texts: string[]): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (texts.every((t) => cmdline.includes(t))) found.push(Number(pid));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/**
 * The real server process (`main.ts`) on PostgreSQL, transcoding a long video when SIGTERM comes:
 * with a short SHUTDOWN_GRACE_MS it kills ffmpeg, hands the job back and exits 0; a second
 * instance then claims the job at once and finishes it.
 */
describe.skipIf(!process.env.TEST_PG_URL || !hasFfmpeg || !existsSync('/proc'))(
  'a job running at SIGTERM, in the real service',
  () => {
    let database: Awaited<ReturnType<typeof freshPgDatabase>>;
    let client: pg.Client;
    let dataDir: string;
    let scratch: string;
    const servers: ReturnType<typeof startServer>[] = [];

    beforeAll(async () => {
      database = await freshPgDatabase(process.env.TEST_PG_URL!, {
        template: migratedPgTemplate(),
      });
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
      dataDir = await mkdtemp(join(tmpdir(), 'roomscale-hand-back-'));
      // The server's own temporary directory (TMPDIR), to see its scratch files come and go.
      scratch = await mkdtemp(join(tmpdir(), 'roomscale-hand-back-tmp-'));
    });
    afterAll(async () => {
      for (const s of servers) await stopProcess(s, 'SIGTERM');
      await client?.end();
      await database?.drop();
      for (const dir of [dataDir, scratch])
        if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('kills the transcode, queues the job again and exits; the next instance finishes it', async () => {
      const env = {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        HOST: '127.0.0.1',
        TMPDIR: scratch,
      };
      // A twenty-second AVI in the instances' file storage, its item and its queued probe job.
      const avi = join(dataDir, 'long.avi');
      const made = spawnSync('ffmpeg', [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=20:size=320x240:rate=25'],
        ...['-f', 'lavfi', '-i', 'sine=duration=20', '-shortest', avi],
      ]);
      expect(made.status, String(made.stderr)).toBe(0);
      const storage = createStorage(loadConfig(env), systemClock);
      const {
        rows: [team],
      } = await client.query<{ id: string }>(
        `insert into organizations (name) values ('Hand-back') returning id`,
      );
      const key = newObjectKey(teamKeyPrefix(team!.id));
      await storage.put(key, avi, 'video/x-msvideo');
      await storage.close();
      const {
        rows: [item],
      } = await client.query<{ id: string }>(
        `insert into file_items (organization_id, name, type, scope, mime_type, blob_key, properties)
         values ($1, 'long.avi', $2, $3, 'video/x-msvideo', $4, $5) returning id`,
        [
          team!.id,
          enumNumber(FileTypes, 'Video'),
          enumNumber(FileScopes, 'Organization'),
          key,
          { TranscodingStatus: TranscodingStatus.Running },
        ],
      );
      await client.query(`insert into jobs (kind, payload) values ($1, $2)`, [
        MEDIA_PROBE,
        { fileId: item!.id },
      ]);
      const job = async () =>
        (
          await client.query<{ status: string; attempts: number; locked_until: Date | null }>(
            `select status, attempts, locked_until from jobs where kind = $1`,
            [MEDIA_PROBE],
          )
        ).rows[0]!;

      const port = await freePort();
      const first = startServer({ ...env, PORT: String(port), SHUTDOWN_GRACE_MS: '200' });
      servers.push(first);
      await waitReady(port, first.exited);
      // ffmpeg at work on the video (the probe done), in the server's scratch directory.
      const transcoding = () => processesWith(join(scratch, 'roomscale-media-'), 'output.mp4');
      await expect
        .poll(() => transcoding().length, { timeout: 60_000, interval: 50 })
        .toBeGreaterThan(0);
      expect(await job()).toMatchObject({ status: 'running', attempts: 1 });

      first.child.kill('SIGTERM');
      expect(await first.exited, first.output().err).toBe(0);
      expect(await job()).toMatchObject({ status: 'queued', attempts: 0, locked_until: null });
      expect(transcoding()).toEqual([]);
      expect(processesWith(join(scratch, 'roomscale-media-'))).toEqual([]);
      expect(readdirSync(scratch).filter((f) => f.startsWith('roomscale-media-'))).toEqual([]);
      const {
        rows: [during],
      } = await client.query(`select blob_key, properties from file_items where id = $1`, [
        item!.id,
      ]);
      expect(during).toMatchObject({
        blob_key: key,
        properties: { TranscodingStatus: TranscodingStatus.Running },
      });

      // The next instance takes it at its first poll, not after the 15-minute lock.
      const nextPort = await freePort();
      const next = startServer({ ...env, PORT: String(nextPort) });
      servers.push(next);
      await waitReady(nextPort, next.exited);
      await expect
        .poll(async () => (await job()).status, { timeout: 150_000, interval: 250 })
        .toBe('succeeded');
      expect(await job()).toMatchObject({ attempts: 1 });
      const {
        rows: [after],
      } = await client.query(`select name, mime_type, properties from file_items where id = $1`, [
        item!.id,
      ]);
      expect(after).toMatchObject({
        name: 'long.mp4',
        mime_type: 'video/mp4',
        properties: { TranscodingStatus: TranscodingStatus.Succeeded },
      });
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    }, 300_000);
  },
);
