import { billingLimits } from '@roomscale/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { createTaxRate, ensureCatalog, priceOf } from './catalog.ts';
import {
  createCustomer,
  createTaxId,
  customerOf,
  deleteTaxId,
  taxIdsOf,
  updateCustomer,
} from './customers.ts';
import { badKey, invalidInteger, SimError } from './errors.ts';
import { expand } from './expand.ts';
import { type Form, num, parseForm, str, strings } from './form.ts';
import { payInvoice } from './invoices.ts';
import { checkParams, type ParamRules } from './params.ts';
import { attachPaymentMethod, createSetupIntent, paymentMethodOf } from './payments.ts';
import { stripeView } from './shapes.ts';
import { SimStore } from './store.ts';
import {
  advance,
  cancelSubscription,
  createSchedule,
  createSubscription,
  previewInvoice,
  releaseSchedule,
  scheduleOf,
  subscriptionOf,
  subscriptionsOf,
  updateSchedule,
  updateSubscription,
} from './subscriptions.ts';
import { type Invoice, listOf, type Price, type SimObject, type TaxRate } from './types.ts';

export const SIMULATOR_PREFIX = '/billing-simulator';

type Handler = (s: SimStore, form: Form, params: Record<string, string>) => Promise<object>;

/** Runs simulator work in one transaction that every other simulator change waits for. */
export function withSimulator<T>(ctx: AppContext, work: (s: SimStore) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) =>
    work(await SimStore.open(tx, ctx.clock.now(), ctx.config.publicUrl)),
  );
}

/**
 * Runs a simulator read in a read-only snapshot: one consistent state, as of its start, without
 * waiting for the changes under way (the webhook's fresh read of a subscription is one).
 */
