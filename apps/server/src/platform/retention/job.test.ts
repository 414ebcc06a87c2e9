import { retention } from '@roomscale/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, samlAssertions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { JobRunner } from '../jobs/runner.ts';
import { queueRetentionSweep, RETENTION_SWEEP, retentionSweepHandler } from './job.ts';

let t: TestApp;
let runner: JobRunner;
beforeAll(async () => {
  t = await createTestApp();
  runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
    [RETENTION_SWEEP]: retentionSweepHandler(t.ctx),
  });
});
afterAll(() => t.close());

const sweepJobs = () =>
  t.ctx.db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.kind, RETENTION_SWEEP));

const expiredAssertion = async (assertionId: string) => {
  await t.ctx.db.insert(samlAssertions).values({
    providerId: 'job-test',
    assertionId,
    expiresAt: new Date(t.clock.now().getTime() - 60_000),
  });
};
const assertionLeft = async (assertionId: string) =>
  (
    await t.ctx.db
      .select()
      .from(samlAssertions)
      .where(
        and(eq(samlAssertions.providerId, 'job-test'), eq(samlAssertions.assertionId, assertionId)),
      )
  ).length === 1;

describe('retention sweep job', () => {
  it('is queued once per period however many instances queue it, and runs on one of them', async () => {
    await t.ctx.db.delete(jobs).where(eq(jobs.kind, RETENTION_SWEEP));
    const queued = await Promise.all(
      Array.from({ length: 4 }, () => queueRetentionSweep(t.ctx.db, t.clock.now())),
    );
    expect(queued.filter(Boolean)).toHaveLength(1);
    expect(await queueRetentionSweep(t.ctx.db, t.clock.now())).toBe(false);
    expect(await sweepJobs()).toHaveLength(1);

    await expiredAssertion('first');
    expect(await runner.drain()).toBe(1);
    expect(await assertionLeft('first')).toBe(false);
    expect((await sweepJobs()).map((j) => j.status)).toEqual(['succeeded']);

    // Later in the same period nothing more is queued; the next period gets its own run.
    expect(await queueRetentionSweep(t.ctx.db, t.clock.now())).toBe(false);
    t.clock.advance(retention.sweepEverySeconds);
    expect(await queueRetentionSweep(t.ctx.db, t.clock.now())).toBe(true);
    expect(await sweepJobs()).toHaveLength(2);
    await runner.drain();
  });

  it('leaves the work to an earlier sweep still running on another instance', async () => {
    t.clock.advance(retention.sweepEverySeconds);
    const now = t.clock.now();
    const [earlier] = await t.ctx.db
      .insert(jobs)
      .values({
        kind: RETENTION_SWEEP,
        status: 'running',
        runAt: new Date(now.getTime() - 3600_000),
        lockedUntil: new Date(now.getTime() + 600_000),
      })
      .returning({ id: jobs.id });
    await expiredAssertion('second');
    expect(await queueRetentionSweep(t.ctx.db, now)).toBe(true);
    expect(await runner.drain()).toBe(1);
    expect(await assertionLeft('second')).toBe(true);

    // Once that one is over (or its worker died and its lock lapsed), the next period sweeps.
    await t.ctx.db.execute(
      sql`update ${jobs} set status = 'succeeded', locked_until = null where id = ${earlier!.id}`,
    );
    t.clock.advance(retention.sweepEverySeconds);
    expect(await queueRetentionSweep(t.ctx.db, t.clock.now())).toBe(true);
    expect(await runner.drain()).toBe(1);
    expect(await assertionLeft('second')).toBe(false);
  });
});
