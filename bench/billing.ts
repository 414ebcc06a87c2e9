/**
 * `npm run bench:billing`: the webhook endpoint under duplicate deliveries (docs/billing.md,
 * docs/performance.md). Teams take out subscriptions through the API against the built-in
 * simulator, whose events are then delivered three times each, shuffled, by 20 concurrent
 * senders to a listening server on PostgreSQL. Printed: deliveries per second beside the
 * reference (a bare Fastify route that only checks the signature, same run), and the check that
 * every event was applied exactly once (the goal: no event twice).
 *
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server whose
 * scratch database is created and dropped; BENCH_TEAMS (default 40) the number of teams.
 */

import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { createTeam, createUser, signIn } from '../apps/server/src/test/factories.ts';
import { createTestApp, type TestApp } from '../apps/server/src/test/harness.ts';

process.env.TEST_PG_URL ??=
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEAMS = Number(process.env.BENCH_TEAMS ?? 40);
const COPIES = 3;
const SENDERS = 20;

async function must(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
}

async function subscribeTeam(t: TestApp, i: number) {
  const user = await createUser(t, { firstName: 'Bench', lastName: `Admin${i}` });
  const { id } = await createTeam(t, user.id, `Bench ${i}`);
  const token = (await signIn(t, user)).access_token;
  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body as object } : {}),
    });
  await must(
    await call('POST', `/api/StripeCustomers/${id}`, {
      isBusiness: false,
      fullName: `Bench ${i}`,
      addressLine1: 'Street 1',
      addressPostalCode: '1000 AA',
      addressCity: 'Amsterdam',
      addressCountry: 'NL',
      invoiceEmail: `bench${i}@roomscale.local`,
      phone: '+31 20 000 0000',
    }),
    'customer',
  );
  const { clientSecret } = await must(
    await call('GET', `/api/StripeCustomers/${id}/PaymentMethod/Secret`),
    'secret',
  );
  const intent = await must(
    await t.app.inject({
      method: 'POST',
      url: `/api/BillingSimulator/SetupIntents/${clientSecret.split('_secret_')[0]}/Confirm`,
      payload: {
        clientSecret,
        card: {
          number: '4242424242424242',
          expMonth: 12,
          expYear: 2040,
          cvc: '123',
          name: 'Bench',
        },
        returnUrl: `${t.config.publicUrl}/team/subscription/confirm`,
      },
    }),
    'card',
  );
  const prices = t.ctx.billing.prices;
  await must(
    await call('POST', `/api/StripeCustomers/${id}/Subscription`, {
      priceId: prices.month,
      quantity: 5,
      paymentMethodId: intent.paymentMethodId,
    }),
    'order',
  );
  await must(
    await call('POST', `/api/StripeCustomers/${id}/Subscription`, {
      priceId: prices.month,
      quantity: 8,
    }),
    'upgrade',
  );
}

function shuffle<T>(items: T[]) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Sends every delivery with SENDERS at a time; returns deliveries per second and the answers. */
async function send(url: string, deliveries: { payload: string; signature: string }[]) {
  const answers: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < deliveries.length) {
        const d = deliveries[next++] as { payload: string; signature: string };
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
          body: d.payload,
        });
        if (!res.ok) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
        answers.push(((await res.json()) as { result?: string }).result ?? 'ok');
      }
    }),
  );
  return { perSecond: deliveries.length / ((performance.now() - started) / 1000), answers };
}

async function main() {
  const t = await createTestApp({ LOG_LEVEL: 'silent' });
  try {
    process.stdout.write(`Subscribing ${TEAMS} teams through the simulator…\n`);
    for (let i = 0; i < TEAMS; i++) await subscribeTeam(t, i);
    const billing = t.ctx.billing;
    const rows = (await t.ctx.db.execute(
      sql`select data::text as payload from billing_sim_objects where object = 'event'`,
    )) as unknown as { rows: { payload: string }[] };
    const events = rows.rows.map((r) => r.payload);
    const sign = (payload: string) => ({
      payload,
      signature: billing.stripe.webhooks.generateTestHeaderString({
        payload,
        secret: billing.webhookSecret,
      }),
    });
    const deliveries = shuffle(
      events.flatMap((p) => Array.from({ length: COPIES }, () => sign(p))),
    );

    // The reference: the signature check alone, on a bare Fastify route.
    const bare = Fastify();
    bare.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    bare.post('/hook', async (req) => {
      billing.stripe.webhooks.constructEvent(
        req.body as string,
        String(req.headers['stripe-signature']),
        billing.webhookSecret,
      );
      return { result: 'ok' };
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareAddress = bare.server.address() as { port: number };
    const reference = await send(`http://127.0.0.1:${bareAddress.port}/hook`, deliveries);
    await bare.close();

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const ours = await send(`http://127.0.0.1:${address.port}/api/StripeWebhooks`, deliveries);
    const applied = ours.answers.filter((a) => a === 'applied' || a === 'ignored').length;
    const duplicates = ours.answers.filter((a) => a === 'duplicate').length;
    const recorded = (await t.ctx.db.execute(
      sql`select count(*)::int as n from billing_events`,
    )) as unknown as {
      rows: { n: number }[];
    };
    const once = applied === events.length && recorded.rows[0]?.n === events.length;
    process.stdout.write(
      [
        '',
        `| figure | reference (signature only) | Roomscale | ratio |`,
        `| --- | --- | --- | --- |`,
        `| webhook deliveries/s, ${SENDERS} senders, ${events.length} events × ${COPIES} | ${reference.perSecond.toFixed(0)} | ${ours.perSecond.toFixed(0)} | ${(ours.perSecond / reference.perSecond).toFixed(2)}× |`,
        '',
        `Applied ${applied} of ${events.length} events, ${duplicates} duplicates acknowledged: ${once ? 'each event applied exactly once (goal met)' : 'SOME EVENT APPLIED TWICE OR NOT AT ALL (goal missed)'}`,
        '',
      ].join('\n'),
    );
    if (!once) process.exitCode = 1;
  } finally {
    await t.close();
  }
}

void main();
