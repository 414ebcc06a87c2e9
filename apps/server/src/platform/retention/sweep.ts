import { retention } from '@roomscale/shared';
import type { Db } from '../../db/client.ts';
import { type Budget, deleteInBatches } from './batches.ts';
import { type RetentionSettings, sweepSessions, tableRules } from './sweeps.ts';

export type SweepOptions = {
  batchRows?: number;
  maxBatchesPerTable?: number;
  budgetMs?: number;
  signal?: AbortSignal;
};

/** What one run deleted per rule; `complete` is false where rows are left for the next run. */
export type SweepReport = { name: string; deleted: number; complete: boolean }[];

/**
 * One run of the retention sweep at `now`: every rule of sweeps.ts in turn, each in batches of
 * `retention.batchRows` committed one by one, within the run's budget. Rows left over (the
 * budget ran out, or a request held them) go in the next run.
 */
export async function sweepRetention(
  db: Db,
  now: Date,
  settings: RetentionSettings,
  opts: SweepOptions = {},
): Promise<SweepReport> {
  const budget: Budget = {
    batchRows: opts.batchRows ?? retention.batchRows,
    maxBatches: opts.maxBatchesPerTable ?? retention.maxBatchesPerTable,
    deadline: performance.now() + (opts.budgetMs ?? retention.runBudgetSeconds * 1000),
    signal: opts.signal,
  };
  const s = await sweepSessions(db, now, budget);
  const report: SweepReport = [
    { name: 'refresh_tokens', ...s.refreshTokens },
    { name: 'sessions', ...s.sessions },
  ];
  for (const rule of tableRules) {
    const where = rule.expired(now, settings);
    if (!where) continue;
    const outcome = await deleteInBatches(db, rule.table, where, budget, rule.order);
    report.push({ name: rule.name, ...outcome });
  }
  return report;
}
