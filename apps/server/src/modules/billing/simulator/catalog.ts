import { billingLimits, type PlanInterval, planIntervals } from '@roomscale/shared';
import { invalid } from './errors.ts';
import { newId, type SimStore } from './store.ts';
import type { Price, TaxRate } from './types.ts';

export const SIM_PRODUCT_ID = 'prod_roomscale';
export const simPriceId = (interval: PlanInterval) => `price_roomscale_${interval}`;

const names: Record<PlanInterval, string> = { week: 'Weekly', month: 'Monthly', year: 'Yearly' };

/** The product and its three prices exist from the first call on. */
export async function ensureCatalog(s: SimStore) {
  if (await s.find(SIM_PRODUCT_ID)) return;
  await s.save({
    id: SIM_PRODUCT_ID,
    object: 'product',
    name: 'Roomscale',
    active: true,
    created: s.nowSeconds,
  });
  for (const interval of planIntervals) {
    const price: Price = {
      id: simPriceId(interval),
      object: 'price',
      product: SIM_PRODUCT_ID,
      unit_amount: billingLimits.simulatorUnitAmounts[interval],
      currency: 'eur',
      active: true,
      type: 'recurring',
      nickname: names[interval],
      recurring: { interval, interval_count: 1, usage_type: 'licensed' },
      created: s.nowSeconds,
    };
    await s.save(price);
  }
}

export async function priceOf(s: SimStore, id: string, param = 'price'): Promise<Price> {
  await ensureCatalog(s);
  const price = await s.get<Price>('price', id, param);
  if (!price.active) throw invalid(`The price specified is inactive: ${id}`, param);
  return price;
}

/** Adds `interval` to a time in seconds, calendar-aware like Stripe (month ends clamp). */
export function addInterval(seconds: number, interval: PlanInterval): number {
  const d = new Date(seconds * 1000);
  if (interval === 'week') return seconds + 7 * 86400;
  const months = interval === 'month' ? 1 : 12;
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

export async function createTaxRate(
  s: SimStore,
  p: {
    percentage: number;
    display_name: string;
    country: string | null;
    jurisdiction: string | null;
  },
): Promise<TaxRate> {
  if (!(p.percentage >= 0 && p.percentage <= 100))
    throw invalid('Invalid percentage', 'percentage');
  return s.save<TaxRate>({
    id: newId('txr'),
    object: 'tax_rate',
    percentage: p.percentage,
    inclusive: false,
    display_name: p.display_name,
    country: p.country,
    jurisdiction: p.jurisdiction,
    active: true,
    created: s.nowSeconds,
  });
}