export function readSimulator<T>(ctx: AppContext, work: (s: SimStore) => Promise<T>): Promise<T> {
  return ctx.db.transaction(
    async (tx) => work(SimStore.reading(tx, ctx.clock.now(), ctx.config.publicUrl)),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The apps whose database has the simulator's product and prices (they are never removed). */
const catalogued = new WeakSet<AppContext>();

/** Makes the product and prices once per app, so that reads need not (a read cannot write). */
async function ensureCatalogOnce(ctx: AppContext) {
  if (catalogued.has(ctx)) return;
  await withSimulator(ctx, ensureCatalog);
  catalogued.add(ctx);
}

/** A page of a list, as Stripe's `limit` (1 to 100, 10 when not given) cuts it. */
function page<T>(items: T[], form: Form, url: string, fallback = 10) {
  const given = str(form.limit);
  const limit = given === undefined || given === '' ? fallback : Number(given);
  if (!Number.isInteger(limit)) throw invalidInteger('limit', given);
  if (limit < 1 || limit > 100)
    throw invalidInteger('limit', given, 'This value must be between 1 and 100.');
  return { ...listOf(items.slice(0, limit), url), has_more: items.length > limit };
}

/**
 * The simulator's Stripe API (`/billing-simulator/v1/…`): the calls Roomscale's billing makes
 * through the official SDK, with Stripe's encoding, ids, objects, errors and `expand[]`.
 */
export function simulatorApi(app: FastifyInstance, ctx: AppContext, secretKey: string) {
  // Stripe's bracketed form encoding (the browser's authentication form posts plain fields).
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: billingLimits.simulatorBodyBytes },
    (_req, body, done) => done(null, parseForm(body as string)),
  );

  const route = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    handler: Handler,
    rules: ParamRules = {},
  ) =>
    app.route({
      method,
      url: `${SIMULATOR_PREFIX}/v1${url}`,
      config: { access: 'public' },
      schema: { hide: true },
      handler: (req, reply) => serve(req, reply, handler, rules),
    });

  async function serve(
    req: FastifyRequest,
    reply: FastifyReply,
    handler: Handler,
    rules: ParamRules,
  ) {
    reply.header('request-id', `req_sim_${Date.now().toString(36)}`);
    const fail = (e: SimError, body: object = e.body()) => reply.code(e.status).send(body);
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${secretKey}`) return fail(badKey(auth.replace(/^Bearer /, '')));
    const query = req.url.includes('?') ? parseForm(req.url.slice(req.url.indexOf('?') + 1)) : {};
    const form = { ...query, ...((req.body as Form | undefined) ?? {}) };
    try {
      checkParams(form, { ...rules, integers: [...(rules.integers ?? []), 'limit'] });
      await ensureCatalogOnce(ctx);
      // Reads (GET) change nothing: they neither take nor wait for the simulator's lock.
      const run = req.method === 'GET' ? readSimulator : withSimulator;
      const result = await run(ctx, async (s) => {
        try {
          const value = (await handler(s, form, req.params as Record<string, string>)) as SimObject;
          // As Stripe answers it: complete (shapes.ts).
          return { value: await stripeView(s, await expand(s, value, strings(form.expand))) };
        } catch (e) {
          // A declined payment is recorded although the request fails, as at Stripe.
          if (e instanceof SimError && e.keepChanges)
            return { error: e, body: await stripeView(s, e.body()) };
          throw e;
        }
      });
      if (result.error) return fail(result.error, result.body);
      return reply.send(result.value);
    } catch (e) {
      if (e instanceof SimError) return fail(e);
      throw e;
    }
  }

  // Customers and their tax ids.
  route('POST', '/customers', (s, f) => createCustomer(s, f));
  route('GET', '/customers/:id', (s, _f, p) => s.get('customer', p.id as string, 'id'));
  route('POST', '/customers/:id', (s, f, p) => updateCustomer(s, p.id as string, f));
  route('GET', '/customers/:id/tax_ids', async (s, _f, p) =>
    listOf(await taxIdsOf(s, p.id as string), `/v1/customers/${p.id}/tax_ids`),
  );
  route(
    'POST',
    '/customers/:id/tax_ids',
    (s, f, p) =>
      createTaxId(s, p.id as string, { type: str(f.type) ?? '', value: str(f.value) ?? '' }),
    { required: ['type', 'value'] },
  );
  route('DELETE', '/customers/:id/tax_ids/:taxId', (s, _f, p) =>
    deleteTaxId(s, p.id as string, p.taxId as string),
  );
  route('GET', '/customers/:id/payment_methods', async (s, _f, p) => {
    await customerOf(s, p.id as string);
    const methods = await s.list('payment_method', p.id as string);
    return listOf(methods, `/v1/customers/${p.id}/payment_methods`);
  });

  // Cards and intents.
  route('POST', '/setup_intents', (s, f) =>
    createSetupIntent(s, {
      customer: str(f.customer) ?? null,
      usage: str(f.usage) ?? 'off_session',
    }),
  );
  route('GET', '/setup_intents/:id', (s, _f, p) => s.get('setup_intent', p.id as string));
  route('GET', '/payment_intents/:id', (s, _f, p) => s.get('payment_intent', p.id as string));
  route('GET', '/payment_methods/:id', (s, _f, p) => paymentMethodOf(s, p.id as string, 'id'));
  route(
    'POST',
    '/payment_methods/:id/attach',
    (s, f, p) => attachPaymentMethod(s, p.id as string, str(f.customer) ?? ''),
    { required: ['customer'] },
  );

  // The catalog and tax rates.
  route('GET', '/products/:id', (s, _f, p) => s.get('product', p.id as string));
  route('GET', '/prices/:id', (s, _f, p) => priceOf(s, p.id as string, 'id'));
  route('GET', '/prices', async (s, f) => {
    const product = str(f.product);
    const prices = (await s.list<Price>('price')).filter((x) => !product || x.product === product);
    return page(prices, f, '/v1/prices');
  });
  route(
    'POST',
    '/tax_rates',
    (s, f) =>
      createTaxRate(s, {
        percentage: num(f.percentage) ?? Number.NaN,
        display_name: str(f.display_name) ?? 'VAT',
        country: str(f.country) ?? null,
        jurisdiction: str(f.jurisdiction) ?? null,
      }),
    { required: ['percentage', 'display_name'] },
  );
  route('GET', '/tax_rates', async (s, f) =>
    page(await s.list<TaxRate>('tax_rate'), f, '/v1/tax_rates'),
  );

  // Subscriptions and schedules.
  route('POST', '/subscriptions', (s, f) => createSubscription(s, f), {
    required: ['customer', 'items', 'items[].price'],
    integers: ['items[].quantity'],
  });
  route('GET', '/subscriptions', async (s, f) =>
    page(await subscriptionsOf(s, str(f.customer), str(f.status)), f, '/v1/subscriptions'),
  );
  route('GET', '/subscriptions/:id', (s, _f, p) => subscriptionOf(s, p.id as string));
  route('POST', '/subscriptions/:id', (s, f, p) => updateSubscription(s, p.id as string, f), {
    integers: ['items[].quantity'],
  });
  route('DELETE', '/subscriptions/:id', (s, _f, p) => cancelSubscription(s, p.id as string));
  route('POST', '/subscription_schedules', (s, f) => createSchedule(s, f), {
    required: ['from_subscription'],
  });
  route('GET', '/subscription_schedules/:id', (s, _f, p) => scheduleOf(s, p.id as string));
  route('POST', '/subscription_schedules/:id', (s, f, p) => updateSchedule(s, p.id as string, f), {
    required: ['phases', 'phases[].items', 'phases[].items[].price'],
    integers: [
      'phases[].items[].quantity',
      'phases[].iterations',
      'phases[].duration.interval_count',
    ],
  });
  route('POST', '/subscription_schedules/:id/release', (s, _f, p) =>
    releaseSchedule(s, p.id as string),
  );

  // Invoices.
  route('POST', '/invoices/create_preview', (s, f) => previewInvoice(s, f), {
    required: ['customer'],
    integers: ['subscription_details.items[].quantity'],
  });
  route('GET', '/invoices/:id', (s, _f, p) => s.get('invoice', p.id as string));
  route('POST', '/invoices/:id/pay', (s, f, p) =>
    payInvoice(s, p.id as string, str(f.payment_method)),
  );
  route('GET', '/invoices', async (s, f) => {
    const subscription = str(f.subscription);
    const status = str(f.status);
    const invoices = (await s.list<Invoice>('invoice', str(f.customer)))
      .filter((i) => !subscription || i.parent?.subscription_details.subscription === subscription)
      .filter((i) => !status || i.status === status)
      .sort((a, b) => b.created - a.created);
    return page(invoices, f, '/v1/invoices');
  });
  route('GET', '/events/:id', (s, _f, p) => s.get('event', p.id as string));
}

/** Lets the simulator's time pass up to the server's clock (renewals, period ends, grace). */
export const advanceSimulator = (ctx: AppContext) => withSimulator(ctx, (s) => advance(s));
