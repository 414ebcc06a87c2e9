import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { billingApi, billingSimulatorApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSimObjects } from '../../../db/schema.ts';
import { callEndpoint } from '../../../test/callEndpoint.ts';
import { signIn } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { team } from '../../../test/workspace.ts';
import {
  authenticateAt,
  deliverWebhooks,
  orderOk,
  passTime,
  prices,
  returnUrl,
  saveCard,
  saveCustomer,
  testCards,
} from '../testing.ts';
import { SIMULATOR_PREFIX } from './api.ts';
import { SdkTypes } from './sdkTypes.ts';

/**
 * The simulator is Stripe to the SDK (docs/billing.md): every object, list, event and error it
 * answers in a full billing run is checked against the official SDK's type declarations for the
 * API version it pins (sdkTypes.ts), and its errors use Stripe's documented types and codes.
 */

const here = dirname(fileURLToPath(import.meta.url));
const day = 86400;

/** The SDK's type of each object the simulator answers, by its `object`. */
const typeOfObject: Record<string, string> = {
  customer: 'Customer',
  tax_id: 'TaxId',
  payment_method: 'PaymentMethod',
  setup_intent: 'SetupIntent',
  payment_intent: 'PaymentIntent',
  product: 'Product',
  price: 'Price',
  tax_rate: 'TaxRate',
  subscription: 'Subscription',
  subscription_schedule: 'SubscriptionSchedule',
  invoice: 'Invoice',
};
const listType = (kind: string) => `ApiList<Stripe.${typeOfObject[kind]}>`;
const ERROR_CODE = 'PaymentIntent.LastPaymentError.Code';
const ERROR_TYPE = 'PaymentIntent.LastPaymentError.Type';

let t: TestApp;
let sdk: SdkTypes;
/** What the simulator answered the SDK, and the events it delivered, during the run. */
const answers: { url: string; status: number; body: unknown }[] = [];
const delivered: { type?: unknown }[] = [];

beforeAll(async () => {
  sdk = SdkTypes.load([
    ...Object.values(typeOfObject),
    ...Object.keys(typeOfObject).map(listType),
    'DeletedTaxId',
    'Event',
    'StripeRawError',
    ERROR_CODE,
    ERROR_TYPE,
  ]);
  t = await createTestApp();
  // Every request to the simulator (the SDK's) and to the webhook (the simulator's) is recorded.
  const inject = t.app.inject.bind(t.app);
  t.app.inject = (async (opts: { url?: string; payload?: unknown }) => {
    const res = await inject(opts as never);
    const o = opts;
    const url = String(o.url ?? '');
    if (url.startsWith(`${SIMULATOR_PREFIX}/v1/`))
      answers.push({ url, status: res.statusCode, body: res.json() });
    if (url === '/api/StripeWebhooks' && typeof o.payload === 'string')
      delivered.push(JSON.parse(o.payload));
    return res;
  }) as typeof t.app.inject;
}, 120_000);
afterAll(() => t.close());

const stripe = () => t.ctx.billing.stripe;

/** The error the SDK throws for a call, with the simulator's raw answer. */
async function failure(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (e) {
    if (e instanceof Stripe.errors.StripeError) return e;
    throw e;
  }
  throw new Error('the call did not fail');
}

/** A raw request to the simulator's API, as the SDK would send it. */
const raw = (method: 'GET' | 'POST', path: string, key: string, payload?: string) =>
  t.app.inject({
    method,
    url: `${SIMULATOR_PREFIX}/v1${path}`,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    ...(payload !== undefined ? { payload } : {}),
  });

/** The event types the simulator's sources emit. */
function emittedTypes() {
  const types = new Set<string>();
  for (const file of readdirSync(here).filter((f) => f.endsWith('.ts') && !f.includes('.test.')))
    for (const m of readFileSync(join(here, file), 'utf8').matchAll(
      /'((?:customer|invoice|payment_intent|payment_method|setup_intent|subscription_schedule)(?:\.[a-z_]+)+)'/g,
    ))
      types.add(m[1] as string);
  return types;
}

