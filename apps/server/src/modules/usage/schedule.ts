import type { Db } from '../../db/client.ts';
import { queuePeriodJob } from '../../platform/jobs/period.ts';
import { USAGE_ROLLUP } from './job.ts';

/**
 * When the usage rollup runs: one run per period of `everySeconds` (USAGE_ROLLUP_EVERY_SECONDS,
 * hourly by default), each instance queuing the period's run twelve times a period (the first
 * queue wins, jobs/period.ts), at most every quarter of a second.
 */
export function usageRollupSchedule(everySeconds: number) {
  return {
    queue: (db: Db, now: Date): Promise<boolean> =>
      queuePeriodJob(db, USAGE_ROLLUP, everySeconds, now),
    queueEveryMs: Math.max(250, Math.round((everySeconds * 1000) / 12)),
  };
}
