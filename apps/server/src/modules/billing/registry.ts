import type { AppContext } from '../../context.ts';
import type { Billing } from './driver.ts';

const byContext = new WeakMap<AppContext, Billing>();

/** The app's payment provider, set when the billing module registers. */
export function billingOf(ctx: AppContext): Billing {
  const billing = byContext.get(ctx);
  if (!billing) throw new Error('The billing module is not registered');
  return billing;
}

export const setBilling = (ctx: AppContext, billing: Billing) => byContext.set(ctx, billing);
