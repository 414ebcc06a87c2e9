import type { PlanInterval } from '@roomscale/shared';
import type Stripe from 'stripe';

/** Sends one HTTP request into this server without a socket (Fastify's `inject`). */
export type Injector = (req: {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;

/**
 * The payment provider as this server sees it: the official Stripe SDK, talking to Stripe when
 * STRIPE_* is configured, or to the built-in simulator (docs/billing.md) otherwise, with the
 * keys, product and prices of whichever it is. One per app context (context.ts).
 */
export type Billing = {
  mode: 'stripe' | 'simulator';
  stripe: Stripe;
  publishableKey: string;
  webhookSecret: string;
  productId: string;
  prices: Record<PlanInterval, string>;
  /** The simulator's own secret key (only in simulator mode). */
  simulatorSecretKey?: string;
  /**
   * Hands the simulator's SDK the app whose routes answer it, in-process (buildApp calls it
   * once the app exists); nothing to do with Stripe itself.
   */
  connect(inject: Injector): void;
};
