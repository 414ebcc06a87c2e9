import { formatBillingDate } from '@roomscale/shared';
import { billingApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, memberships } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { team } from '../../test/workspace.ts';
import { BILLING_GRACE_END } from './sync.ts';
import {
  licenses,
  orderOk,
  passTime,
  prices,
  saveCard,
  saveCustomer,
  testCards,
} from './testing.ts';

/**
 * A renewal that is not paid keeps the paid licenses for the grace BILLING_GRACE_DAYS sets
 * (docs/billing.md), here 2 days against the provider's 7 of retries: then they drop to zero
 * while the subscription is still past due, and come back when it is paid.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLING_GRACE_DAYS: '2' });
});
afterAll(() => t.close());

const day = 86400;

describe('the grace of an unpaid renewal', () => {
  it('keeps the paid quantity for BILLING_GRACE_DAYS, emails the admins, then drops to zero; paying brings it back', async () => {
    expect(t.ctx.config.billingGraceDays).toBe(2);
    const w = await team(t, 'Short grace');
    await saveCustomer(t, w.admin, w.id);
    const card = await saveCard(t, w.admin, w.id, testCards.chargesDeclined);
    // Paid with a good card first, then the card changes to one whose charges fail.
    const good = await saveCard(t, w.admin, w.id);
    const first = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 2,
      paymentMethodId: good.paymentMethodId,
    });
    await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 2,
      paymentMethodId: card.paymentMethodId,
    });
    await t.ctx.db
      .update(memberships)
      .set({ licenseType: 'License', licenseAssignedAt: t.clock.now() })
      .where(and(eq(memberships.organizationId, w.id), eq(memberships.userId, w.member.id)));
    const end = new Date(first.subscriptionDetail.currentSubscriptionPeriodEnd ?? '');

    await passTime(t, (end.getTime() - t.clock.now().getTime()) / 1000 + 60);
    const detail = async () => {
      w.admin.session = await signIn(t, w.admin);
      const res = await callEndpoint(t, billingApi.customer, {
        params: { organizationId: w.id },
        token: w.admin.session,
      });
      return res.body.subscriptionDetail!;
    };
    expect((await detail()).status).toBe('past_due');
    const count = async () => {
      w.admin.session = await signIn(t, w.admin);
      return licenses(t, w.admin, w.id);
    };
    expect(await count()).toMatchObject({
      stripeLicenseCount: 2,
      licensesInUse: 1,
    });
    // The renewal's many events queue its grace's end once, for two days after it.
    const graceJobs = await t.ctx.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.kind, BILLING_GRACE_END));
    expect(graceJobs.map((j) => j.runAt.getTime())).toEqual([end.getTime() + 2 * day * 1000]);
    const failed = t.mailer.to(w.admin.email).find((m) => m.subject.includes('failed'));
    expect(failed?.text).toContain(formatBillingDate(new Date(end.getTime() + 2 * day * 1000)));

    // A day in: still there. Past the two days: none, the License back to Trial, while the
    // provider still retries (past due).
    await passTime(t, day);
    expect((await count()).stripeLicenseCount).toBe(2);
    await passTime(t, day);
    expect((await detail()).status).toBe('past_due');
    expect(await count()).toMatchObject({
      stripeLicenseCount: 0,
      licensesInUse: 0,
    });

    // Paid with a good card (a payment method change): the licenses are back.
    await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 2,
      paymentMethodId: good.paymentMethodId,
    });
    expect((await detail()).status).toBe('active');
    expect((await count()).stripeLicenseCount).toBe(2);
  });
});
