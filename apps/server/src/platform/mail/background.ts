import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context.ts';
import { afterCommit } from '../../db/afterCommit.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { DEFAULT_MAX_ATTEMPTS, type Job } from '../jobs/runner.ts';
import type { Mail, Mailer } from './mailer.ts';

export const MAIL_SEND = 'mail.send';

type MailContext = { db: Db; mailer: Mailer; log: FastifyBaseLogger; clock: Clock };

/** How long a send may take before the queue tries again (a worker that died mid-send). */
const sendLockSeconds = 300;
/** The first retry of a failed send; the job runner doubles it for each further attempt. */
const firstRetrySeconds = 30;

/** A mail as a JSON job payload: attachment bytes travel as base64. */
type StoredMail = Omit<Mail, 'attachments'> & {
  attachments?: { filename: string; base64: string; contentType: string }[];
};

const toPayload = (mail: Mail): StoredMail => ({
  ...mail,
  attachments: mail.attachments?.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    base64: Buffer.from(a.content).toString('base64'),
  })),
});

const fromPayload = (stored: StoredMail): Mail => ({
  to: stored.to,
  subject: stored.subject,
  text: stored.text,
  html: stored.html,
  ...(stored.attachments
    ? {
        attachments: stored.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.base64, 'base64'),
        })),
      }
    : {}),
});

const iso = (d: Date) => d.toISOString();

/**
 * What a finished mail job keeps: mails carry live secrets (reset links, sign-in codes) that the
 * database otherwise stores only hashed, so the body goes once the mail is sent or given up.
 */
const redacted = (mail: { to: string; subject: string }) => ({
  to: mail.to,
  subject: mail.subject,
  redacted: true,
});

async function redact(db: Db, id: string, mail: { to: string; subject: string }) {
  await db.execute(
    sql`update ${jobs} set payload = ${JSON.stringify(redacted(mail))}::jsonb where id = ${id}`,
  );
}

/** Sends started by this process and not yet recorded; shutdown waits for them. */
const inFlight = new Set<Promise<void>>();

/** Resolves once every send this process started has finished and been recorded. */
export async function mailsInFlight(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/**
 * Queues a mail in the transaction of the change it announces (an outbox), and sends it once
 * that transaction commits, without making the request wait.
 *
 * Pass the open transaction `tx` of the business change: the `mail.send` job row is written in
 * it, so it exists exactly when the change does — a rollback leaves no mail, a commit leaves a
 * row before any send, and a crash right after the commit leaves a row the queue sends later.
 * Pass `ctx.db` only where nothing else is written (the row then commits on its own).
 *
 * The row is written as held by this process (status running, locked for 5 minutes). After the
 * commit the mail is handed to the mailer; success marks the job succeeded, a failure gives it
 * back to the queue, whose runner retries it with backoff (30 s, 60 s, …, 5 attempts) on any
 * instance; if the process dies before or during the send, the lock lapses and the runner sends
 * it. So a mail is sent at least once, never lost to a crash or one SMTP failure. Account emails
 * leave after the answer, so neither its timing nor a failing SMTP server tells whether an
 * address is registered.
 */
export async function enqueueMail(ctx: MailContext, tx: DbOrTx, mail: Mail): Promise<void> {
  const now = ctx.clock.now();
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: MAIL_SEND,
      payload: toPayload(mail),
      status: 'running',
      attempts: 1,
      runAt: now,
      lockedUntil: new Date(now.getTime() + sendLockSeconds * 1000),
      created: now,
      updated: now,
    })
    .returning({ id: jobs.id });
  const id = row!.id;
  afterCommit(tx, () => {
    const delivery = deliver(ctx, id, mail).finally(() => inFlight.delete(delivery));
    inFlight.add(delivery);
  });
}

/** The first send of a committed mail job, and its outcome on the row. */
async function deliver(ctx: MailContext, id: string, mail: Mail): Promise<void> {
  const err = await ctx.mailer.send(mail).then(
    () => null,
    (e: unknown) => e ?? new Error('send failed'),
  );
  try {
    const at = ctx.clock.now();
    if (err === null) {
      await ctx.db.execute(sql`update ${jobs} set status = 'succeeded', locked_until = null,
        payload = ${JSON.stringify(redacted(mail))}::jsonb,
        updated = ${iso(at)}::timestamptz where id = ${id}`);
      return;
    }
    ctx.log.warn({ err, to: mail.to, subject: mail.subject }, 'sending mail failed; queued');
    const message = err instanceof Error ? err.message : String(err);
    const retryAt = new Date(at.getTime() + firstRetrySeconds * 1000);
    await ctx.db.execute(sql`update ${jobs} set status = 'queued', locked_until = null,
      last_error = ${message}, run_at = ${iso(retryAt)}::timestamptz,
      updated = ${iso(at)}::timestamptz where id = ${id}`);
  } catch (e) {
    // The row stays held until its lock lapses; the queue then sends it (again).
    ctx.log.error({ err: e, to: mail.to, subject: mail.subject }, 'recording mail failed');
  }
}

/**
 * `mail.send`: a mail whose first send failed (or whose sender died), sent by the queue. Its body
 * is removed from the row once sent, or when the last attempt fails.
 */
export function mailSendHandler(
  ctx: { db: Db; mailer: Mailer },
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
) {
  return async (job: Job) => {
    const stored = job.payload as unknown as StoredMail;
    if ((job.payload as { redacted?: boolean }).redacted) return;
    try {
      await ctx.mailer.send(fromPayload(stored));
    } catch (err) {
      if (job.attempts >= maxAttempts) await redact(ctx.db, job.id, stored);
      throw err;
    }
    await redact(ctx.db, job.id, stored);
  };
}
