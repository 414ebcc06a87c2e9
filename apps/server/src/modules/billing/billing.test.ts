import { billingMessages, formatBillingDate, type SubscriptionDetail } from '@roomscale/shared';
import { billingApi, billingSimulatorApi } from '@roomscale/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billingEvents, memberships } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { expectProblem, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Person, team } from '../../test/workspace.ts';
import {
  authenticateAt,
  billingDetails,
  deliverWebhooks,
  licenses,
  order,
  orderOk,
  passTime,
  prices,
  saveCard,
  saveCustomer,
  testCards,
} from './testing.ts';

/**
 * Billing against the built-in simulator through the official Stripe SDK (docs/billing.md):
 * orders, proration, scheduled downgrades, cancellation, 3-D Secure, declined cards and a
 * renewal that is not paid. Licenses follow the subscription through its webhooks.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const day = 86400;
const refresh = async (...people: Person[]) => {
  for (const p of people) p.session = await signIn(t, p);
};
const customerOf = async (p: Person, teamId: string) => {
  const res = await callEndpoint(t, billingApi.customer, {
    params: { organizationId: teamId },
    token: p.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
};
const detailOf = async (p: Person, teamId: string) =>
  (await customerOf(p, teamId)).subscriptionDetail as SubscriptionDetail;
const preview = async (p: Person, teamId: string, priceId: string, quantity: number) => {
  const res = await callEndpoint(t, billingApi.previewPrice, {
    params: { organizationId: teamId },
    token: p.session,
    body: { priceId, quantity },
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
};
const giveLicense = (teamId: string, userId: string) =>
  t.ctx.db
    .update(memberships)
    .set({ licenseType: 'License', licenseAssignedAt: t.clock.now() })
    .where(and(eq(memberships.organizationId, teamId), eq(memberships.userId, userId)));

/** A team with billing details, a saved 4242 card and `quantity` monthly users. */
async function subscribed(name: string, quantity = 10, card: string = testCards.pays) {
  const w = await team(t, name);
  await saveCustomer(t, w.admin, w.id);
  const saved = await saveCard(t, w.admin, w.id, card);
  await orderOk(t, w.admin, w.id, {
    priceId: prices(t).month,
    quantity,
    paymentMethodId: saved.paymentMethodId,
  });
  return w;
}

