import { serverMessages } from '@roomscale/shared';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http/problem.ts';
import { startBlackHole } from '../../test/blackHole.ts';
import { STRIPE_MAX_RETRIES, stripeClientOptions } from './driver.ts';
import { provider } from './provider.ts';

describe('Stripe that accepts and never answers', () => {
  it("fails the call after the timeout and its retry, as the spec's 502", async () => {
    const hole = await startBlackHole();
    try {
      const stripe = new Stripe('sk_test_black_hole', {
        ...stripeClientOptions(200),
        host: '127.0.0.1',
        port: hole.port,
        protocol: 'http',
        telemetry: false,
      });
      const failure = await provider(() =>
        stripe.customers.create({ email: 'a@example.com' }),
      ).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(HttpError);
      expect(failure).toMatchObject({ status: 502, message: serverMessages.paymentProviderFailed });
      expect(hole.accepted()).toBe(STRIPE_MAX_RETRIES + 1);
    } finally {
      await hole.close();
    }
  });
});
