import {
  billingLimits,
  type PlanInterval,
  type ProviderDetails,
  planIntervals,
} from '@roomscale/shared';
import type { Billing } from './driver.ts';
import { provider } from './provider.ts';

const cache = new WeakMap<Billing, { at: number; details: ProviderDetails }>();

/** Cents as euros with 2 decimals (part2 §9). */
const euros = (cents: number) => Math.round(cents) / 100;

/**
 * The publishable key, product and the three prices (part2 §3 Payment provider details): in
 * euros per user, and in cents in `prices`.
 */
export async function providerDetails(billing: Billing): Promise<ProviderDetails> {
  const hit = cache.get(billing);
  if (hit && Date.now() - hit.at < billingLimits.providerDetailsCacheMs) return hit.details;
  const prices = await provider(() =>
    Promise.all(
      planIntervals.map(async (interval: PlanInterval) => {
        const price = await billing.stripe.prices.retrieve(billing.prices[interval]);
        return { interval, priceId: price.id, unitAmount: price.unit_amount ?? 0 };
      }),
    ),
  );
  const of = (i: PlanInterval) => prices.find((p) => p.interval === i) as (typeof prices)[number];
  const details: ProviderDetails = {
    provider: billing.mode,
    publishableKey: billing.publishableKey,
    subscriptionProductId: billing.productId,
    weeklyPriceId: of('week').priceId,
    monthlyPriceId: of('month').priceId,
    yearlyPriceId: of('year').priceId,
    weeklyPrice: euros(of('week').unitAmount),
    monthlyPrice: euros(of('month').unitAmount),
    yearlyPrice: euros(of('year').unitAmount),
    prices,
  };
  cache.set(billing, { at: Date.now(), details });
  return details;
}