describe('taking out a subscription', () => {
  it('billing details create the customer; the plan is estimated with Dutch VAT; paying brings licenses and emails', async () => {
    const w = await team(t, 'Buyers');
    const customer = await saveCustomer(t, w.admin, w.id);
    expect(customer).toMatchObject({
      customerId: expect.stringMatching(/^cus_/),
      taxId: 'NL123456789B01',
      taxRate: 21,
    });
    expect(customer.subscriptionDetail).toBeNull();
    const estimate = await preview(w.admin, w.id, prices(t).month, 10);
    expect(estimate).toMatchObject({
      orderType: 'Create',
      totalItems: 15000,
      totalTax: 3150,
      total: 18150,
      taxRate: 21,
    });

    const card = await saveCard(t, w.admin, w.id);
    expect(card.status).toBe('succeeded');
    const result = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 10,
      paymentMethodId: card.paymentMethodId,
    });
    expect(result.orderType).toBe('Create');
    expect(result.subscriptionDetail).toMatchObject({
      status: 'active',
      currentSubscriptionUserCount: 10,
      currentInterval: 'month',
      latestInvoiceStatus: 'paid',
      latestInvoiceAmount: 18150,
      subscriptionPaymentIntentStatus: null,
    });
    expect(await licenses(t, w.admin, w.id)).toMatchObject({
      licenseCount: 10,
      stripeLicenseCount: 10,
    });
    const subjects = t.mailer.to(w.admin.email).map((m) => m.subject);
    expect(subjects).toContain('Your Roomscale order for Buyers has been processed');
    expect(subjects).toContain('Your Roomscale licenses for Buyers are available');
    const withCard = await customerOf(w.admin, w.id);
    expect(withCard).toMatchObject({
      paymentType: 'card',
      paymentCardLast4: '4242',
      paymentCardExpiryYear: 2040,
    });
    // The hosted invoice page.
    const invoice = await t.app.inject({
      method: 'GET',
      url: new URL(result.subscriptionDetail.latestInvoiceUrl ?? '').pathname,
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain('€181.50');
  });

  it('an EU business elsewhere is reverse-charged; an EU consumer pays its own rate; outside the EU no VAT', async () => {
    const be = await team(t, 'Belgian business');
    expect(
      (await saveCustomer(t, be.admin, be.id, { addressCountry: 'BE', taxId: 'BE0123456789' }))
        .taxRate,
    ).toBe(0);
    expect(await preview(be.admin, be.id, prices(t).year, 2)).toMatchObject({
      totalItems: 30000,
      totalTax: 0,
      total: 30000,
    });
    const de = await team(t, 'German consumer');
    expect(
      (
        await saveCustomer(t, de.admin, de.id, {
          addressCountry: 'DE',
          isBusiness: false,
          taxId: 'DE123456789',
        })
      ).taxId,
    ).toBeNull();
    expect(await preview(de.admin, de.id, prices(t).week, 1)).toMatchObject({
      totalItems: 500,
      totalTax: 95,
      taxRate: 19,
    });
    const us = await team(t, 'US business');
    expect(
      (await saveCustomer(t, us.admin, us.id, { addressCountry: 'US', taxId: '' })).taxRate,
    ).toBe(0);
  });

  it('a VAT number in the wrong format and bad details are field problems; nothing is created', async () => {
    const w = await team(t, 'Careless');
    const res = await callEndpoint(t, billingApi.saveCustomer, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: {
        isBusiness: true,
        fullName: 'A',
        addressLine1: '',
        addressPostalCode: '1',
        addressCity: 'X',
        addressCountry: 'NL',
        invoiceEmail: 'nope',
        phone: '',
        taxId: 'NL12',
      },
    });
    const problem = expectProblem(res, 400);
    expectProblem(
      await callEndpoint(t, billingApi.customer, {
        params: { organizationId: w.id },
        token: w.admin.session,
      }),
      404,
    );
    expect(Object.keys(problem.errors ?? {})).toEqual(
      expect.arrayContaining([
        'fullName',
        'addressLine1',
        'addressPostalCode',
        'addressCity',
        'invoiceEmail',
        'phone',
      ]),
    );
    const vat = await callEndpoint(t, billingApi.saveCustomer, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: billingDetails({ taxId: 'NL12' }),
    });
    expectProblem(vat, 400, 'taxId', billingMessages.vatFormat);
    expect(
      (await saveCustomer(t, w.admin, w.id, { addressCountry: 'GR', taxId: 'EL123456789' })).taxId,
    ).toBe('EL123456789');
  });

  it('3-D Secure: approving saves the card and the order is paid; failing leaves no card', async () => {
    const w = await team(t, 'Secure');
    await saveCustomer(t, w.admin, w.id);
    const failed = await saveCard(t, w.admin, w.id, testCards.authenticates);
    expect(failed.status).toBe('requires_action');
    const back = await authenticateAt(t, failed.redirectUrl ?? '', false);
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    const after = await callEndpoint(t, billingSimulatorApi.setupIntent, {
      params: { intentId: failed.id },
      query: { clientSecret: failed.clientSecret },
    });
    expect(after.body).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      error: { code: 'setup_intent_authentication_failure' },
    });

    const card = await saveCard(t, w.admin, w.id, testCards.authenticates);
    const ok = await authenticateAt(t, card.redirectUrl ?? '', true);
    expect(Object.fromEntries(ok.searchParams)).toMatchObject({
      setup_intent: card.id,
      redirect_status: 'succeeded',
    });
    expect(ok.pathname).toBe('/team/subscription/confirm');
    const done = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).year,
      quantity: 3,
      paymentMethodId: card.paymentMethodId,
    });
    // Authenticated when saved: the payment needs nothing more.
    expect(done.subscriptionDetail).toMatchObject({
      status: 'active',
      latestInvoiceStatus: 'paid',
    });
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(3);
  });

  it('a card that authenticates every payment: the order waits for the browser, which pays on the 3-D Secure page', async () => {
    const w = await team(t, 'Always secure');
    await saveCustomer(t, w.admin, w.id);
    const card = await saveCard(t, w.admin, w.id, testCards.alwaysAuthenticates);
    await authenticateAt(t, card.redirectUrl ?? '', true);
    const res = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 4,
      paymentMethodId: card.paymentMethodId,
    });
    const d = res.subscriptionDetail;
    expect(d).toMatchObject({
      status: 'incomplete',
      subscriptionPaymentIntentStatus: 'requires_action',
      latestInvoiceStatus: 'open',
    });
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(0);
    const confirm = await callEndpoint(t, billingSimulatorApi.confirmPayment, {
      params: { intentId: d.subscriptionPaymentIntentId! },
      body: {
        clientSecret: d.subscriptionPaymentIntentSecret!,
        paymentMethodId: card.paymentMethodId,
        returnUrl: 'http://roomscale.test/team/subscription/confirm',
      },
    });
    const intent = confirm.body;
    expect(intent.status).toBe('requires_action');
    const back = await authenticateAt(t, intent.redirectUrl!, true);
    expect(back.searchParams.get('payment_intent')).toBe(d.subscriptionPaymentIntentId);
    await deliverWebhooks(t);
    expect((await detailOf(w.admin, w.id)).status).toBe('active');
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(4);
  });

  it('declined cards are refused when saved, with the card network’s reason', async () => {
    const w = await team(t, 'Declined');
    await saveCustomer(t, w.admin, w.id);
    expect(await saveCard(t, w.admin, w.id, testCards.declined)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect((await saveCard(t, w.admin, w.id, testCards.insufficientFunds)).error?.message).toBe(
      'Your card has insufficient funds.',
    );
    const bad = await saveCard(t, w.admin, w.id, '4242424242424241');
    expect(bad.error?.code).toBe('incorrect_number');
    const noCard = await order(t, w.admin, w.id, { priceId: prices(t).month, quantity: 1 });
    expectProblem(noCard, 400, 'paymentMethodId');
  });
});

