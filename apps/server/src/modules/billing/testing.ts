import type { BillingCustomerEdit } from '@roomscale/shared';
import { billingApi, billingSimulatorApi, type CallInput } from '@roomscale/shared/contract';
import { expect } from 'vitest';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { MAIL_SEND } from '../../platform/mail/background.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Person } from '../../test/workspace.ts';
import { LICENSES_RECONCILE, licenseReconcileHandler } from '../licenses/reconcile.ts';
import { injectorOf } from './driver.ts';
import { advanceSimulator } from './simulator/api.ts';
import { testCards } from './simulator/cards.ts';
import { simulatorWebhookHandler } from './simulator/delivery.ts';
import { SIMULATOR_WEBHOOK } from './simulator/store.ts';
import { BILLING_GRACE_END, billingGraceEndHandler } from './sync.ts';

export { testCards };

/** Billing test steps: the calls a team admin's browser makes, and the simulator's webhooks. */
export const billingDetails = (over: Partial<BillingCustomerEdit> = {}): BillingCustomerEdit => ({
  isBusiness: true,
  fullName: 'Acme Reality B.V.',
  addressLine1: 'Keizersgracht 1',
  addressLine2: '',
  addressPostalCode: '1015 AA',
  addressCity: 'Amsterdam',
  addressState: '',
  addressCountry: 'NL',
  invoiceEmail: 'billing@acme.test',
  phone: '+31 20 123 4567',
  taxId: 'NL123456789B01',
  ...over,
});

export const returnUrl = 'http://roomscale.test/team/subscription/confirm';

/** Delivers every queued simulator event (and runs what they queue) until none is left. */
export function deliverWebhooks(t: TestApp) {
  return new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
    [SIMULATOR_WEBHOOK]: simulatorWebhookHandler(t.ctx, () => injectorOf(t.app)),
    [LICENSES_RECONCILE]: licenseReconcileHandler(t.ctx),
    [BILLING_GRACE_END]: billingGraceEndHandler(t.ctx),
    [MAIL_SEND]: async () => {},
  }).drain();
}

/** Moves the clock and lets the simulator catch up, then delivers its events. */
export async function passTime(t: TestApp, seconds: number) {
  t.clock.advance(seconds);
  await advanceSimulator(t.ctx);
  await deliverWebhooks(t);
}

export async function saveCustomer(
  t: TestApp,
  admin: Person,
  teamId: string,
  over: Partial<BillingCustomerEdit> = {},
) {
  const res = await callEndpoint(t, billingApi.saveCustomer, {
    params: { organizationId: teamId },
    token: admin.session,
    body: billingDetails(over),
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

/** Saves a card as the browser does: a setup intent from the API, confirmed at the simulator. */
export async function saveCard(
  t: TestApp,
  admin: Person,
  teamId: string,
  number: string = testCards.pays,
) {
  const secret = await callEndpoint(t, billingApi.setupSecret, {
    params: { organizationId: teamId },
    token: admin.session,
  });
  expect(secret.status, secret.raw.body).toBe(200);
  const { clientSecret } = secret.body;
  const intentId = clientSecret.split('_secret_')[0]!;
  const res = await callEndpoint(t, billingSimulatorApi.confirmSetup, {
    params: { intentId },
    body: {
      clientSecret,
      card: { number, expMonth: 12, expYear: 2040, cvc: '123', name: 'Alice Admin' },
      returnUrl,
    },
  });
  expect(res.status, res.raw.body).toBe(200);
  return { ...res.body, clientSecret };
}

type Order = CallInput<typeof billingApi.updateSubscription>['body'];

export function order(t: TestApp, admin: Person, teamId: string, body: Order) {
  return callEndpoint(t, billingApi.updateSubscription, {
    params: { organizationId: teamId },
    token: admin.session,
    body,
  });
}

export async function orderOk(t: TestApp, admin: Person, teamId: string, body: Order) {
  const res = await order(t, admin, teamId, body);
  expect(res.status, res.raw.body).toBe(200);
  await deliverWebhooks(t);
  return res.body;
}

export const prices = (t: TestApp) => t.ctx.billing.prices;

export async function licenses(t: TestApp, admin: Person, teamId: string) {
  const res = await callEndpoint(t, billingApi.licensing, {
    params: { organizationId: teamId },
    token: admin.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

/**
 * Approves or fails a 3-D Secure page as the browser's user would, following its redirect: the
 * simulator's HTML page and form post at the address it answered, not calls of the contract.
 */
export async function authenticateAt(t: TestApp, redirectUrl: string, approve: boolean) {
  const url = new URL(redirectUrl);
  const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode, page.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      return_url: url.searchParams.get('return_url') ?? '',
      decision: approve ? 'approve' : 'fail',
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(String(res.headers.location));
}

/** A customer made at the payment provider (the simulator) directly, as a super admin would. */
export async function providerCustomer(t: { ctx: TestApp['ctx'] }, name = 'Acme') {
  return (await t.ctx.billing.stripe.customers.create({ name })).id;
}
