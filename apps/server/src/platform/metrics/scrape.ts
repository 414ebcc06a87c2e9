import { count, inArray, sql } from 'drizzle-orm';
import type { Gauge } from 'prom-client';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { MAIL_SEND } from '../mail/background.ts';
import { LocalStorage } from '../storage/local/local-storage.ts';

export type ScrapeSources = {
  jobs: Gauge<'kind' | 'state'>;
  oldestDue: Gauge;
  mailOutbox: Gauge<'state'>;
  /** Local storage only: Google Cloud Storage keeps its upload sessions itself. */
  uploadSessions: Gauge | null;
  databaseUp: Gauge;
};

/** The job states counted: succeeded jobs are history (and many), never counted. */
const pendingStatuses = ['queued', 'running', 'failed'];

/**
 * Jobs not succeeded, by kind and status: how many, how many are due at `now`, and how long the
 * oldest due one has waited, in seconds.
 */
export function pendingJobsQuery(db: Db, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = sql`${jobs.runAt} <= ${at}`;
  return db
    .select({
      kind: jobs.kind,
      status: jobs.status,
      all: count(),
      due: sql<number>`count(*) filter (where ${due})`.mapWith(Number),
      oldestDueAge:
        sql<number>`coalesce(extract(epoch from ${at} - min(${jobs.runAt}) filter (where ${due})), 0)`.mapWith(
          Number,
        ),
    })
    .from(jobs)
    .where(inArray(jobs.status, pendingStatuses))
    .groupBy(jobs.kind, jobs.status);
}

/**
 * Reads the queues into their gauges, once per scrape: one grouped query on `jobs` (served by
 * its (status, run_at) index: only the few rows not succeeded are read) and, with local
 * storage, one directory listing. A database that does not answer leaves the queue gauges
 * empty and `roomscale_metrics_database_up` 0; the rest of the scrape still answers.
 */
export async function readQueueState(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'log'>,
  g: ScrapeSources,
) {
  const now = ctx.clock.now();
  g.jobs.reset();
  g.mailOutbox.reset();
  try {
    const rows = await pendingJobsQuery(ctx.db, now);
    let oldestDueAge = 0;
    const outbox = { waiting: 0, failed: 0 };
    for (const r of rows) {
      if (r.status === 'queued') {
        g.jobs.set({ kind: r.kind, state: 'queued' }, r.due);
        g.jobs.set({ kind: r.kind, state: 'scheduled' }, r.all - r.due);
        oldestDueAge = Math.max(oldestDueAge, r.oldestDueAge);
      } else {
        g.jobs.set({ kind: r.kind, state: r.status }, r.all);
      }
      if (r.kind === MAIL_SEND) outbox[r.status === 'failed' ? 'failed' : 'waiting'] += r.all;
    }
    g.oldestDue.set(oldestDueAge);
    g.mailOutbox.set({ state: 'waiting' }, outbox.waiting);
    g.mailOutbox.set({ state: 'failed' }, outbox.failed);
    g.databaseUp.set(1);
  } catch (err) {
    ctx.log.warn({ err }, 'metrics: the job queue could not be read');
    g.oldestDue.remove();
    g.databaseUp.set(0);
  }
  if (g.uploadSessions && ctx.storage instanceof LocalStorage) {
    g.uploadSessions.set(await ctx.storage.uploads.openSessions());
  }
}