describe('changing a subscription', () => {
  it('an upgrade mid-period is prorated on an invoice paid at once', async () => {
    const w = await subscribed('Growing', 10);
    const d = await detailOf(w.admin, w.id);
    const end = new Date(d.currentSubscriptionPeriodEnd ?? '').getTime() / 1000;
    const now = t.clock.now().getTime() / 1000;
    t.clock.advance((end - now) / 2);
    await refresh(w.admin);
    const estimate = await preview(w.admin, w.id, prices(t).month, 12);
    expect(estimate.orderType).toBe('Upgrade');
    // Half a month of 2 more users: 2 × €15 × ½ = €15.00, plus 21 % VAT.
    expect(estimate.totalItems).toBeGreaterThanOrEqual(1495);
    expect(estimate.totalItems).toBeLessThanOrEqual(1505);
    const up = await orderOk(t, w.admin, w.id, { priceId: prices(t).month, quantity: 12 });
    expect(up.orderType).toBe('Upgrade');
    expect(up.subscriptionDetail).toMatchObject({
      currentSubscriptionUserCount: 12,
      latestInvoiceStatus: 'paid',
    });
    expect(up.subscriptionDetail.latestInvoiceAmount).toBeGreaterThanOrEqual(1809);
    expect(up.subscriptionDetail.latestInvoiceAmount).toBeLessThanOrEqual(1821);
    expect(up.subscriptionDetail.currentSubscriptionPeriodEnd).toBe(d.currentSubscriptionPeriodEnd);
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(12);
  });

  it('a downgrade waits for the period end; then the licenses drop and the newest Licenses return to Trial', async () => {
    const w = await subscribed('Shrinking', 3);
    await giveLicense(w.id, w.admin.id);
    await giveLicense(w.id, w.member.id);
    const down = await orderOk(t, w.admin, w.id, { priceId: prices(t).week, quantity: 1 });
    expect(down.orderType).toBe('Downgrade');
    const period = down.subscriptionDetail.currentSubscriptionPeriodEnd;
    expect(down.subscriptionDetail).toMatchObject({
      subscriptionHasUpcomingChange: true,
      subscriptionUpcomingChangeQuantity: 1,
      subscriptionUpcomingChangeInterval: 'week',
      subscriptionUpcomingChangeStart: period,
      currentSubscriptionUserCount: 3,
    });
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(3);
    await passTime(t, (new Date(period ?? '').getTime() - t.clock.now().getTime()) / 1000 + 60);
    await refresh(w.admin);
    const after = await detailOf(w.admin, w.id);
    expect(after).toMatchObject({
      currentSubscriptionUserCount: 1,
      currentInterval: 'week',
      subscriptionHasUpcomingChange: false,
      latestInvoiceStatus: 'paid',
    });
    expect(await licenses(t, w.admin, w.id)).toMatchObject({ licenseCount: 1, licensesInUse: 1 });
  });

  it('cancel at the period end: the notice, the email, then no licenses', async () => {
    const w = await subscribed('Leaving', 2);
    const res = await callEndpoint(t, billingApi.cancelSubscription, {
      params: { organizationId: w.id },
      token: w.admin.session,
    });
    expect(res.status, res.raw.body).toBe(200);
    const detail = res.body;
    expect(detail.subscriptionHasUpcomingCancel).toBe(true);
    expectProblem(
      await callEndpoint(t, billingApi.cancelSubscription, {
        params: { organizationId: w.id },
        token: w.admin.session,
      }),
      409,
    );
    await deliverWebhooks(t);
    expect(t.mailer.to(w.admin.email).map((m) => m.subject)).toContain(
      'The Roomscale subscription of Leaving has been cancelled',
    );
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(2);
    await passTime(
      t,
      (new Date(detail.currentSubscriptionPeriodEnd ?? '').getTime() - t.clock.now().getTime()) /
        1000 +
        60,
    );
    await refresh(w.admin);
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(0);
    expect((await detailOf(w.admin, w.id)).status).toBe('canceled');
  });

  it('a renewal that is not paid: admins are emailed, the licenses stay for the grace, then drop', async () => {
    const w = await subscribed('Broke', 2);
    await giveLicense(w.id, w.member.id);
    // The card changes to one whose charges are declined.
    const card = await saveCard(t, w.admin, w.id, testCards.chargesDeclined);
    const change = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 2,
      paymentMethodId: card.paymentMethodId,
    });
    expect(change.orderType).toBe('Create');
    const end = new Date(change.subscriptionDetail.currentSubscriptionPeriodEnd ?? '').getTime();
    const upcoming = t.mailer.sent.length;
    await passTime(t, (end - t.clock.now().getTime()) / 1000 - 6 * day);
    expect(t.mailer.sent.slice(upcoming).map((m) => m.subject)).toContain(
      `The Roomscale subscription of Broke renews on ${formatBillingDate(new Date(end))}`,
    );
    await passTime(t, 6 * day + 60);
    await refresh(w.admin);
    expect(t.mailer.to(w.admin.email).map((m) => m.subject)).toContain(
      "The payment for Broke's Roomscale subscription failed",
    );
    expect((await detailOf(w.admin, w.id)).status).toBe('past_due');
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(2);
    await passTime(t, 7 * day + 60);
    await refresh(w.admin);
    expect(await licenses(t, w.admin, w.id)).toMatchObject({ licenseCount: 0, licensesInUse: 0 });
    expect((await detailOf(w.admin, w.id)).latestInvoiceStatus).toBe('uncollectible');
  });
});

