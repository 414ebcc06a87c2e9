import { createHash } from 'node:crypto';
import { retention } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import type { Job } from '../jobs/runner.ts';
import { sweepRetention } from './sweep.ts';

export const RETENTION_SWEEP = 'retention.sweep';

/**
 * How often each instance queues the current period's sweep: several times a period, so a timer
 * that drifts past a period's end never skips one; all but the first queue do nothing.
 */
export const RETENTION_QUEUE_EVERY_MS = (retention.sweepEverySeconds * 1000) / 12;

/**
 * The job of one period (an hour): its id is derived from the period's start, so every instance
 * that queues it queues the same row, and the runner's claim (`FOR UPDATE SKIP LOCKED`) gives
 * it to one of them.
 */
export function sweepJobId(periodStart: Date): string {
  const h = createHash('sha256')
    .update(`${RETENTION_SWEEP}:${periodStart.toISOString()}`)
    .digest('hex');
  const variant = (8 | (Number.parseInt(h[16]!, 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const periodStart = (now: Date) => {
  const every = retention.sweepEverySeconds * 1000;
  return new Date(Math.floor(now.getTime() / every) * every);
};

/** Queues this period's sweep unless an instance already did; true when this call queued it. */
export async function queueRetentionSweep(db: Db, now: Date): Promise<boolean> {
  const period = periodStart(now);
  const res = await db.execute(sql`insert into ${jobs} (id, kind, payload, run_at, created, updated)
    values (${sweepJobId(period)}::uuid, ${RETENTION_SWEEP}, ${JSON.stringify({ period: period.toISOString() })}::jsonb,
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (id) do nothing
    returning id`);
  return (res as unknown as { rows: unknown[] }).rows.length === 1;
}

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
      { auditRetentionDays: ctx.config.auditRetentionDays },
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