/** The problems of one answer: an object (or list, or event) or an error. */
function problemsOf(a: { url: string; status: number; body: unknown }): string[] {
  const body = a.body as Record<string, unknown>;
  if (a.status >= 400) return errorProblems(body, a.url);
  return objectProblems(body);
}

function objectProblems(body: Record<string, unknown>): string[] {
  const kind = String(body.object);
  if (kind === 'event') return sdk.checkEvent(body);
  if (kind === 'list') {
    const items = body.data as Record<string, unknown>[];
    const itemKind = String(items[0]?.object ?? '');
    if (!typeOfObject[itemKind]) return items.length === 0 ? [] : [`list of ${itemKind}: unknown`];
    return sdk.check(body, listType(itemKind), `list<${itemKind}>`);
  }
  if (kind === 'tax_id' && body.deleted === true) return sdk.check(body, 'DeletedTaxId');
  const type = typeOfObject[kind];
  return type ? sdk.check(body, type, kind) : [`${kind}: not an object the check knows`];
}

function errorProblems(body: Record<string, unknown>, url: string): string[] {
  const out: string[] = [];
  const e = body.error as Record<string, unknown> | undefined;
  if (!e || Object.keys(body).length !== 1) return [`${url}: not Stripe's { error } answer`];
  out.push(...sdk.check(e, 'StripeRawError', 'error'));
  if (!sdk.literals(ERROR_TYPE).includes(String(e.type)))
    out.push(`error.type: ${String(e.type)} is not one of Stripe's documented types`);
  if (e.code !== undefined && !sdk.literals(ERROR_CODE).includes(String(e.code)))
    out.push(`error.code: ${String(e.code)} is not one of Stripe's documented codes`);
  if (typeof e.message !== 'string') out.push('error.message: missing');
  if (e.payment_intent) out.push(...objectProblems(e.payment_intent as Record<string, unknown>));
  return out;
}