describe('a payment method change', () => {
  const auditOf = (teamId: string) =>
    t.ctx.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.organizationId, teamId))
      .orderBy(auditLog.at, auditLog.id);

  it('changes the card only: a scheduled downgrade, an upcoming cancel and the quantity stay; the audit says so', async () => {
    const w = await subscribed('New card', 4);
    const down = await orderOk(t, w.admin, w.id, { priceId: prices(t).month, quantity: 3 });
    expect(down.orderType).toBe('Downgrade');
    const scheduled = {
      currentSubscriptionUserCount: 4,
      subscriptionHasUpcomingChange: true,
      subscriptionUpcomingChangeQuantity: 3,
      subscriptionUpcomingChangeInterval: 'month',
      subscriptionUpcomingChangeStart: down.subscriptionDetail.currentSubscriptionPeriodEnd,
    };
    expect(down.subscriptionDetail).toMatchObject(scheduled);

    // Change payment method: the current plan and user count again, with a new card.
    const card = await saveCard(t, w.admin, w.id);
    const changed = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 4,
      paymentMethodId: card.paymentMethodId,
    });
    expect(changed.orderType).toBe('Create');
    expect(changed.paymentMethodId).toBe(card.paymentMethodId);
    expect(changed.subscriptionDetail).toMatchObject({ ...scheduled, status: 'active' });
    expect(await detailOf(w.admin, w.id)).toMatchObject(scheduled);
    expect((await customerOf(w.admin, w.id)).paymentMethodId).toBe(card.paymentMethodId);
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(4);
    const audit = await auditOf(w.id);
    expect(audit.at(-1)).toEqual({
      action: 'billing.paymentMethod',
      after: { card: 'Visa ending in 4242' },
    });
    expect(audit.filter((a) => a.action === 'billing.order')).toHaveLength(2);

    // The downgrade still comes at the period end.
    await passTime(
      t,
      (new Date(scheduled.subscriptionUpcomingChangeStart ?? '').getTime() -
        t.clock.now().getTime()) /
        1000 +
        60,
    );
    await refresh(w.admin);
    expect(await detailOf(w.admin, w.id)).toMatchObject({
      currentSubscriptionUserCount: 3,
      subscriptionHasUpcomingChange: false,
    });
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(3);
  });

  it('keeps an upcoming cancel', async () => {
    const w = await subscribed('Leaving with a new card', 2);
    const cancel = await callEndpoint(t, billingApi.cancelSubscription, {
      params: { organizationId: w.id },
      token: w.admin.session,
    });
    expect(cancel.status, cancel.raw.body).toBe(200);
    const card = await saveCard(t, w.admin, w.id);
    const changed = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 2,
      paymentMethodId: card.paymentMethodId,
    });
    expect(changed.subscriptionDetail).toMatchObject({
      subscriptionHasUpcomingCancel: true,
      currentSubscriptionUserCount: 2,
    });
    expect((await detailOf(w.admin, w.id)).subscriptionHasUpcomingCancel).toBe(true);
    expect((await auditOf(w.id)).at(-1)?.action).toBe('billing.paymentMethod');
  });
});

