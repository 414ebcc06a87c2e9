import { usageLimits } from '@roomscale/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queuePeriodJob } from '../../platform/jobs/period.ts';
import type { Job } from '../../platform/jobs/runner.ts';
import { recordLicensesHeld, rollupDay, rollupDaysAt } from './rollup.ts';

export const USAGE_ROLLUP = 'usage.rollup';

/** Each instance queues the hour's rollup this often; the first queue wins (jobs/period.ts). */
export const USAGE_QUEUE_EVERY_MS = (usageLimits.rollupEverySeconds * 1000) / 12;

/** Queues this hour's rollup unless an instance already did; true when this call queued it. */
export const queueUsageRollup = (db: Db, now: Date): Promise<boolean> =>
  queuePeriodJob(db, USAGE_ROLLUP, usageLimits.rollupEverySeconds, now);

/** The job's handler: the recent days' totals recomputed from their facts, then today's licenses held (rollup.ts). */
export function usageRollupHandler(ctx: AppContext) {
  return async (_job: Job, signal?: AbortSignal) => {
    const now = ctx.clock.now();
    const days = rollupDaysAt(now, ctx.config.usage.factRetentionDays);
    for (const day of days) {
      signal?.throwIfAborted();
      await rollupDay(ctx.db, day, undefined, now);
    }
    signal?.throwIfAborted();
    await recordLicensesHeld(ctx.db, now);
  };
}
