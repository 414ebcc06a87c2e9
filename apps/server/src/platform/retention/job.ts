import { retention } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { periodJobId, queuePeriodJob } from '../jobs/period.ts';
import type { Job } from '../jobs/runner.ts';
import { sweepRetention } from './sweep.ts';

export const RETENTION_SWEEP = 'retention.sweep';

/**
 * How often each instance queues the current period's sweep: several times a period, so a timer
 * that drifts past a period's end never skips one; all but the first queue do nothing.
 */
export const RETENTION_QUEUE_EVERY_MS = (retention.sweepEverySeconds * 1000) / 12;

/** The job of one period (an hour): one row whatever the instances that queue it (jobs/period.ts). */
export const sweepJobId = (periodStart: Date): string => periodJobId(RETENTION_SWEEP, periodStart);

/** Queues this period's sweep unless an instance already did; true when this call queued it. */
export const queueRetentionSweep = (db: Db, now: Date): Promise<boolean> =>
  queuePeriodJob(db, RETENTION_SWEEP, retention.sweepEverySeconds, now);

/**
 * Another period's sweep still running (its worker alive), queued before this one: this one
 * leaves the work to it, so two sweeps never run at once (after an outage both may be due).
 */
async function earlierSweepRunning(db: Db, job: Job, now: Date): Promise<boolean> {
  const res = await db.execute(sql`select 1 from ${jobs} other, ${jobs} mine
    where mine.id = ${job.id}::uuid and other.kind = ${RETENTION_SWEEP} and other.status = 'running'
      and other.id <> mine.id and other.locked_until > ${now.toISOString()}::timestamptz
      and (other.run_at, other.id) < (mine.run_at, mine.id)
    limit 1`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The job's handler: one run of the sweep at the context's time, logged when it deleted rows. */
export function retentionSweepHandler(ctx: AppContext) {
  return async (job: Job, signal?: AbortSignal) => {
    const now = ctx.clock.now();
    if (await earlierSweepRunning(ctx.db, job, now)) return;
    const report = await sweepRetention(
      ctx.db,
      now,
      {
        auditRetentionDays: ctx.config.auditRetentionDays,
        usageFactDays: ctx.config.usage.factRetentionDays,
      },
      { signal },
    );
    const deleted = Object.fromEntries(
      report.filter((r) => r.deleted > 0).map((r) => [r.name, r.deleted]),
    );
    const unfinished = report.filter((r) => !r.complete).map((r) => r.name);
    if (Object.keys(deleted).length > 0 || unfinished.length > 0) {
      ctx.log.info({ deleted, unfinished }, 'retention sweep');
    }
  };
}