describe('licenses count only what is paid', () => {
  const intentOf = async (d: SubscriptionDetail, card: string) => {
    const res = await callEndpoint(t, billingSimulatorApi.confirmPayment, {
      params: { intentId: d.subscriptionPaymentIntentId! },
      body: {
        clientSecret: d.subscriptionPaymentIntentSecret!,
        paymentMethodId: card,
        returnUrl: 'http://roomscale.test/team/subscription/confirm',
      },
    });
    expect(res.status, res.raw.body).toBe(200);
    return res.body;
  };
  /** The subscription as the provider has it (its items, its pending update). */
  const atProvider = async (admin: Person, teamId: string) => {
    const { customerId } = await customerOf(admin, teamId);
    const list = await t.ctx.billing.stripe.subscriptions.list({ customer: customerId });
    return list.data[0];
  };

  it('an upgrade with a card whose charges fail keeps the paid quantity; the change lapses unpaid', async () => {
    const w = await subscribed('Leaky', 7);
    // A credit of €5.00 the upgrade's invoice takes, and gives back when it is voided.
    const { customerId } = await customerOf(w.admin, w.id);
    await t.ctx.db.execute(
      sql`update billing_sim_objects set data = jsonb_set(data, '{balance}', '-500') where id = ${customerId}`,
    );
    const card = await saveCard(t, w.admin, w.id, testCards.chargesDeclined);
    const up = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 60,
      paymentMethodId: card.paymentMethodId,
    });
    expect(up.orderType).toBe('Upgrade');
    expect(up.subscriptionDetail).toMatchObject({
      status: 'active',
      currentSubscriptionUserCount: 7,
      latestInvoiceStatus: 'open',
      subscriptionPaymentIntentStatus: 'requires_payment_method',
    });
    expect(await licenses(t, w.admin, w.id)).toMatchObject({
      licenseCount: 7,
      stripeLicenseCount: 7,
    });
    expect(
      ((await t.ctx.billing.stripe.customers.retrieve(customerId)) as { balance: number }).balance,
    ).toBe(0);
    const pending = await atProvider(w.admin, w.id);
    expect(pending?.status).toBe('active');
    expect(pending?.items.data[0]?.quantity).toBe(7);
    expect(pending?.pending_update?.subscription_items?.[0]?.quantity).toBe(60);
    expect(t.mailer.to(w.admin.email).map((m) => m.subject)).toContain(
      "The payment for Leaky's Roomscale subscription failed",
    );

    // Never paid: after 23 hours the change is gone and its invoice void; still 7.
    await passTime(t, 23 * 3600 + 60);
    await refresh(w.admin);
    const lapsed = await atProvider(w.admin, w.id);
    expect(lapsed?.pending_update).toBeNull();
    expect(lapsed?.items.data[0]?.quantity).toBe(7);
    expect(await detailOf(w.admin, w.id)).toMatchObject({
      status: 'active',
      currentSubscriptionUserCount: 7,
      latestInvoiceStatus: 'void',
    });
    expect((await licenses(t, w.admin, w.id)).stripeLicenseCount).toBe(7);
    const customer = await t.ctx.billing.stripe.customers.retrieve(customerId);
    expect((customer as { balance: number }).balance).toBe(-500);
  });

  it('an upgrade whose 3-D Secure check is abandoned keeps the paid quantity; completed, the licenses come', async () => {
    const w = await subscribed('Unchecked', 7);
    const card = await saveCard(t, w.admin, w.id, testCards.alwaysAuthenticates);
    await authenticateAt(t, card.redirectUrl ?? '', true);
    const up = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).year,
      quantity: 60,
      paymentMethodId: card.paymentMethodId,
    });
    expect(up.orderType).toBe('Upgrade');
    expect(up.subscriptionDetail).toMatchObject({
      status: 'active',
      currentSubscriptionUserCount: 7,
      currentInterval: 'month',
      subscriptionPaymentIntentStatus: 'requires_action',
    });
    expect((await licenses(t, w.admin, w.id)).stripeLicenseCount).toBe(7);
    // The browser starts the check and the user walks away from it.
    const intent = await intentOf(up.subscriptionDetail, card.paymentMethodId ?? '');
    expect(intent.status).toBe('requires_action');
    await deliverWebhooks(t);
    expect((await licenses(t, w.admin, w.id)).stripeLicenseCount).toBe(7);
    await passTime(t, 24 * 3600);
    await refresh(w.admin);
    expect((await licenses(t, w.admin, w.id)).stripeLicenseCount).toBe(7);
    expect(await detailOf(w.admin, w.id)).toMatchObject({
      currentSubscriptionUserCount: 7,
      currentInterval: 'month',
      latestInvoiceStatus: 'void',
    });

    // Ordered again and authenticated this time: paid, the 60 yearly licenses are there.
    const again = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).year,
      quantity: 60,
      paymentMethodId: card.paymentMethodId,
    });
    expect((await licenses(t, w.admin, w.id)).stripeLicenseCount).toBe(7);
    const check = await intentOf(again.subscriptionDetail, card.paymentMethodId ?? '');
    await authenticateAt(t, check.redirectUrl!, true);
    await deliverWebhooks(t);
    expect(await detailOf(w.admin, w.id)).toMatchObject({
      status: 'active',
      currentSubscriptionUserCount: 60,
      currentInterval: 'year',
      latestInvoiceStatus: 'paid',
    });
    expect((await licenses(t, w.admin, w.id)).stripeLicenseCount).toBe(60);
  });

  it('a new subscription with a card whose charges fail gives no licenses', async () => {
    const w = await team(t, 'Unpaid start');
    await saveCustomer(t, w.admin, w.id);
    const card = await saveCard(t, w.admin, w.id, testCards.chargesDeclined);
    const res = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 60,
      paymentMethodId: card.paymentMethodId,
    });
    expect(res.orderType).toBe('Create');
    expect(res.subscriptionDetail).toMatchObject({
      status: 'incomplete',
      latestInvoiceStatus: 'open',
      subscriptionPaymentIntentStatus: 'requires_payment_method',
    });
    expect((await licenses(t, w.admin, w.id)).stripeLicenseCount).toBe(0);
  });
});

