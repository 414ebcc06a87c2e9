import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

/** Attempts of a job before it fails for good, unless the runner is told otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export type Job = { id: string; kind: string; payload: Record<string, unknown>; attempts: number };
/**
 * Runs one job. `signal` aborts when the runner stops and the job has not finished within the
 * grace: the handler should stop its work (kill child processes, remove temporary files) and
 * throw. Its row is handed back to the queue whatever the handler does, so a handler's side
 * effects must be idempotent: the job runs again from the start on the next claim.
 */
export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

export type RunnerOptions = {
  pollMs?: number;
  /** How long a claimed job stays locked; a crashed worker's job is claimed again after it. */
  lockSeconds?: number;
  maxAttempts?: number;
  /** First retry delay; doubles with each attempt. */
  backoffSeconds?: number;
  /** How long `stop()` lets running jobs finish before handing them back (SHUTDOWN_GRACE_MS). */
  graceMs?: number;
  /** After the hand-back, how long `stop()` waits for aborted handlers to clean up. */
  abortWaitMs?: number;
};

/** A job this runner has claimed, from the claim until its row is written or handed back. */
type Claim = {
  job: Job;
  controller: AbortController;
  heartbeat: NodeJS.Timeout;
  /** `settling`: the handler returned, its outcome is being written; no hand-back any more. */
  state: 'running' | 'settling' | 'handedBack';
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
 * its lock expires. `stop()` lets running jobs finish within a grace, then hands back the rest:
 * their handlers are aborted and their rows are queued again at once, the attempt not counted.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;
  /** Every `runOnce` in progress, from before its claim until its outcome is written. */
  private readonly inFlight = new Set<Promise<boolean>>();
  private readonly claims = new Set<Claim>();
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
      graceMs: 20_000,
      abortWaitMs: 2000,
      ...opts,
    };
  }

  /** Claims and runs one due job; false when none is due or the runner is stopping. */
  runOnce(): Promise<boolean> {
    if (this.stopping) return Promise.resolve(false);
    const run = this.claimAndRun();
    this.inFlight.add(run);
    const forget = () => this.inFlight.delete(run);
    run.then(forget, forget);
    return run;
  }

  private async claimAndRun(): Promise<boolean> {
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
    // Claimed while `stop()` began: not started, given back as it was.
    if (this.stopping) {
      await this.release(job);
      return false;
    }
    const handler = this.handlers[job.kind];
    const claim: Claim = {
      job,
      controller: new AbortController(),
      // A long job (a transcode) keeps its lock while it runs, so no other worker claims it.
      heartbeat: setInterval(
        () =>
          void this.renewLock(job.id).catch((err) => this.log.warn({ err }, 'lock not renewed')),
        (this.o.lockSeconds * 1000) / 3,
      ),
      state: 'running',
    };
    claim.heartbeat.unref();
    this.claims.add(claim);
    let failure: { err: unknown } | null = null;
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job, claim.controller.signal);
    } catch (err) {
      failure = { err };
    } finally {
      clearInterval(claim.heartbeat);
    }
    // Handed back at shutdown: the row is queued again already, whatever the handler did.
    if (claim.state === 'handedBack') return true;
    claim.state = 'settling';
    try {
      await this.settle(job, handler !== undefined, failure);
    } finally {
      this.claims.delete(claim);
    }
    return true;
  }

  /** Records the outcome: succeeded, queued again after a backoff, or failed for good. */
  private async settle(job: Job, hasHandler: boolean, failure: { err: unknown } | null) {
    if (!failure) {
      await this.finish(job.id, 'succeeded', null, this.clock.now());
      return;
    }
    const { err } = failure;
    const message = err instanceof Error ? err.message : String(err);
    const at = this.clock.now();
    if (!hasHandler || job.attempts >= this.o.maxAttempts) {
      this.log.error({ err, jobId: job.id, kind: job.kind }, 'job failed for good');
      await this.finish(job.id, 'failed', message, at);
    } else {
      const delay = this.o.backoffSeconds * 2 ** (job.attempts - 1);
      this.log.warn({ err, jobId: job.id, kind: job.kind, delay }, 'job failed; will retry');
      await this.db.execute(sql`update ${jobs} set status = 'queued', locked_until = null,
        last_error = ${message}, run_at = ${new Date(at.getTime() + delay * 1000).toISOString()}::timestamptz,
        updated = ${at.toISOString()}::timestamptz where id = ${job.id}`);
    }
  }

  /** Runs due jobs until none is left. */
  async drain(): Promise<number> {
    let n = 0;
    while (!this.stopping && (await this.runOnce())) n++;
    return n;
  }

  /** Polls every `pollMs` without keeping the process alive. */
  start() {
    if (this.timer) return;
    this.stopping = false;
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

  /**
   * Stops claiming, lets the jobs in progress finish for up to `graceMs`, then hands back those
   * still running: each handler's signal aborts and its row is queued again at once (see
   * `release`), so another instance claims it without waiting for the lock to lapse. Waits up to
   * `abortWaitMs` more for the aborted handlers to clean up; one that ignores its signal is
   * left running, its row already released.
   */
  async stop(graceMs = this.o.graceMs) {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (await this.settledWithin(graceMs)) return;
    const late = [...this.claims].filter((c) => c.state === 'running');
    for (const claim of late) {
      claim.state = 'handedBack';
      clearInterval(claim.heartbeat);
      this.claims.delete(claim);
      claim.controller.abort(new Error('The server is shutting down'));
    }
    await Promise.all(
      late.map(async ({ job }) => {
        try {
          await this.release(job);
          this.log.info({ jobId: job.id, kind: job.kind }, 'job handed back at shutdown');
        } catch (err) {
          this.log.error(
            { err, jobId: job.id },
            'job not handed back; claimed again when its lock lapses',
          );
        }
      }),
    );
    await this.settledWithin(this.o.abortWaitMs);
  }

  /** Whether every `runOnce` in progress ended within `ms`. */
  private async settledWithin(ms: number): Promise<boolean> {
    if (this.inFlight.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const settled = Promise.allSettled([...this.inFlight]).then(() => true);
    try {
      return await Promise.race([settled, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Queues a claimed job again in one statement, due now and with its lock cleared; the claim's
   * attempt is taken back (it did not fail). Only while the row is still this claim's (`attempts`
   * counts claims): a row whose lock lapsed and that another worker claimed is left to it.
   */
  private async release(job: Job) {
    const now = this.clock.now().toISOString();
    await this.db.execute(sql`update ${jobs} set status = 'queued', locked_until = null,
      attempts = attempts - 1, run_at = ${now}::timestamptz, updated = ${now}::timestamptz
      where id = ${job.id} and status = 'running' and attempts = ${job.attempts}`);
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
