import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { startBlackHole } from '../../test/blackHole.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { enqueueMail, MAIL_SEND, mailsInFlight } from './background.ts';
import { createMailer } from './mailer.ts';

const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
const log = pino({ level: 'silent' });
/** A mailer sending to the silent server at `smtpUrl`, giving up after 300 ms. */
const mailerTo = (smtpUrl: string) =>
  createMailer({ smtpUrl, from: 'a@b.test', dataDir: '/tmp', log, timeoutMs: 300 });

/**
 * SMTP servers that accept the connection and then go silent: before the greeting, or after it
 * (the answer to EHLO never comes). A send gives up after SMTP_TIMEOUT_MS, where nodemailer's own
 * defaults would wait 30 s for a greeting and 10 minutes for an answer.
 */
describe('SMTP that accepts and never answers', () => {
  let mute: Awaited<ReturnType<typeof startBlackHole>>;
  let greetsOnly: Awaited<ReturnType<typeof startBlackHole>>;
  let muteUrl: string;
  let greetsOnlyUrl: string;
  let t: TestApp;
  beforeAll(async () => {
    mute = await startBlackHole();
    greetsOnly = await startBlackHole('220 mail.example.test ESMTP\r\n');
    muteUrl = `smtp://127.0.0.1:${mute.port}`;
    greetsOnlyUrl = `smtp://127.0.0.1:${greetsOnly.port}`;
    t = await createTestApp();
  });
  afterAll(async () => {
    await mute.close();
    await greetsOnly.close();
    await t.close();
  });

  it('fails a send when no greeting comes within the timeout', async () => {
    const mailer = mailerTo(muteUrl);
    await expect(mailer.send(mail('x@example.com'))).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: expect.stringMatching(/timeout|greeting never received/i),
    });
  });

  it('fails a send when the server greets and then says nothing', async () => {
    const mailer = mailerTo(greetsOnlyUrl);
    await expect(mailer.send(mail('x@example.com'))).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: expect.stringMatching(/timeout/i),
    });
  });

  it('gives the mail back to the outbox, which retries it, and lets the shutdown go on', async () => {
    t.ctx.mailer = mailerTo(muteUrl);
    await enqueueMail(t.ctx, t.ctx.db, mail('outbox@example.com'));
    // What a shutdown waits for: it ends, with the send failed and recorded.
    await mailsInFlight();
    const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, MAIL_SEND));
    expect(row).toMatchObject({ status: 'queued', lockedUntil: null });
    expect(row!.lastError).toMatch(/timeout|greeting never received/i);
  });
});
