import { usersApi } from '@roomscale/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, MemoryMailer, type TestApp } from '../../test/harness.ts';
import { JobRunner } from '../jobs/runner.ts';
import { enqueueMail, MAIL_SEND, mailSendHandler } from './background.ts';
import type { Mail, Mailer } from './mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailTo = (to: string): Mail => ({ to, subject: 'Welcome', text: 'Hi', html: '<p>Hi</p>' });
const mailJobs = async (to: string) =>
  (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, MAIL_SEND))).filter(
    (j) => (j.payload as { to?: string }).to === to,
  );
/** Records, at the moment of each send, whether the mail's job row was already committed. */
class CheckingMailer implements Mailer {
  /** Every send, from its first moment. */
  readonly started: string[] = [];
  readonly seen: { to: string; rowExisted: boolean }[] = [];
  async send(mail: Mail) {
    this.started.push(mail.to);
    const rows = await t.ctx.db.execute(
      sql`select id from ${jobs} where kind = ${MAIL_SEND} and payload->>'to' = ${mail.to}`,
    );
    this.seen.push({ to: mail.to, rowExisted: (rows as { rows: unknown[] }).rows.length > 0 });
  }
}

/** A mail server the process dies talking to: the send never ends. */
const hangingMailer: Mailer = { send: () => new Promise(() => {}) };

/** The database of a process that dies the moment a transaction has committed. */
function dyingAfterCommit(db: Db): Db {
  let dead = false;
  return new Proxy(db, {
    get(target, prop) {
      if (dead) throw new Error('the process died');
      if (prop === 'transaction') {
        return async (...args: Parameters<Db['transaction']>) => {
          const result = await target.transaction(...args);
          dead = true;
          return result;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('the mail outbox', () => {
  it('writes no mail job and sends nothing when the transaction rolls back', async () => {
    const to = 'rolled-back@example.com';
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await enqueueMail(t.ctx, tx, mailTo(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // A mail committed after it: once that one is sent, the rolled back one had its chance.
    const after = 'after-rollback@example.com';
    await t.ctx.db.transaction((tx) => enqueueMail(t.ctx, tx, mailTo(after)));
    await expect.poll(() => t.mailer.to(after)).toHaveLength(1);
    expect(await mailJobs(to)).toHaveLength(0);
    expect(t.mailer.to(to)).toHaveLength(0);
  });

  it('drops the mail of a failed savepoint and keeps the one of the committed transaction', async () => {
    await t.ctx.db.transaction(async (tx) => {
      await enqueueMail(t.ctx, tx, mailTo('outer@example.com'));
      await expect(
        tx.transaction(async (sp) => {
          await enqueueMail(t.ctx, sp, mailTo('savepoint@example.com'));
          throw new Error('savepoint fails');
        }),
      ).rejects.toThrow('savepoint fails');
      await tx.transaction(async (sp) => {
        await enqueueMail(t.ctx, sp, mailTo('kept-savepoint@example.com'));
      });
    });
    // The last one queued: once it is sent, the ones before it have been handled.
    await expect.poll(() => t.mailer.to('kept-savepoint@example.com')).toHaveLength(1);
    expect(await mailJobs('savepoint@example.com')).toHaveLength(0);
    expect(t.mailer.to('savepoint@example.com')).toHaveLength(0);
    for (const to of ['outer@example.com', 'kept-savepoint@example.com']) {
      expect(t.mailer.to(to)).toHaveLength(1);
      await expect.poll(async () => (await mailJobs(to))[0]?.status).toBe('succeeded');
    }
  });

  it('sends only after the commit, when the job row already exists', async () => {
    const checking = new CheckingMailer();
    const ctx = { ...t.ctx, mailer: checking };
    const to = 'committed@example.com';
    await t.ctx.db.transaction(async (tx) => {
      await enqueueMail(ctx, tx, mailTo(to));
      // Still inside the transaction: no send has begun (one would have begun by now).
      expect(checking.started).toEqual([]);
    });
    await expect.poll(() => checking.seen).toEqual([{ to, rowExisted: true }]);
  });

  it('has the account email job in the database before the mail is sent (registration, reset)', async () => {
    const checking = new CheckingMailer();
    const real = t.ctx.mailer;
    t.ctx.mailer = checking;
    try {
      const user = await createUser(t);
      expect(
        (await callEndpoint(t, usersApi.forgotPassword, { body: { email: user.email } })).status,
      ).toBe(200);
      const res = await callEndpoint(t, usersApi.register, {
        body: {
          email: 'outbox-new@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          privacyAccepted: true,
          termsAccepted: true,
        },
      });
      expect(res.status, res.raw.body).toBe(200);
      await expect
        .poll(() => checking.seen)
        .toEqual([
          { to: user.email, rowExisted: true },
          { to: 'outbox-new@example.com', rowExisted: true },
        ]);
    } finally {
      t.ctx.mailer = real;
    }
  });

  it('sends after a restart the mail of a change committed just before the process died', async () => {
    const user = await createUser(t);
    const realDb = t.ctx.db;
    const realMailer = t.ctx.mailer;
    t.ctx.db = dyingAfterCommit(realDb);
    t.ctx.mailer = hangingMailer;
    try {
      await callEndpoint(t, usersApi.forgotPassword, { body: { email: user.email } });
    } finally {
      t.ctx.db = realDb;
      t.ctx.mailer = realMailer;
    }
    // The next start: the runner finds the mail once the dead sender's lock has lapsed.
    const afterRestart = new MemoryMailer();
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      [MAIL_SEND]: mailSendHandler({ db: t.ctx.db, mailer: afterRestart }),
    });
    t.clock.advance(301);
    await runner.drain();
    expect(afterRestart.to(user.email)).toHaveLength(1);
    // The link it carries works: the token was committed with the mail.
    const url = afterRestart.link(user.email, '/reset-password');
    const reset = await callEndpoint(t, usersApi.resetPassword, {
      body: {
        userId: url.searchParams.get('user') ?? '',
        token: url.searchParams.get('token') ?? '',
        password: 'Renewed123',
        passwordConfirm: 'Renewed123',
      },
    });
    expect(reset.status, reset.raw.body).toBe(200);
  });
});
