import { usersApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { JobRunner } from '../jobs/runner.ts';
import { enqueueMail, MAIL_SEND, mailSendHandler } from './background.ts';
import type { Mail, Mailer } from './mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A mail server that is down until `up` is set. */
class FlakyMailer implements Mailer {
  up = false;
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    if (!this.up) throw new Error('SMTP 421 try again later');
    this.sent.push(mail);
  }
}

const mailJobs = async (to: string) =>
  (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, MAIL_SEND))).filter(
    (j) => (j.payload as { to?: string }).to === to,
  );
const invitation = (to: string): Mail => ({
  to,
  subject: 'Invitation: Review',
  text: 'Join us',
  html: '<p>Join us</p>',
  attachments: [
    {
      filename: 'invite.ics',
      content: Buffer.from('BEGIN:VCALENDAR\r\n'),
      contentType: 'text/calendar',
    },
  ],
});

describe('mails on the durable queue', () => {
  it('sends at once and records the send as a succeeded mail.send job', async () => {
    await enqueueMail(t.ctx, t.ctx.db, invitation('ada@example.com'));
    expect(t.mailer.to('ada@example.com')).toHaveLength(1);
    await expect.poll(async () => (await mailJobs('ada@example.com'))[0]?.status).toBe('succeeded');
    const [row] = await mailJobs('ada@example.com');
    expect(row).toMatchObject({ attempts: 1, lockedUntil: null });
    // Sent: only the address and subject stay; the body (links, codes) is gone.
    expect(row!.payload).toEqual({
      to: 'ada@example.com',
      subject: 'Invitation: Review',
      redacted: true,
    });
  });

  it('gives a failed send to the queue, which retries it with backoff until it goes through', async () => {
    const flaky = new FlakyMailer();
    const ctx = { ...t.ctx, mailer: flaky };
    await enqueueMail(ctx, ctx.db, invitation('bob@example.com'));
    await expect.poll(async () => (await mailJobs('bob@example.com'))[0]?.status).toBe('queued');
    expect((await mailJobs('bob@example.com'))[0]).toMatchObject({
      attempts: 1,
      lastError: 'SMTP 421 try again later',
    });
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      [MAIL_SEND]: mailSendHandler(ctx),
    });
    expect(await runner.runOnce()).toBe(false); // not before 30 s
    t.clock.advance(31);
    expect(await runner.runOnce()).toBe(true); // still down: next try 60 s later
    expect((await mailJobs('bob@example.com'))[0]).toMatchObject({ status: 'queued', attempts: 2 });
    flaky.up = true;
    t.clock.advance(61);
    expect(await runner.runOnce()).toBe(true);
    expect((await mailJobs('bob@example.com'))[0]).toMatchObject({
      status: 'succeeded',
      attempts: 3,
    });
    expect(flaky.sent).toHaveLength(1);
    expect((await mailJobs('bob@example.com'))[0]!.payload).toMatchObject({ redacted: true });
    const [mail] = flaky.sent;
    expect(mail).toMatchObject({
      to: 'bob@example.com',
      subject: 'Invitation: Review',
      text: 'Join us',
    });
    expect(mail!.attachments?.[0]).toMatchObject({
      filename: 'invite.ics',
      contentType: 'text/calendar',
    });
    expect(String(mail!.attachments?.[0]?.content)).toBe('BEGIN:VCALENDAR\r\n');
  });

  it('sends again a mail whose sender died mid-send, once its lock lapses', async () => {
    const now = t.clock.now();
    await t.ctx.db.insert(jobs).values({
      kind: MAIL_SEND,
      payload: { to: 'cy@example.com', subject: 'Reset', text: 'link', html: '<p>link</p>' },
      status: 'running',
      attempts: 1,
      runAt: now,
      lockedUntil: new Date(now.getTime() + 300_000),
    });
    const flaky = new FlakyMailer();
    flaky.up = true;
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      [MAIL_SEND]: mailSendHandler({ db: t.ctx.db, mailer: flaky }),
    });
    expect(await runner.runOnce()).toBe(false);
    t.clock.advance(301);
    expect(await runner.runOnce()).toBe(true);
    expect(flaky.sent.map((m) => m.to)).toEqual(['cy@example.com']);
  });

  it('queues an account email (password reset) when the mail server is down', async () => {
    const user = await createUser(t);
    const flaky = new FlakyMailer();
    const real = t.ctx.mailer;
    t.ctx.mailer = flaky;
    try {
      const res = await callEndpoint(t, usersApi.forgotPassword, {
        body: { email: user.email },
      });
      expect(res.status, res.raw.body).toBe(200);
      await expect.poll(async () => (await mailJobs(user.email))[0]?.status).toBe('queued');
      flaky.up = true;
      t.clock.advance(31);
      const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
        [MAIL_SEND]: mailSendHandler(t.ctx),
      });
      await runner.drain();
      expect(flaky.sent.map((m) => m.to)).toEqual([user.email]);
      expect(flaky.sent[0]!.text).toContain('/reset-password');
      const [row] = await t.ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, MAIL_SEND), eq(jobs.status, 'succeeded')));
      expect(row).toBeDefined();
    } finally {
      t.ctx.mailer = real;
    }
  });

  it('drops the body of a mail the queue gives up on', async () => {
    const flaky = new FlakyMailer();
    const ctx = { ...t.ctx, mailer: flaky };
    await enqueueMail(ctx, ctx.db, invitation('dee@example.com'));
    await expect.poll(async () => (await mailJobs('dee@example.com'))[0]?.status).toBe('queued');
    const runner = new JobRunner(
      t.ctx.db,
      t.clock,
      t.ctx.log,
      { [MAIL_SEND]: mailSendHandler(ctx, 2) },
      { maxAttempts: 2, backoffSeconds: 0 },
    );
    t.clock.advance(31);
    await runner.drain();
    const [row] = await mailJobs('dee@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row!.payload).toEqual({
      to: 'dee@example.com',
      subject: 'Invitation: Review',
      redacted: true,
    });
  });
});
