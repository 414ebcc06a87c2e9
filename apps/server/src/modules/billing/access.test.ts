import { billingMessages } from '@roomscale/shared';
import { billingApi, fillPath } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
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

/** The team's billing calls, each with a body it takes. */
const calls = () =>
  [
    [billingApi.customer, undefined],
    [billingApi.saveCustomer, billingDetails()],
    [billingApi.updateSubscription, { priceId: 'price_x', quantity: 1 }],
    [billingApi.cancelSubscription, undefined],
    [billingApi.previewPrice, { priceId: 'price_x', quantity: 1 }],
    [billingApi.setupSecret, undefined],
  ] as const;

describe('the billing calls', () => {
  it('refuse anonymous callers, members, and admins of another team', async () => {
    const params = { organizationId: w.id };
    for (const [e, body] of calls()) {
      expectProblem(await callUnchecked(t, e, { params, body }), 401);
      // A member sees the team but may not do this: 403, as on every admin-only team call.
      const member = await callUnchecked(t, e, { params, body, token: w.member.session });
      expect(member.status, `${e.method} ${fillPath(e.path, params)}`).toBe(403);
      expectProblem(await callUnchecked(t, e, { params, body, token: other.admin.session }), 404);
    }
    expectProblem(await callEndpoint(t, billingApi.details), 401);
    expectProblem(
      await callEndpoint(t, billingApi.licensing, {
        params: { organizationId: w.id },
        token: other.admin.session,
      }),
      404,
    );
  });

  it('let members read the licensing summary and everyone signed in the plans', async () => {
    const summary = await callEndpoint(t, billingApi.licensing, {
      params: { organizationId: w.id },
      token: w.member.session,
    });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      licenseCount: 0,
      selfManaged: true,
      paymentCustomerId: expect.stringMatching(/^cus_/),
    });
    const details = await callEndpoint(t, billingApi.details, {
      token: w.member.session,
    });
    expect(details.body).toMatchObject({
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
    const res = await callEndpoint(t, billingApi.customer, {
      params: { organizationId: w.id },
      token: root.session,
    });
    expect(res.status, res.raw.body).toBe(200);
    expectProblem(
      await callEndpoint(t, billingApi.saveCustomer, {
        params: { organizationId: w.id },
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
    for (const [e, body] of calls().slice(1)) {
      const previewing = e === billingApi.previewPrice;
      const res = await callUnchecked(t, e, {
        params: { organizationId: w.id },
        body: body && previewing ? { priceId: prices(t).month, quantity: 1 } : body,
        token: w.admin.session,
      });
      if (previewing) continue;
      expectProblem(res, 403, undefined);
      expect(res.problem).toMatchObject({ detail: billingMessages.notSelfManaged });
    }
    // Reading stays open to its admins.
    expect(
      (
        await callEndpoint(t, billingApi.customer, {
          params: { organizationId: w.id },
          token: w.admin.session,
        })
      ).status,
    ).toBe(200);
    await t.ctx.db
      .update(organizations)
      .set({ selfManaged: true })
      .where(eq(organizations.id, w.id));
  });

  it('answer 404 for a team without billing details, and for an unknown plan 400', async () => {
    expectProblem(
      await callEndpoint(t, billingApi.customer, {
        params: { organizationId: other.id },
        token: other.admin.session,
      }),
      404,
    );
    expectProblem(
      await callEndpoint(t, billingApi.setupSecret, {
        params: { organizationId: other.id },
        token: other.admin.session,
      }),
      404,
    );
    expectProblem(
      await callEndpoint(t, billingApi.previewPrice, {
        params: { organizationId: w.id },
        token: w.admin.session,
        body: { priceId: 'price_unknown', quantity: 1 },
      }),
      400,
      'priceId',
    );
    expectProblem(
      await callEndpoint(t, billingApi.updateSubscription, {
        params: { organizationId: w.id },
        token: w.admin.session,
        body: { priceId: prices(t).month, quantity: 0 },
      }),
      400,
      'quantity',
    );
  });
});