describe('webhooks', () => {
  const eventsOf = async (type: string) => {
    const rows = await t.ctx.db.execute(
      sql`select id, data from billing_sim_objects where object = 'event' and data->>'type' = ${type} order by created`,
    );
    return (rows as unknown as { rows: { id: string; data: Record<string, unknown> }[] }).rows;
  };
  const deliver = (payload: string, signature?: string) => {
    const { stripe, webhookSecret } = t.ctx.billing;
    return t.app.inject({
      method: 'POST',
      url: '/api/StripeWebhooks',
      headers: {
        'content-type': 'application/json',
        'stripe-signature':
          signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      payload,
    });
  };

  it('the same event twice, or 20 times at once, is applied once', async () => {
    const w = await subscribed('Twice', 1);
    const [paid] = (await eventsOf('invoice.paid')).slice(-1);
    const payload = JSON.stringify(paid?.data);
    const mailsBefore = t.mailer.to(w.admin.email).length;
    const replies = await Promise.all(Array.from({ length: 20 }, () => deliver(payload)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    expect(replies.every((r) => (r.json() as { result: string }).result === 'duplicate')).toBe(
      true,
    );
    expect(t.mailer.to(w.admin.email).length).toBe(mailsBefore);
    const rows = await t.ctx.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, paid?.id ?? ''));
    expect(rows).toHaveLength(1);
  });

  it('an old event arriving late does not bring back an old state', async () => {
    const w = await subscribed('Late', 5);
    const created = (await eventsOf('customer.subscription.created')).slice(-1)[0];
    // The creation event (status incomplete, as it was sent) is replayed under a new id.
    const replay = { ...(created?.data ?? {}), id: `evt_replay_${Date.now()}` };
    const res = await deliver(JSON.stringify(replay));
    expect((res.json() as { result: string }).result).toBe('applied');
    expect((await licenses(t, w.admin, w.id)).licenseCount).toBe(5);
  });

  it('a validly signed body that is not an event is refused 400 and nothing is recorded', async () => {
    const w = await subscribed('Malformed', 1);
    const { customerId } = await customerOf(w.admin, w.id);
    const before = await t.ctx.db.select().from(billingEvents);
    const mails = t.mailer.sent.length;
    const event = (over: Record<string, unknown>) =>
      JSON.stringify({
        id: 'evt_malformed',
        object: 'event',
        type: 'invoice.payment_failed',
        data: { object: { object: 'invoice', customer: customerId, amount_due: 1 } },
        ...over,
      });
    const bodies = {
      array: JSON.stringify([JSON.parse(event({}))]),
      'no data': event({ data: undefined }),
      'data not an object': event({ data: 'x' }),
      'data.object missing': event({ data: {} }),
      'a NUL in the id': event({ id: 'evt_\u0000nul' }),
      'no id': event({ id: undefined }),
      'a number': '42',
      null: 'null',
      'a NUL in the customer': event({
        data: { object: { object: 'invoice', customer: `${customerId}\u0000` } },
      }),
      'a lone surrogate in the type': event({ type: 'invoice.paid\ud800' }),
    };
    for (const [what, payload] of Object.entries(bodies)) {
      const res = await deliver(payload);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.headers['content-type'], what).toContain('application/problem+json');
    }
    expect(await t.ctx.db.select().from(billingEvents)).toHaveLength(before.length);
    expect(t.mailer.sent.length).toBe(mails);
  });

  it('a bad signature is refused and nothing is recorded', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const res = await deliver(payload, 't=1,v1=deadbeef');
    expectProblem(res, 400);
    expect(
      await t.ctx.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_forged')),
    ).toHaveLength(0);
  });
});

