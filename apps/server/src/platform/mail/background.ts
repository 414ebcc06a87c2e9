import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
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

/**
 * Sends without making the request wait, durably. Account emails must not reveal through
 * response time (or a failing SMTP server) whether an address is registered.
 *
 * The mail is handed to the mailer at once and, at the same time, recorded as a `mail.send` job
 * that this process holds (status running, locked for 5 minutes). A successful send marks the
 * job succeeded; a failed one gives it back to the queue, whose runner retries it with backoff
 * (30 s, 60 s, …, 5 attempts) on any instance; if the process dies mid-send, the lock lapses and
 * the runner sends it again. So a mail is sent at least once, never lost to one SMTP failure.
 */
export function sendInBackground(ctx: MailContext, mail: Mail) {
  const now = ctx.clock.now();
  const recorded = ctx.db
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
    .returning({ id: jobs.id })
    .then(([row]) => row!.id);
  const sent = ctx.mailer.send(mail).then(
    () => null,
    (err: unknown) => err,
  );
  void Promise.all([recorded, sent])
    .then(async ([id, err]) => {
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
    })
    .catch((err: unknown) =>
      ctx.log.error({ err, to: mail.to, subject: mail.subject }, 'recording mail failed'),
    );
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
