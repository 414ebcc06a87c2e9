import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { SIMULATOR_PREFIX } from './simulator/api.ts';
import { SIM_PRODUCT_ID, simPriceId } from './simulator/catalog.ts';
import type { Billing, Injector } from './types.ts';

export type { Billing, Injector };

/** The simulator's keys, derived from the server's secret so every instance agrees. */
export function simulatorKeys(jwtSecret: string) {
  const derive = (label: string) =>
    createHmac('sha256', jwtSecret).update(`billing-simulator:${label}`).digest('hex').slice(0, 32);
  return {
    secretKey: `sk_test_sim_${derive('secret')}`,
    publishableKey: `pk_test_sim_${derive('publishable')}`,
    webhookSecret: `whsec_sim_${derive('webhook')}`,
  };
}

const SIMULATOR_HOST = 'billing-simulator.invalid';
/** Retries of a Stripe request that got no answer or a 5xx/429, after the first. */
export const STRIPE_MAX_RETRIES = 1;

/**
 * Each request to Stripe bounded by STRIPE_TIMEOUT_MS and retried once (the SDK sends an
 * idempotency key, so a retried write is applied once); a failure answers 502 (provider.ts).
 */
export const stripeClientOptions = (timeoutMs: number) => ({
  maxNetworkRetries: STRIPE_MAX_RETRIES,
  timeout: timeoutMs,
});

/**
 * A fetch for the SDK that hands each request to this server's simulator routes in-process:
 * the SDK's real encoding, headers and error handling, no network.
 */
function simulatorFetch(inject: () => Injector): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const res = await inject()({
      method: init?.method ?? 'GET',
      url: `${SIMULATOR_PREFIX}${url.pathname}${url.search}`,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v);
    return new Response(res.body, { status: res.statusCode, headers: out });
  }) as typeof fetch;
}

/** Fastify's in-process request, as the simulator's transport and webhook delivery use it. */
export const injectorOf =
  (app: FastifyInstance): Injector =>
  async (req) => {
    const res = await app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: req.headers,
      ...(req.payload !== undefined ? { payload: req.payload } : {}),
    });
    return { statusCode: res.statusCode, headers: res.headers, body: res.body };
  };

/**
 * The app context's payment provider (context.ts). In simulator mode the SDK's requests go to
 * the app it is connected to (`connect`), which exists only after the context does.
 */
export function createBilling(config: Config): Billing {
  if (config.stripe) {
    return {
      mode: 'stripe',
      stripe: new Stripe(
        config.stripe.secretKey,
        stripeClientOptions(config.outgoingTimeouts.stripeMs),
      ),
      publishableKey: config.stripe.publishableKey,
      webhookSecret: config.stripe.webhookSecret,
      productId: config.stripe.productId,
      prices: config.stripe.prices,
      connect: () => {},
    };
  }
  const keys = simulatorKeys(config.jwtSecret);
  let connected: Injector | null = null;
  const inject = () => {
    if (!connected) throw new Error('The billing simulator is not connected to an app');
    return connected;
  };
  return {
    mode: 'simulator',
    stripe: new Stripe(keys.secretKey, {
      host: SIMULATOR_HOST,
      port: 80,
      protocol: 'http',
      httpClient: Stripe.createFetchHttpClient(simulatorFetch(inject)),
      maxNetworkRetries: 0,
      telemetry: false,
    }),
    publishableKey: keys.publishableKey,
    webhookSecret: keys.webhookSecret,
    productId: SIM_PRODUCT_ID,
    prices: { week: simPriceId('week'), month: simPriceId('month'), year: simPriceId('year') },
    simulatorSecretKey: keys.secretKey,
    connect: (injector) => {
      connected = injector;
    },
  };
}
