import { serverMessages } from '@roomscale/shared';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/problem.ts';
import { problemOf } from './provider.ts';

/** The payment provider's failures as the API's problems (part1 §8 known server messages). */
describe('problemOf', () => {
  type Raw = ConstructorParameters<typeof Stripe.errors.StripeError>[0];
  const raw = (type: string, extra: Record<string, unknown> = {}) =>
    ({ type, message: 'm', ...extra }) as Raw;
  const as = (e: unknown) => e as HttpError;

  it('a refused card is a 402 with the card’s message', () => {
    const e = as(
      problemOf(
        new Stripe.errors.StripeCardError(
          raw('card_error', { message: 'Your card was declined.' }),
        ),
      ),
    );
    expect(e).toBeInstanceOf(HttpError);
    expect([e.status, e.detail]).toEqual([402, 'Your card was declined.']);
  });

  it('a customer the provider does not have is the spec’s 404', () => {
    const e = as(
      problemOf(
        new Stripe.errors.StripeInvalidRequestError(
          raw('invalid_request_error', {
            code: 'resource_missing',
            message: "No such customer: 'cus_x'",
          }),
        ),
      ),
    );
    expect([e.status, e.detail]).toEqual([404, serverMessages.customerIdMissing]);
  });

  it('a VAT number the provider refuses is the spec’s field problem', () => {
    const e = as(
      problemOf(
        new Stripe.errors.StripeInvalidRequestError(
          raw('invalid_request_error', { code: 'tax_id_invalid' }),
        ),
      ),
    );
    expect([e.status, e.detail, e.errors]).toEqual([
      400,
      serverMessages.vatInvalid,
      { taxId: [serverMessages.vatInvalid] },
    ]);
  });

  it('the provider unreachable or failing is the spec’s connection message, as a 502', () => {
    for (const error of [
      new Stripe.errors.StripeConnectionError(raw('api_connection_error')),
      new Stripe.errors.StripeAPIError(raw('api_error')),
      new Stripe.errors.StripeAuthenticationError(raw('authentication_error')),
    ]) {
      const e = as(problemOf(error));
      expect([e.status, e.detail]).toEqual([502, serverMessages.paymentProviderFailed]);
    }
  });

  it('leaves other errors alone', () => {
    const boom = new Error('boom');
    expect(problemOf(boom)).toBe(boom);
  });
});