describe('the simulator', () => {
  const rowOf = async (id: string) => {
    const rows = await t.ctx.db.execute(sql`select data from billing_sim_objects where id = ${id}`);
    return (rows as unknown as { rows: { data: Record<string, unknown> }[] }).rows[0]?.data ?? {};
  };
  const eventsAbout = async (customerId: string) => {
    const rows = await t.ctx.db.execute(
      sql`select count(*)::int as n from billing_sim_objects
        where object = 'event' and data->'data'->'object'->>'customer' = ${customerId}`,
    );
    return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  it('each subscription keeps when the clock next has something to do for it; the clock reads only those', async () => {
    const w = await subscribed('Clockwork', 2);
    const { customerId, subscriptionDetail: d } = await customerOf(w.admin, w.id);
    const subId = d?.currentSubscriptionId ?? '';
    const end = new Date(d?.currentSubscriptionPeriodEnd ?? '').getTime() / 1000;
    // Next: the renewal's announcement, a week ahead.
    expect((await rowOf(subId))._dueAt).toBe(end - 7 * day);

    // Saved before the clock kept it (migration 0013 marks those due at once): the next minute
    // reads it, does nothing, and stores when it is next due.
    await t.ctx.db.execute(
      sql`update billing_sim_objects set data = jsonb_set(data, '{_dueAt}', '0') where id = ${subId}`,
    );
    const events = await eventsAbout(customerId);
    await passTime(t, 60);
    expect((await rowOf(subId))._dueAt).toBe(end - 7 * day);
    expect(await eventsAbout(customerId)).toBe(events);

    // Set to cancel: no announcement, the period's end is next; ended, nothing is.
    const cancel = await callEndpoint(t, billingApi.cancelSubscription, {
      params: { organizationId: w.id },
      token: w.admin.session,
    });
    expect(cancel.status, cancel.raw.body).toBe(200);
    expect((await rowOf(subId))._dueAt).toBe(end);
    await passTime(t, end - t.clock.now().getTime() / 1000 + 60);
    expect(await rowOf(subId)).toMatchObject({ status: 'canceled', _dueAt: null });
  });

  it('numbers a customer’s invoices one after the other from its counter', async () => {
    const w = await subscribed('Numbered', 2);
    await orderOk(t, w.admin, w.id, { priceId: prices(t).month, quantity: 3 });
    const { customerId } = await customerOf(w.admin, w.id);
    const numbers = async () =>
      (await t.ctx.billing.stripe.invoices.list({ customer: customerId })).data
        .map((i) => i.number)
        .sort();
    const prefix = customerId.slice(4, 12).toUpperCase();
    expect(await numbers()).toEqual([`${prefix}-0001`, `${prefix}-0002`]);
    expect((await rowOf(customerId)).next_invoice_sequence).toBe(3);
    // A customer saved before the counter: its invoices are counted once.
    await t.ctx.db.execute(
      sql`update billing_sim_objects set data = data - 'next_invoice_sequence' where id = ${customerId}`,
    );
    await orderOk(t, w.admin, w.id, { priceId: prices(t).month, quantity: 4 });
    expect(await numbers()).toEqual([`${prefix}-0001`, `${prefix}-0002`, `${prefix}-0003`]);
    expect((await rowOf(customerId)).next_invoice_sequence).toBe(4);
  });
});
