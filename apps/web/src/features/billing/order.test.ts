// @vitest-environment happy-dom
import { billingLimits } from '@roomscale/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearOrder, currentSubscription, readOrder, writeOrder } from './order.ts';
import { customerFixture, subscriptionFixture } from './testing.ts';

const teamId = '0b8f9c4e-2d1a-4e3b-8c7d-6a5b4c3d2e1f';
const order = {
  organizationId: teamId,
  subscriptionId: null,
  productId: 'prod_roomscale',
  priceId: 'price_month',
  usersCount: 3,
};

beforeEach(() => localStorage.clear());

describe('the stored order', () => {
  it("is read back for its own team only, under the spec's one key", () => {
    writeOrder(order);
    expect(JSON.parse(localStorage.getItem(billingLimits.orderStorageKey) ?? '')).toEqual(order);
    expect(readOrder(teamId)).toEqual(order);
    expect(readOrder('another-team')).toBeNull();
    clearOrder();
    expect(readOrder(teamId)).toBeNull();
  });

  it('ignores what is not an order', () => {
    localStorage.setItem(billingLimits.orderStorageKey, '{not json');
    expect(readOrder(teamId)).toBeNull();
    localStorage.setItem(
      billingLimits.orderStorageKey,
      JSON.stringify({ ...order, usersCount: 0 }),
    );
    expect(readOrder(teamId)).toBeNull();
  });
});

describe('the current subscription', () => {
  it('is none without a customer, without a subscription id, or once canceled', () => {
    expect(currentSubscription(null)).toBeNull();
    expect(currentSubscription(customerFixture({ subscriptionDetail: null }))).toBeNull();
    expect(
      currentSubscription(
        customerFixture({ subscriptionDetail: subscriptionFixture({ status: 'canceled' }) }),
      ),
    ).toBeNull();
    expect(currentSubscription(customerFixture())?.currentSubscriptionId).toBe('sub_1');
  });
});
