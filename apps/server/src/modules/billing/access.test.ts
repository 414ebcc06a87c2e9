import { billingMessages } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema.ts';
import { call, expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import { billingDetails, prices, saveCustomer } from './testing.ts';

/** Who may make each billing call (docs/billing.md "Who may"). */
let t: TestApp;
let w: Awaited<ReturnType<typeof team>>;
let other: Awaited<ReturnType<typeof team>>;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  w = await team(t, 'Ladder');
  other = await team(t, 'Other');
  root = await person(t, { superAdmin: true });
  await saveCustomer(t, w.admin, w.id);
});
afterAll(() => t.close());

const calls = (id: string) =>
  [
    ['GET', `/api/StripeCustomers/${id}`, undefined],
    ['POST', `/api/StripeCustomers/${id}`, billingDetails()],
    ['POST', `/api/StripeCustomers/${id}/Subscription`, { priceId: 'price_x', quantity: 1 }],
    ['DELETE', `/api/StripeCustomers/${id}/Subscription`, undefined],
    ['POST', `/api/StripeCustomers/${id}/Subscription/Price`, { priceId: 'price_x', quantity: 1 }],
    ['GET', `/api/StripeCustomers/${id}/PaymentMethod/Secret`, undefined],
  ] as const;

describe('the billing calls', () => {
  it('refuse anonymous callers, members, and admins of another team', async () => {
    for (const [method, url, body] of calls(w.id)) {
      expectProblem(await call(t, method, url, { body }), 401);
      // A member sees the team but may not do this: 403, as on every admin-only team call.
      const member = await call(t, method, url, { body, token: w.member.session });
      expect(member.statusCode, `${method} ${url}`).toBe(403);
      expectProblem(await call(t, method, url, { body, token: other.admin.session }), 404);
    }
    expectProblem(await call(t, 'GET', '/api/StripeCustomers/Details'), 401);
    expectProblem(
      await call(t, 'GET', `/api/Organizations/${w.id}/subscription`, {
        token: other.admin.session,
      }),
      404,
    );
  });

  it('let members read the licensing summary and everyone signed in the plans', async () => {
    const summary = await call(t, 'GET', `/api/Organizations/${w.id}/subscription`, {
      token: w.member.session,
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      licenseCount: 0,
      selfManaged: true,
      paymentCustomerId: expect.stringMatching(/^cus_/),
    });
    const details = await call(t, 'GET', '/api/StripeCustomers/Details', {
      token: w.member.session,
    });
    expect(details.json()).toMatchObject({
      provider: 'simulator',
      publishableKey: expect.stringMatching(/^pk_test_sim_/),
      monthlyPriceId: prices(t).month,
      // Euros with 2 decimals (part2 §3, §9); the plans keep cents.
      weeklyPrice: 5,
      monthlyPrice: 15,
      yearlyPrice: 150,
      prices: expect.arrayContaining([
        { interval: 'month', priceId: prices(t).month, unitAmount: 1500 },
      ]),
    });
  });

  it('let a super admin read any team’s customer, but not change it', async () => {
    const res = await call(t, 'GET', `/api/StripeCustomers/${w.id}`, { token: root.session });
    expect(res.statusCode, res.body).toBe(200);
    expectProblem(
      await call(t, 'POST', `/api/StripeCustomers/${w.id}`, {
        token: root.session,
        body: billingDetails(),
      }),
      404,
    );
  });

  it('refuse changes to a team that does not manage its own subscription', async () => {
    await t.ctx.db
      .update(organizations)
      .set({ selfManaged: false })
      .where(eq(organizations.id, w.id));
    for (const [method, url, body] of calls(w.id).slice(1)) {
      const res = await call(t, method, url, {
        body: body && url.endsWith('/Price') ? { priceId: prices(t).month, quantity: 1 } : body,
        token: w.admin.session,
      });
      if (url.endsWith('/Price')) continue;
      expectProblem(res, 403, undefined);
      expect(res.json()).toMatchObject({ detail: billingMessages.notSelfManaged });
    }
    // Reading stays open to its admins.
    expect(
      (await call(t, 'GET', `/api/StripeCustomers/${w.id}`, { token: w.admin.session })).statusCode,
    ).toBe(200);
    await t.ctx.db
      .update(organizations)
      .set({ selfManaged: true })
      .where(eq(organizations.id, w.id));
  });

  it('answer 404 for a team without billing details, and for an unknown plan 400', async () => {
    expectProblem(
      await call(t, 'GET', `/api/StripeCustomers/${other.id}`, { token: other.admin.session }),
      404,
    );
    expectProblem(
      await call(t, 'GET', `/api/StripeCustomers/${other.id}/PaymentMethod/Secret`, {
        token: other.admin.session,
      }),
      404,
    );
    expectProblem(
      await call(t, 'POST', `/api/StripeCustomers/${w.id}/Subscription/Price`, {
        token: w.admin.session,
        body: { priceId: 'price_unknown', quantity: 1 },
      }),
      400,
      'priceId',
    );
    expectProblem(
      await call(t, 'POST', `/api/StripeCustomers/${w.id}/Subscription`, {
        token: w.admin.session,
        body: { priceId: prices(t).month, quantity: 0 },
      }),
      400,
      'quantity',
    );
  });
});
