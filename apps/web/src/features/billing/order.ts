import {
  type BillingCustomer,
  billingLimits,
  type PlanInterval,
  type ProviderDetails,
  type StoredOrder,
  type SubscriptionDetail,
  storedOrder,
} from '@roomscale/shared';

/**
 * The pending order (part2 §3 Order): one key in the browser's local storage, written by the
 * plan page and 'Change payment method', read by the confirm page, cleared when it completes.
 */
export function readOrder(teamId: string): StoredOrder | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(billingLimits.orderStorageKey);
  } catch {
    return null;
  }
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedOrder.safeParse(json);
  // Another team's order (the user switched teams) is not this team's to finish.
  return parsed.success && parsed.data.organizationId === teamId ? parsed.data : null;
}

export function writeOrder(order: StoredOrder) {
  localStorage.setItem(billingLimits.orderStorageKey, JSON.stringify(order));
}

export function clearOrder() {
  localStorage.removeItem(billingLimits.orderStorageKey);
}

/** The subscription that runs now, or null (none, or one that has ended). */
export function currentSubscription(
  customer: BillingCustomer | null | undefined,
): SubscriptionDetail | null {
  const sub = customer?.subscriptionDetail;
  if (!sub?.currentSubscriptionId) return null;
  return sub.status === 'canceled' || sub.status === 'incomplete_expired' ? null : sub;
}

/** The running plan as `orderTypeOf` compares it. */
export function currentPlan(sub: SubscriptionDetail | null) {
  return sub?.currentInterval
    ? { interval: sub.currentInterval, quantity: sub.currentSubscriptionUserCount }
    : null;
}

export const intervalOfPrice = (details: ProviderDetails, priceId: string) =>
  details.prices.find((p) => p.priceId === priceId)?.interval ?? null;

export const priceOf = (details: ProviderDetails, interval: PlanInterval) =>
  details.prices.find((p) => p.interval === interval) ?? null;

/** An order for the plan that runs now: a new payment method, nothing else changes. */
export function paymentMethodOrder(
  teamId: string,
  details: ProviderDetails,
  sub: SubscriptionDetail,
): StoredOrder | null {
  if (!sub.currentPriceId || sub.currentSubscriptionUserCount < 1) return null;
  return {
    organizationId: teamId,
    subscriptionId: sub.currentSubscriptionId,
    productId: details.subscriptionProductId,
    priceId: sub.currentPriceId,
    usersCount: sub.currentSubscriptionUserCount,
  };
}
