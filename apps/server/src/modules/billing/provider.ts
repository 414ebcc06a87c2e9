import { billingMessages, type PlanInterval, serverMessages } from '@roomscale/shared';
import Stripe from 'stripe';
import { HttpError } from '../../platform/http/problem.ts';
import type { Billing } from './driver.ts';

/**
 * Calls the payment provider and turns its failures into the API's problems: a card refused is
 * a 402 with the card's message; a customer that does not exist is the spec's 404; the provider
 * unreachable or failing is the spec's 502 'Something went wrong with the payment provider
 * connection.'; anything else the provider refuses is a 400 with its message.
 */
export async function provider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw problemOf(e);
  }
}

export function problemOf(e: unknown): unknown {
  if (e instanceof HttpError) return e;
  if (e instanceof Stripe.errors.StripeCardError) return new HttpError(402, e.message);
  if (e instanceof Stripe.errors.StripeInvalidRequestError) {
    if (e.code === 'resource_missing' && /customer/i.test(e.message))
      return new HttpError(404, serverMessages.customerIdMissing);
    if (e.code === 'tax_id_invalid')
      return new HttpError(400, serverMessages.vatInvalid, { taxId: [serverMessages.vatInvalid] });
    return new HttpError(400, e.message);
  }
  if (e instanceof Stripe.errors.StripeError)
    return new HttpError(502, serverMessages.paymentProviderFailed);
  return e;
}

/** The plan interval of one of our price ids, or 400 for any other price. */
export function intervalOfPrice(billing: Billing, priceId: string): PlanInterval {
  const hit = (Object.entries(billing.prices) as [PlanInterval, string][]).find(
    ([, id]) => id === priceId,
  );
  if (!hit)
    throw new HttpError(400, billingMessages.unknownPrice, {
      priceId: [billingMessages.unknownPrice],
    });
  return hit[0];
}

export const intervalOf = (billing: Billing, priceId: string): PlanInterval | null =>
  (Object.entries(billing.prices) as [PlanInterval, string][]).find(
    ([, id]) => id === priceId,
  )?.[0] ?? null;

/** The subscription statuses that hold licenses and can be changed. */
export const LIVE_STATUSES = ['active', 'past_due', 'trialing'];
/** Statuses that are over: a new order starts a new subscription. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired', 'unpaid'];

/** Seconds since the epoch (Stripe's time) to a Date. */
export const dateOf = (seconds: number) => new Date(seconds * 1000);