describe('the simulator is Stripe to the SDK', () => {
  it('answers and delivers, in a full billing run, only objects, lists, events and errors of the shapes the SDK declares', async () => {
    // A customer with a VAT number; a card that fails 3-D Secure, then one that passes; a
    // declined card.
    const w = await team(t, 'Shapes');
    const { customerId } = await saveCustomer(t, w.admin, w.id);
    const failed = await saveCard(t, w.admin, w.id, testCards.authenticates);
    await authenticateAt(t, failed.redirectUrl ?? '', false);
    const card = await saveCard(t, w.admin, w.id, testCards.authenticates);
    await authenticateAt(t, card.redirectUrl ?? '', true);
    const refused = await saveCard(t, w.admin, w.id, testCards.declined);
    // Subscribe, preview and take an upgrade, schedule a downgrade.
    await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 3,
      paymentMethodId: card.paymentMethodId,
    });
    const previewed = await callEndpoint(t, billingApi.previewPrice, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: { priceId: prices(t).month, quantity: 5 },
    });
    expect(previewed.status, previewed.raw.body).toBe(200);
    await orderOk(t, w.admin, w.id, { priceId: prices(t).month, quantity: 5 });
    await orderOk(t, w.admin, w.id, { priceId: prices(t).week, quantity: 2 });
    // The renewal is announced, the schedule applies at the period end, the renewal is paid.
    await passTime(t, 25 * day);
    await passTime(t, 7 * day);
    w.admin.session = await signIn(t, w.admin);
    // Cancel at the period end; the period ends.
    const cancel = await callEndpoint(t, billingApi.cancelSubscription, {
      params: { organizationId: w.id },
      token: w.admin.session,
    });
    expect(cancel.status, cancel.raw.body).toBe(200);
    await deliverWebhooks(t);
    await passTime(t, 8 * day);

    // A card that asks on every payment: the first invoice waits, authentication fails, the
    // subscription expires.
    const a = await team(t, 'Shapes always');
    await saveCustomer(t, a.admin, a.id);
    const always = await saveCard(t, a.admin, a.id, testCards.alwaysAuthenticates);
    await authenticateAt(t, always.redirectUrl ?? '', true);
    const waiting = await orderOk(t, a.admin, a.id, {
      priceId: prices(t).month,
      quantity: 1,
      paymentMethodId: always.paymentMethodId,
    });
    const subscription = await stripe().subscriptions.retrieve(
      waiting.subscriptionDetail.currentSubscriptionId ?? '',
    );
    const latestId = String(subscription.latest_invoice);
    if ((await stripe().invoices.retrieve(latestId)).status === 'open')
      await failure(() => stripe().invoices.pay(latestId));
    const latest = await stripe().invoices.retrieve(latestId, { expand: ['payments'] });
    const intentId = String(latest.payments?.data[0]?.payment.payment_intent);
    const intent = await stripe().paymentIntents.retrieve(intentId);
    expect(intent.status).toBe('requires_action');
    const confirm = await callEndpoint(t, billingSimulatorApi.confirmPayment, {
      params: { intentId },
      body: {
        clientSecret: intent.client_secret!,
        paymentMethodId: always.paymentMethodId,
        returnUrl,
      },
    });
    expect(confirm.status, confirm.raw.body).toBe(200);
    await authenticateAt(t, confirm.body.redirectUrl!, false);
    await deliverWebhooks(t);
    await passTime(t, day);

    // A renewal that is declined: past due, paid again by hand (declined), then written off.
    const b = await team(t, 'Shapes broke');
    await saveCustomer(t, b.admin, b.id, { addressCountry: 'DE', taxId: 'DE123456789' });
    const good = await saveCard(t, b.admin, b.id);
    await orderOk(t, b.admin, b.id, {
      priceId: prices(t).week,
      quantity: 2,
      paymentMethodId: good.paymentMethodId,
    });
    const bad = await saveCard(t, b.admin, b.id, testCards.chargesDeclined);
    const changed = await orderOk(t, b.admin, b.id, {
      priceId: prices(t).week,
      quantity: 2,
      paymentMethodId: bad.paymentMethodId,
    });
    // Changes that wait for their payment (pending updates): one paid with another card, one
    // left to expire.
    const subId = changed.subscriptionDetail.currentSubscriptionId ?? '';
    const pendingChange = async (quantity: number) => {
      const sub = await stripe().subscriptions.retrieve(subId);
      return stripe().subscriptions.update(subId, {
        items: [{ id: sub.items.data[0]?.id ?? '', quantity }],
        payment_behavior: 'pending_if_incomplete',
        proration_behavior: 'always_invoice',
      });
    };
    const waitingChange = await pendingChange(3);
    const pendingInvoice = String(waitingChange.latest_invoice);
    if ((await stripe().invoices.retrieve(pendingInvoice)).status === 'open')
      await stripe().invoices.pay(pendingInvoice, { payment_method: good.paymentMethodId ?? '' });
    await deliverWebhooks(t);
    await pendingChange(4);
    await deliverWebhooks(t);
    await passTime(t, day);
    await passTime(t, 6 * day + 60);
    const open = await stripe().invoices.list({ status: 'open', limit: 10 });
    const pastDue = open.data[0];
    expect(pastDue).toBeDefined();
    const declined = await failure(() => stripe().invoices.pay(pastDue?.id ?? ''));
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    await passTime(t, 8 * day);

    // What the product does not call in this run, and errors, straight through the SDK.
    const s = stripe();
    const customer = await s.customers.retrieve(customerId, {
      expand: ['tax_ids', 'subscriptions', 'invoice_settings.default_payment_method'],
    });
    await s.customers.listPaymentMethods(customer.id);
    const taxIds = await s.customers.listTaxIds(customer.id);
    await s.customers.deleteTaxId(customer.id, taxIds.data[0]?.id ?? '');
    await s.setupIntents.retrieve(card.id);
    // A declined card's setup intent, with its error and the card refused.
    const declinedSetup = await s.setupIntents.retrieve(refused.id);
    expect(declinedSetup.last_setup_error?.decline_code).toBe('generic_decline');
    await s.paymentMethods.retrieve(card.paymentMethodId ?? '');
    await s.paymentIntents.retrieve(intentId);
    await s.products.retrieve(t.ctx.billing.productId);
    await s.prices.list({ product: t.ctx.billing.productId });
    await s.prices.retrieve(prices(t).year);
    await s.taxRates.list({ limit: 100 });
    const subs = await s.subscriptions.list({ status: 'all', limit: 10 });
    for (const sub of subs.data) await s.subscriptions.retrieve(sub.id, { expand: ['schedule'] });
    const invoices = await s.invoices.list({ limit: 100 });
    for (const i of invoices.data)
      await s.invoices.retrieve(i.id ?? '', {
        expand: ['payments', 'confirmation_secret', 'default_payment_method'],
      });
    await s.invoices.createPreview({
      customer: customer.id,
      subscription_details: { items: [{ price: prices(t).year, quantity: 4 }] },
    });
    const events = await t.ctx.db
      .select({ id: billingSimObjects.id })
      .from(billingSimObjects)
      .where(eq(billingSimObjects.object, 'event'))
      .limit(3);
    for (const e of events) await s.events.retrieve(e.id);
    const schedule = (
      await s.subscriptions.list({ status: 'all', limit: 10, expand: ['data.schedule'] })
    ).data.find((x) => x.schedule);
    if (schedule?.schedule && typeof schedule.schedule !== 'string')
      await s.subscriptionSchedules.retrieve(schedule.schedule.id);
    await failure(() => s.customers.retrieve('cus_none'));
    await failure(() => s.invoices.createPreview({}));
    await raw('GET', `/customers/${customer.id}`, 'sk_test_wrong');

    // Everything was seen: every kind of object, list and error, and every event type emitted.
    const kinds = new Set(answers.map((x) => (x.body as { object?: string }).object));
    for (const k of [...Object.keys(typeOfObject), 'list', 'event'])
      expect(kinds.has(k), `an answer of ${k}`).toBe(true);
    expect(answers.some((x) => x.status === 401)).toBe(true);
    expect(answers.some((x) => x.status === 402)).toBe(true);
    expect(answers.some((x) => x.status === 404)).toBe(true);
    const problems = new Set<string>();
    for (const x of answers) for (const p of problemsOf(x)) problems.add(p);
    for (const e of delivered) for (const p of sdk.checkEvent(e)) problems.add(p);
    expect([...problems].sort()).toEqual([]);
    const deliveredTypes = new Set(delivered.map((e) => String(e.type)));
    expect([...emittedTypes()].filter((x) => !deliveredTypes.has(x))).toEqual([]);
    // A long run: four teams through weeks of billing time, on two shared cores.
  }, 120_000);
});

