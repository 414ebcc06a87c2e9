import { randomUUID } from 'node:crypto';
import { retention, security } from '@roomscale/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authThrottle,
  billingEvents,
  guestCodes,
  guestSessions,
  guests,
  jobs,
  refreshTokens,
  samlAssertions,
  samlRequests,
  sessions,
  ssoTokens,
  teamInvitations,
  userTokens,
} from '../../db/schema.ts';
import { createTeam, createUser, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type SweepOptions, sweepRetention } from './sweep.ts';

let t: TestApp;
let user: { id: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const ago = (days: number) => new Date(t.clock.now().getTime() - days * DAY);
const ahead = (days: number) => new Date(t.clock.now().getTime() + days * DAY);
const sweep = (auditRetentionDays?: number, opts?: SweepOptions) =>
  sweepRetention(t.ctx.db, t.clock.now(), { auditRetentionDays }, opts);
const left = (report: Awaited<ReturnType<typeof sweep>>, name: string) =>
  report.find((r) => r.name === name);

/** Which of `ids` are still in the table: `ids` keyed by what each row is. */
async function kept<T extends Record<string, string>>(
  ids: T,
  read: (ids: string[]) => Promise<{ id: string }[]>,
): Promise<(keyof T)[]> {
  const rows = new Set((await read(Object.values(ids))).map((r) => r.id));
  return Object.keys(ids).filter((k) => rows.has(ids[k]!)) as (keyof T)[];
}

describe('retention sweep', () => {
  it('deletes sessions ended a week ago with their refresh tokens; live and recent ones stay', async () => {
    const session = async (values: { expiresAt: Date; revokedAt?: Date }, tokens = 2) => {
      const [s] = await t.ctx.db
        .insert(sessions)
        .values({ userId: user.id, method: 'password', created: ago(40), ...values })
        .returning({ id: sessions.id });
      for (let i = 0; i < tokens; i++) {
        await t.ctx.db.insert(refreshTokens).values({
          sessionId: s!.id,
          userId: user.id,
          tokenHash: randomUUID(),
          scope: 'api',
          usedAt: i < tokens - 1 ? ago(9) : null,
        });
      }
      return s!.id;
    };
    const days = retention.endedSessionDays;
    const ids = {
      ranOut: await session({ expiresAt: ago(days + 1) }),
      revoked: await session({ expiresAt: ahead(20), revokedAt: ago(days + 1) }),
      revokedRecently: await session({ expiresAt: ahead(20), revokedAt: ago(days - 1) }),
      ranOutRecently: await session({ expiresAt: ago(days - 1) }),
      live: await session({ expiresAt: ahead(20) }),
    };
    const report = await sweep();
    const read = (list: string[]) =>
      t.ctx.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, list));
    expect(await kept(ids, read)).toEqual(['revokedRecently', 'ranOutRecently', 'live']);
    const tokens = await t.ctx.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(inArray(refreshTokens.sessionId, Object.values(ids)));
    expect(new Set(tokens.map((r) => r.sessionId))).toEqual(
      new Set([ids.revokedRecently, ids.ranOutRecently, ids.live]),
    );
    // The live session keeps its used tokens: presenting one again revokes it.
    expect(tokens.filter((r) => r.sessionId === ids.live)).toHaveLength(2);
    expect(left(report, 'sessions')).toMatchObject({ complete: true });
    expect(left(report, 'sessions')!.deleted).toBeGreaterThanOrEqual(2);
    expect(left(report, 'refresh_tokens')!.deleted).toBeGreaterThanOrEqual(4);
  });

  it('deletes long sessions a batch of refresh tokens at a time, over several runs when the budget ends', async () => {
    const [s] = await t.ctx.db
      .insert(sessions)
      .values({ userId: user.id, method: 'password', expiresAt: ago(30) })
      .returning({ id: sessions.id });
    await t.ctx.db.execute(sql`insert into refresh_tokens (session_id, user_id, token_hash, scope, used_at)
      select ${s!.id}::uuid, ${user.id}::uuid, md5(random()::text || i), 'api', now()
      from generate_series(1, 25) i`);
    const count = async () =>
      (
        await t.ctx.db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(eq(refreshTokens.sessionId, s!.id))
      ).length;
    await sweep(undefined, { batchRows: 10, budgetMs: 0 });
    expect(await count()).toBe(25);
    const report = await sweep(undefined, { batchRows: 10 });
    expect(await count()).toBe(0);
    expect(left(report, 'refresh_tokens')!.deleted).toBeGreaterThanOrEqual(25);
    const [gone] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, s!.id));
    expect(gone).toBeUndefined();
  });

  it('deletes emailed tokens a week after they were used or ran out', async () => {
    const token = async (values: { expiresAt: Date; usedAt?: Date }) => {
      const [r] = await t.ctx.db
        .insert(userTokens)
        .values({ userId: user.id, purpose: 'reset', tokenHash: randomUUID(), ...values })
        .returning({ id: userTokens.id });
      return r!.id;
    };
    const days = retention.endedEmailTokenDays;
    const ids = {
      used: await token({ expiresAt: ahead(1), usedAt: ago(days + 1) }),
      ranOut: await token({ expiresAt: ago(days + 1) }),
      usedRecently: await token({ expiresAt: ahead(1), usedAt: ago(days - 1) }),
      ranOutRecently: await token({ expiresAt: ago(days - 1) }),
      live: await token({ expiresAt: ahead(1) }),
    };
    await sweep();
    const read = (list: string[]) =>
      t.ctx.db.select({ id: userTokens.id }).from(userTokens).where(inArray(userTokens.id, list));
    expect(await kept(ids, read)).toEqual(['usedRecently', 'ranOutRecently', 'live']);
  });

  it('forgets password-grant throttle rows once every window, lock and familiar address is over', async () => {
    const memoryDays = security.accountFailureMemorySeconds / 86_400;
    const familiarDays = security.familiarAddressSeconds / 86_400;
    const row = async (key: string, values: Partial<typeof authThrottle.$inferInsert>) => {
      const k = `${key}:${randomUUID()}`;
      await t.ctx.db
        .insert(authThrottle)
        .values({ key: k, failures: 3, windowStart: ago(memoryDays + 2), ...values });
      return k;
    };
    const ids = {
      quietFailures: await row('ip', { lastFailureAt: ago(memoryDays + 1) }),
      lockEndedLongAgo: await row('pair', {
        lastFailureAt: ago(memoryDays + 1),
        lockedUntil: ago(memoryDays + 0.5),
      }),
      recentFailure: await row('account', { lastFailureAt: ago(memoryDays - 0.5) }),
      stillLocked: await row('ip', { lastFailureAt: ago(memoryDays + 1), lockedUntil: ahead(1) }),
      windowJustStarted: await row('ip', { windowStart: ago(0.01), lastFailureAt: null }),
      familiarLongAgo: await row('pair', {
        failures: 0,
        lastSuccessAt: ago(familiarDays + 1),
        lastFailureAt: ago(familiarDays + 2),
      }),
      familiar: await row('pair', { failures: 0, lastSuccessAt: ago(familiarDays - 1) }),
      familiarLongAgoFailingNow: await row('pair', {
        lastSuccessAt: ago(familiarDays + 1),
        lastFailureAt: ago(0.01),
      }),
    };
    await sweep();
    const read = (list: string[]) =>
      t.ctx.db
        .select({ id: authThrottle.key })
        .from(authThrottle)
        .where(inArray(authThrottle.key, list));
    expect(await kept(ids, read)).toEqual([
      'recentFailure',
      'stillLocked',
      'windowJustStarted',
      'familiar',
      'familiarLongAgoFailingNow',
    ]);
  });

  it('deletes SAML request and assertion ids and single sign-on tokens past their lifetime', async () => {
    const id = () => `_${randomUUID()}`;
    const [old, live] = [id(), id()];
    await t.ctx.db.insert(samlRequests).values([
      { id: old, providerId: 'p', purpose: 'login', expiresAt: ago(0.001) },
      { id: live, providerId: 'p', purpose: 'login', expiresAt: ahead(0.005) },
    ]);
    await t.ctx.db.insert(samlAssertions).values([
      { providerId: 'p', assertionId: old, expiresAt: ago(0.001) },
      { providerId: 'p', assertionId: live, expiresAt: ahead(0.005) },
    ]);
    const token = { purpose: 'login' as const, userId: user.id, providerId: 'p', providerKey: 'k' };
    await t.ctx.db.insert(ssoTokens).values([
      { ...token, tokenHash: old, expiresAt: ago(0.001) },
      { ...token, tokenHash: live, expiresAt: ahead(0.0005) },
    ]);
    await sweep();
    const ids = { old, live };
    expect(
      await kept(ids, (list) =>
        t.ctx.db
          .select({ id: samlRequests.id })
          .from(samlRequests)
          .where(inArray(samlRequests.id, list)),
      ),
    ).toEqual(['live']);
    expect(
      await kept(ids, (list) =>
        t.ctx.db
          .select({ id: samlAssertions.assertionId })
          .from(samlAssertions)
          .where(inArray(samlAssertions.assertionId, list)),
      ),
    ).toEqual(['live']);
    expect(
      await kept(ids, (list) =>
        t.ctx.db
          .select({ id: ssoTokens.tokenHash })
          .from(ssoTokens)
          .where(inArray(ssoTokens.tokenHash, list)),
      ),
    ).toEqual(['live']);
  });

  it('deletes guest sessions a week after they ended and guest codes a day after they ran out', async () => {
    const [guest] = await t.ctx.db
      .insert(guests)
      .values({ email: uniqueEmail('guest') })
      .returning({ id: guests.id, email: guests.email });
    const session = async (values: { expiresAt: Date; revokedAt?: Date }) => {
      const [r] = await t.ctx.db
        .insert(guestSessions)
        .values({ guestId: guest!.id, ...values })
        .returning({ id: guestSessions.id });
      return r!.id;
    };
    const days = retention.endedSessionDays;
    const sessionIds = {
      ranOut: await session({ expiresAt: ago(days + 1) }),
      revoked: await session({ expiresAt: ahead(0.05), revokedAt: ago(days + 1) }),
      ranOutRecently: await session({ expiresAt: ago(days - 1) }),
      live: await session({ expiresAt: ahead(0.05) }),
    };
    const code = async (expiresAt: Date) => {
      const [r] = await t.ctx.db
        .insert(guestCodes)
        .values({ email: guest!.email, codeHash: randomUUID(), ip: '10.0.0.1', expiresAt })
        .returning({ id: guestCodes.id });
      return r!.id;
    };
    const codeDays = retention.endedGuestCodeDays;
    const codeIds = {
      ranOut: await code(ago(codeDays + 0.1)),
      ranOutRecently: await code(ago(codeDays - 0.1)),
      live: await code(ahead(0.005)),
    };
    await sweep();
    expect(
      await kept(sessionIds, (list) =>
        t.ctx.db
          .select({ id: guestSessions.id })
          .from(guestSessions)
          .where(inArray(guestSessions.id, list)),
      ),
    ).toEqual(['ranOutRecently', 'live']);
    expect(
      await kept(codeIds, (list) =>
        t.ctx.db.select({ id: guestCodes.id }).from(guestCodes).where(inArray(guestCodes.id, list)),
      ),
    ).toEqual(['ranOutRecently', 'live']);
  });

  it('deletes invitations to existing accounts a month after they ended; a team-created account keeps its row', async () => {
    const admin = await createUser(t);
    const team = await createTeam(t, admin.id);
    const days = retention.endedInvitationDays;
    const invitation = async (values: Partial<typeof teamInvitations.$inferInsert>) => {
      const invitee = await createUser(t);
      const [r] = await t.ctx.db
        .insert(teamInvitations)
        .values({
          organizationId: team.id,
          userId: invitee.id,
          email: invitee.email,
          kind: 'existing_account',
          status: 'pending',
          role: 'User',
          licenseType: 'Trial',
          invitedBy: admin.id,
          tokenHash: randomUUID(),
          expiresAt: ago(days + 2),
          created: ago(days + 9),
          ...values,
        })
        .returning({ id: teamInvitations.id });
      return r!.id;
    };
    const ids = {
      declined: await invitation({ status: 'declined', answeredAt: ago(days + 5) }),
      ranOutPending: await invitation({}),
      retired: await invitation({ status: 'expired', answeredAt: ago(days - 1) }),
      acceptedRecently: await invitation({
        status: 'accepted',
        expiresAt: ahead(1),
        answeredAt: ago(days - 1),
      }),
      open: await invitation({ expiresAt: ahead(1), created: ago(1) }),
      teamCreatedAccount: await invitation({
        kind: 'new_account',
        status: 'accepted',
        tokenHash: null,
        answeredAt: ago(days + 9),
      }),
    };
    await sweep();
    const read = (list: string[]) =>
      t.ctx.db
        .select({ id: teamInvitations.id })
        .from(teamInvitations)
        .where(inArray(teamInvitations.id, list));
    // `retired` was marked expired lately, but its time had run out over a month ago.
    expect(await kept(ids, read)).toEqual(['acceptedRecently', 'open', 'teamCreatedAccount']);
  });

  it('deletes succeeded jobs after a week and failed ones after a month; queued and running stay', async () => {
    const job = async (status: string, runAt: Date) => {
      const [r] = await t.ctx.db
        .insert(jobs)
        .values({ kind: 'test.retention', status, runAt })
        .returning({ id: jobs.id });
      return r!.id;
    };
    const ids = {
      succeeded: await job('succeeded', ago(retention.succeededJobDays + 1)),
      succeededRecently: await job('succeeded', ago(retention.succeededJobDays - 1)),
      failed: await job('failed', ago(retention.failedJobDays + 1)),
      failedRecently: await job('failed', ago(retention.succeededJobDays + 1)),
      queuedLongAgo: await job('queued', ago(400)),
      runningLongAgo: await job('running', ago(400)),
    };
    await sweep();
    const read = (list: string[]) =>
      t.ctx.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, list));
    expect(await kept(ids, read)).toEqual([
      'succeededRecently',
      'failedRecently',
      'queuedLongAgo',
      'runningLongAgo',
    ]);
  });

  it('deletes applied payment webhook events after the duplicate-detection window', async () => {
    const ids = { old: `evt_${randomUUID()}`, recent: `evt_${randomUUID()}` };
    await t.ctx.db.insert(billingEvents).values([
      { id: ids.old, type: 'invoice.paid', receivedAt: ago(retention.billingEventDays + 1) },
      { id: ids.recent, type: 'invoice.paid', receivedAt: ago(retention.billingEventDays - 1) },
    ]);
    await sweep();
    const read = (list: string[]) =>
      t.ctx.db
        .select({ id: billingEvents.id })
        .from(billingEvents)
        .where(inArray(billingEvents.id, list));
    expect(await kept(ids, read)).toEqual(['recent']);
  });

  it('keeps the whole audit log by default; with a retention set, older entries go', async () => {
    const entry = async (at: Date) => {
      const [r] = await t.ctx.db
        .insert(auditLog)
        .values({ at, action: 'test.retention' })
        .returning({ id: auditLog.id });
      return r!.id;
    };
    const ids = {
      tenYears: await entry(ago(3650)),
      monthAndADay: await entry(ago(31)),
      lastWeek: await entry(ago(7)),
    };
    const read = (list: string[]) =>
      t.ctx.db.select({ id: auditLog.id }).from(auditLog).where(inArray(auditLog.id, list));
    const byDefault = await sweep();
    expect(await kept(ids, read)).toEqual(['tenYears', 'monthAndADay', 'lastWeek']);
    expect(left(byDefault, 'audit_log')).toBeUndefined();
    await sweep(30);
    expect(await kept(ids, read)).toEqual(['lastWeek']);
  });

  it('deletes more rows than one batch over several batches, and continues next run past its budget', async () => {
    await t.ctx.db.execute(sql`insert into saml_assertions (provider_id, assertion_id, expires_at)
      select 'batch', 'a' || i, ${ago(1).toISOString()}::timestamptz from generate_series(1, 25) i`);
    const count = async () =>
      (
        await t.ctx.db
          .select({ id: samlAssertions.assertionId })
          .from(samlAssertions)
          .where(eq(samlAssertions.providerId, 'batch'))
      ).length;
    const first = await sweep(undefined, { batchRows: 10, maxBatchesPerTable: 2 });
    expect(left(first, 'saml_assertions')).toEqual({
      name: 'saml_assertions',
      deleted: 20,
      complete: false,
    });
    expect(await count()).toBe(5);
    const second = await sweep(undefined, { batchRows: 10, maxBatchesPerTable: 2 });
    expect(left(second, 'saml_assertions')).toEqual({
      name: 'saml_assertions',
      deleted: 5,
      complete: true,
    });
    expect(await count()).toBe(0);
  });
});
