import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { enqueueJob, type Job, JobRunner } from './runner.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const row = async (kind: string) => {
  const [r] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, kind));
  return r!;
};

describe('job runner', () => {
  it('runs a due job once and marks it succeeded', async () => {
    const seen: Job[] = [];
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      'test.ok': async (job) => {
        seen.push(job);
      },
    });
    await enqueueJob(t.ctx.db, 'test.ok', { n: 1 }, t.clock.now());
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(false);
    expect(seen.map((j) => j.payload)).toEqual([{ n: 1 }]);
    expect(await row('test.ok')).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      lockedUntil: null,
    });
  });

  it('waits for run_at', async () => {
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, { 'test.later': async () => {} });
    await enqueueJob(t.ctx.db, 'test.later', {}, new Date(t.clock.now().getTime() + 60_000));
    expect(await runner.runOnce()).toBe(false);
    t.clock.advance(61);
    expect(await runner.runOnce()).toBe(true);
  });

  it('retries with backoff, then fails for good with the error', async () => {
    let calls = 0;
    const runner = new JobRunner(
      t.ctx.db,
      t.clock,
      t.ctx.log,
      {
        'test.fail': async () => {
          calls++;
          throw new Error('boom');
        },
      },
      { maxAttempts: 3, backoffSeconds: 10 },
    );
    await enqueueJob(t.ctx.db, 'test.fail', {}, t.clock.now());
    expect(await runner.runOnce()).toBe(true);
    expect(await row('test.fail')).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'boom',
    });
    expect(await runner.runOnce()).toBe(false); // backoff: 10 s
    t.clock.advance(11);
    expect(await runner.runOnce()).toBe(true);
    expect(await runner.runOnce()).toBe(false); // backoff: 20 s
    t.clock.advance(21);
    expect(await runner.runOnce()).toBe(true);
    expect(await row('test.fail')).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'boom',
    });
    expect(calls).toBe(3);
  });

  it('claims again a job whose worker died (lock expired), as after a restart', async () => {
    await t.ctx.db.insert(jobs).values({
      kind: 'test.crashed',
      payload: {},
      status: 'running',
      attempts: 1,
      runAt: t.clock.now(),
      lockedUntil: new Date(t.clock.now().getTime() + 5_000),
    });
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, { 'test.crashed': async () => {} });
    expect(await runner.runOnce()).toBe(false);
    t.clock.advance(6);
    expect(await runner.runOnce()).toBe(true);
    expect(await row('test.crashed')).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('renews the lock of a long job, so no other worker claims it meanwhile', async () => {
    const lockSeconds = 3;
    let claimedByOther: boolean | null = null;
    const other = new JobRunner(t.ctx.db, t.clock, t.ctx.log, { 'test.long': async () => {} });
    const runner = new JobRunner(
      t.ctx.db,
      t.clock,
      t.ctx.log,
      {
        'test.long': async () => {
          // The first lock ends on the test clock: only a renewal made since keeps the job.
          t.clock.advance(lockSeconds * 2);
          await expect
            .poll(async () => (await row('test.long')).lockedUntil!.getTime(), {
              timeout: lockSeconds * 1000 * 3,
            })
            .toBeGreaterThan(t.clock.now().getTime());
          claimedByOther = await other.runOnce();
        },
      },
      { lockSeconds },
    );
    await enqueueJob(t.ctx.db, 'test.long', {}, t.clock.now());
    expect(await runner.runOnce()).toBe(true);
    expect(claimedByOther).toBe(false);
    expect(await row('test.long')).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('fails a job of an unknown kind at once', async () => {
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {});
    await enqueueJob(t.ctx.db, 'test.unknown', {}, t.clock.now());
    expect(await runner.runOnce()).toBe(true);
    expect(await row('test.unknown')).toMatchObject({ status: 'failed' });
  });

  it('starts and stops polling', async () => {
    const runner = new JobRunner(
      t.ctx.db,
      t.clock,
      t.ctx.log,
      { 'test.poll': async () => {} },
      {
        pollMs: 10,
      },
    );
    await enqueueJob(t.ctx.db, 'test.poll', {}, t.clock.now());
    runner.start();
    await expect.poll(async () => (await row('test.poll')).status).toBe('succeeded');
    await runner.stop();
  });
});

describe('stopping', () => {
  /** A promise with its resolve, for handlers the test lets go of. */
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };
  /** Resolves when the signal aborts, then throws its reason, as a well-behaved handler does. */
  const untilAborted = (signal: AbortSignal) =>
    new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });

  it('hands back a job still running when the grace ends: queued at once, the attempt not counted', async () => {
    const started = deferred();
    let aborted = false;
    const runner = new JobRunner(
      t.ctx.db,
      t.clock,
      t.ctx.log,
      {
        'test.handBack': async (_job, signal) => {
          started.resolve();
          await untilAborted(signal).catch((err) => {
            aborted = true;
            throw err;
          });
        },
      },
      { pollMs: 10 },
    );
    await enqueueJob(t.ctx.db, 'test.handBack', {}, t.clock.now());
    runner.start();
    await started.promise;
    expect(await row('test.handBack')).toMatchObject({ status: 'running', attempts: 1 });
    await runner.stop(20);
    expect(aborted).toBe(true);
    const released = await row('test.handBack');
    expect(released).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedUntil: null,
      lastError: null,
    });
    expect(released.runAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    // Another instance claims it at once, not after the 15-minute lock, and runs it in full.
    const ran: number[] = [];
    const other = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      'test.handBack': async (job) => {
        ran.push(job.attempts);
      },
    });
    expect(await other.runOnce()).toBe(true);
    expect(ran).toEqual([1]);
    expect(await row('test.handBack')).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('lets a job that ends within the grace finish normally', async () => {
    const started = deferred();
    const finish = deferred();
    let signalled: AbortSignal | null = null;
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      'test.finishes': async (_job, signal) => {
        signalled = signal;
        started.resolve();
        await finish.promise;
      },
    });
    await enqueueJob(t.ctx.db, 'test.finishes', {}, t.clock.now());
    const ran = runner.runOnce();
    await started.promise;
    const stopped = runner.stop(60_000);
    finish.resolve();
    await stopped;
    expect(await ran).toBe(true);
    expect(signalled!.aborted).toBe(false);
    expect(await row('test.finishes')).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      lockedUntil: null,
    });
  });

  it('releases the row of a handler that ignores its signal, and keeps it released when the handler ends', async () => {
    const started = deferred();
    const finish = deferred();
    const runner = new JobRunner(
      t.ctx.db,
      t.clock,
      t.ctx.log,
      {
        'test.stubborn': async () => {
          started.resolve();
          await finish.promise;
        },
      },
      { abortWaitMs: 10 },
    );
    await enqueueJob(t.ctx.db, 'test.stubborn', {}, t.clock.now());
    const ran = runner.runOnce();
    await started.promise;
    await runner.stop(10);
    expect(await row('test.stubborn')).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedUntil: null,
    });
    // Its late success is not recorded over the hand-back: the next claim runs the job again.
    finish.resolve();
    expect(await ran).toBe(true);
    expect(await row('test.stubborn')).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('claims nothing once stopped', async () => {
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      'test.afterStop': async () => {},
    });
    await enqueueJob(t.ctx.db, 'test.afterStop', {}, t.clock.now());
    await runner.stop();
    expect(await runner.runOnce()).toBe(false);
    expect(await row('test.afterStop')).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