describe("the simulator's errors are Stripe's", () => {
  const codeOf = async (work: () => Promise<unknown>) => {
    const e = await failure(work);
    return { status: e.statusCode, type: e.rawType, code: e.code, param: e.param };
  };

  it('a bad key, a missing or malformed parameter and an unknown object: the documented type and code', async () => {
    const s = stripe();
    const w = await team(t, 'Errors');
    const { customerId: customer } = await saveCustomer(t, w.admin, w.id);

    const badKey = await raw('GET', `/customers/${customer}`, 'sk_test_not_the_key_1234');
    expect(badKey.statusCode).toBe(401);
    expect(badKey.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Invalid API Key provided: sk_test_************1234',
      },
    });

    const price = prices(t).month;
    expect(await codeOf(() => s.subscriptions.create({ customer } as never))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: 'items',
    });
    expect(
      await codeOf(() => s.subscriptions.create({ customer, items: [{ quantity: 2 }] })),
    ).toEqual({
      status: 400,
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: 'items[0][price]',
    });
    expect(
      await codeOf(() =>
        s.subscriptions.create({ customer, items: [{ price, quantity: 'two' as never }] }),
      ),
    ).toEqual({
      status: 400,
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param: 'items[0][quantity]',
    });
    expect(await codeOf(() => s.prices.list({ limit: 'many' as never }))).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'limit',
    });
    expect(await codeOf(() => s.taxRates.create({ display_name: 'VAT' } as never))).toMatchObject({
      code: 'parameter_missing',
      param: 'percentage',
    });
    expect(await codeOf(() => s.invoices.createPreview({}))).toMatchObject({
      code: 'parameter_missing',
      param: 'customer',
    });
    expect(await codeOf(() => s.customers.retrieve('cus_none'))).toEqual({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
    });
    expect(await codeOf(() => s.invoices.createPreview({ customer: 'cus_none' }))).toMatchObject({
      status: 404,
      code: 'resource_missing',
      param: 'customer',
    });
    expect(
      await codeOf(() => s.customers.createTaxId(customer, { type: 'eu_vat', value: 'NL1' })),
    ).toMatchObject({ status: 400, code: 'tax_id_invalid', param: 'value' });
    // Each in Stripe's shape, with a documented type and code.
    expect(answers.filter((x) => x.status >= 400).flatMap(problemsOf)).toEqual([]);
  });

  it('a declined POST /v1/invoices/{id}/pay: 402, card_declined with the decline code and the payment intent, the attempt kept', async () => {
    const s = stripe();
    const w = await team(t, 'Declined pay');
    await saveCustomer(t, w.admin, w.id);
    const good = await saveCard(t, w.admin, w.id);
    const bad = await saveCard(t, w.admin, w.id, testCards.chargesDeclined);
    const ordered = await orderOk(t, w.admin, w.id, {
      priceId: prices(t).month,
      quantity: 2,
      paymentMethodId: good.paymentMethodId,
    });
    const subId = ordered.subscriptionDetail.currentSubscriptionId ?? '';
    const sub = await s.subscriptions.retrieve(subId);
    // An upgrade charged to the card that is declined: its invoice stays open.
    const upgraded = await s.subscriptions.update(subId, {
      default_payment_method: bad.paymentMethodId ?? '',
      items: [{ id: sub.items.data[0]?.id ?? '', quantity: 3 }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'allow_incomplete',
    });
    const invoiceId = String(upgraded.latest_invoice);
    const before = await s.invoices.retrieve(invoiceId);
    expect(before.status).toBe('open');

    const e = await failure(() => s.invoices.pay(invoiceId));
    expect(e).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect({ status: e.statusCode, type: e.rawType, code: e.code }).toEqual({
      status: 402,
      type: 'card_error',
      code: 'card_declined',
    });
    expect(e.decline_code).toBe('generic_decline');
    expect(e.message).toBe('Your card was declined.');
    const intent = e.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      payment_method: bad.paymentMethodId,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
      },
    });
    expect(sdk.check(JSON.parse(JSON.stringify(intent)), 'PaymentIntent')).toEqual([]);
    expect(answers.filter((x) => x.status >= 400).flatMap(problemsOf)).toEqual([]);
    // The attempt is recorded, as Stripe's: counted on the invoice, the intent kept.
    const after = await s.invoices.retrieve(invoiceId, { expand: ['payments'] });
    expect(after.attempt_count).toBe(before.attempt_count + 1);
    expect(after.payments?.data[0]?.payment.payment_intent).toBe(intent.id);
    expect((await s.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');

    // The subscription's own parameter errors.
    const itemId = sub.items.data[0]?.id ?? '';
    expect(
      await codeOf(() =>
        s.subscriptions.update(subId, { items: [{ id: 'si_none', quantity: 2 }] }),
      ),
    ).toEqual({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'items[0][id]',
    });
    expect(
      await codeOf(() => s.subscriptions.update(subId, { items: [{ id: itemId, quantity: 0 }] })),
    ).toMatchObject({
      status: 400,
      code: 'parameter_invalid_integer',
      param: 'items[0][quantity]',
    });
    await s.subscriptions.cancel(subId);
    expect(
      await codeOf(() => s.subscriptions.update(subId, { cancel_at_period_end: true })),
    ).toMatchObject({ status: 400, code: 'invalid_canceled_subscription_fields' });
  });
});
