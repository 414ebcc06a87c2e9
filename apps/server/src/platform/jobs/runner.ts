import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

/** Attempts of a job before it fails for good, unless the runner is told otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export type Job = { id: string; kind: string; payload: Record<string, unknown>; attempts: number };
export type JobHandler = (job: Job) => Promise<void>;

export type RunnerOptions = {
  pollMs?: number;
  /** How long a claimed job stays locked; a crashed worker's job is claimed again after it. */
  lockSeconds?: number;
  maxAttempts?: number;
  /** First retry delay; doubles with each attempt. */
  backoffSeconds?: number;
};

/** Queues a job in the caller's transaction, so it exists exactly when the change does. */
export async function enqueueJob(
  db: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
  runAt: Date,
) {
  await db.insert(jobs).values({ kind, payload, runAt, created: runAt, updated: runAt });
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * Durable jobs in the `jobs` table: any instance claims a due row with
 * `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1)`, so two workers never run the
 * same job. A failure is retried with exponential backoff up to `maxAttempts`, then marked
 * failed with its error. Rows survive restarts; a job whose worker died is claimed again once
 * its lock expires.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly o: Required<RunnerOptions>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<string, JobHandler>,
    opts: RunnerOptions = {},
  ) {
    this.o = {
      pollMs: 2000,
      lockSeconds: 900,
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      backoffSeconds: 30,
      ...opts,
    };
  }

  /** Claims and runs one due job; false when none is due. */
  async runOnce(): Promise<boolean> {
    const now = this.clock.now();
    const lockedUntil = new Date(now.getTime() + this.o.lockSeconds * 1000);
    const res = await this.db.execute(sql`update ${jobs}
      set status = 'running', attempts = attempts + 1, locked_until = ${lockedUntil.toISOString()}::timestamptz,
        updated = ${now.toISOString()}::timestamptz
      where id = (
        select id from ${jobs}
        where (status = 'queued' and run_at <= ${now.toISOString()}::timestamptz)
          or (status = 'running' and locked_until < ${now.toISOString()}::timestamptz)
        order by run_at
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts`);
    const [job] = rowsOf<Job>(res);
    if (!job) return false;
    const handler = this.handlers[job.kind];
    // A long job (a transcode) keeps its lock while it runs, so no other worker claims it.
    const heartbeat = setInterval(
      () => void this.renewLock(job.id).catch((err) => this.log.warn({ err }, 'lock not renewed')),
      (this.o.lockSeconds * 1000) / 3,
    );
    heartbeat.unref();
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job);
      await this.finish(job.id, 'succeeded', null, this.clock.now());
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const at = this.clock.now();
      if (!handler || job.attempts >= this.o.maxAttempts) {
        this.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed for good');
        await this.finish(job.id, 'failed', message, at);
      } else {
        const delay = this.o.backoffSeconds * 2 ** (job.attempts - 1);
        this.log.warn({ err, jobId: job.id, kind: job.kind, delay }, 'job failed; will retry');
        await this.db.execute(sql`update ${jobs} set status = 'queued', locked_until = null,
          last_error = ${message}, run_at = ${new Date(at.getTime() + delay * 1000).toISOString()}::timestamptz,
          updated = ${at.toISOString()}::timestamptz where id = ${job.id}`);
      }
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  /** Runs due jobs until none is left. */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOnce()) n++;
    return n;
  }

  /** Polls every `pollMs` without keeping the process alive. */
  start() {
    if (this.timer) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.drain()
        .then(() => undefined)
        .catch((err) => this.log.error({ err }, 'job runner failed'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(tick, this.o.pollMs);
    this.timer.unref();
    tick();
  }

  /** Stops polling and waits for the job in progress. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async renewLock(id: string) {
    const until = new Date(this.clock.now().getTime() + this.o.lockSeconds * 1000);
    await this.db.execute(sql`update ${jobs} set locked_until = ${until.toISOString()}::timestamptz
      where id = ${id} and status = 'running'`);
  }

  private async finish(id: string, status: string, error: string | null, at: Date) {
    await this.db.execute(sql`update ${jobs} set status = ${status}, locked_until = null,
      last_error = ${error}, updated = ${at.toISOString()}::timestamptz where id = ${id}`);
  }
}
