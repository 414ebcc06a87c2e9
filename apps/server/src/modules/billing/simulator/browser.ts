import { billingMessages, type SimulatorIntent } from '@roomscale/shared';
import { billingSimulatorApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { badRequest, notFound } from '../../../platform/http/problem.ts';
import { routeOf } from '../../../platform/http/route.ts';
import { readSimulator, SIMULATOR_PREFIX, withSimulator } from './api.ts';
import { SimError } from './errors.ts';
import { authenticationPage, invoicePage } from './pages.ts';
import { authenticate, confirmPayment, confirmSetup, intentBySecret } from './payments.ts';
import type { Invoice, PaymentIntent, SetupIntent } from './types.ts';

function viewOf(intent: SetupIntent | PaymentIntent): SimulatorIntent {
  const error =
    intent.object === 'setup_intent' ? intent.last_setup_error : intent.last_payment_error;
  return {
    id: intent.id,
    status: intent.status,
    paymentMethodId: intent.payment_method,
    redirectUrl: intent.next_action?.redirect_to_url.url ?? null,
    error: error ? { code: error.code, message: error.message } : null,
  };
}

/**
 * The simulator's browser side, in place of Stripe.js and the bank: confirming intents with
 * their client secret, the 3-D Secure page, and the hosted invoice page (docs/billing.md).
 */
export function simulatorBrowser(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = ctx.config.publicUrl;
  /** Back to the dashboard only: never an open redirect. */
  const checkReturn = (url: string) => {
    if (!url.startsWith(`${publicUrl}/`))
      throw badRequest('The return address must be on this site.');
    return url;
  };
  const asProblem = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (e) {
      if (e instanceof SimError && e.status === 404) throw notFound(e.message);
      if (e instanceof SimError) throw badRequest(e.message);
      throw e;
    }
  };

  r.route({
    ...routeOf(billingSimulatorApi.confirmSetup),
    config: { access: 'public' },
    handler: (req) =>
      asProblem(() =>
        withSimulator(ctx, async (s) => {
          const intent = await intentBySecret<SetupIntent>(
            s,
            'setup_intent',
            req.params.intentId,
            req.body.clientSecret,
          );
          try {
            return viewOf(
              await confirmSetup(s, intent, req.body.card, checkReturn(req.body.returnUrl)),
            );
          } catch (e) {
            // A card the form let through but the "network" refuses: the intent says why.
            if (e instanceof SimError && e.type === 'card_error')
              return {
                ...viewOf(intent),
                error: { code: e.extra.code ?? 'card_error', message: e.message },
              };
            throw e;
          }
        }),
      ),
  });

  r.route({
    ...routeOf(billingSimulatorApi.setupIntent),
    config: { access: 'public' },
    handler: (req) =>
      asProblem(() =>
        readSimulator(ctx, async (s) =>
          viewOf(
            await intentBySecret<SetupIntent>(
              s,
              'setup_intent',
              req.params.intentId,
              req.query.clientSecret,
            ),
          ),
        ),
      ),
  });

  r.route({
    ...routeOf(billingSimulatorApi.confirmPayment),
    config: { access: 'public' },
    handler: (req) =>
      asProblem(() =>
        withSimulator(ctx, async (s) => {
          const intent = await intentBySecret<PaymentIntent>(
            s,
            'payment_intent',
            req.params.intentId,
            req.body.clientSecret,
          );
          return viewOf(
            await confirmPayment(
              s,
              intent,
              req.body.paymentMethodId,
              checkReturn(req.body.returnUrl),
            ),
          );
        }),
      ),
  });

  r.route({
    ...routeOf(billingSimulatorApi.paymentIntent),
    config: { access: 'public' },
    handler: (req) =>
      asProblem(() =>
        readSimulator(ctx, async (s) =>
          viewOf(
            await intentBySecret<PaymentIntent>(
              s,
              'payment_intent',
              req.params.intentId,
              req.query.clientSecret,
            ),
          ),
        ),
      ),
  });

  const intentParams = z.object({ intentId: z.string().max(255) });
  const returnQuery = z.object({ return_url: z.string().max(4000) });

  r.get(
    `${SIMULATOR_PREFIX}/authenticate/:intentId`,
    {
      config: { access: 'public' },
      schema: { hide: true, params: intentParams, querystring: returnQuery },
    },
    async (req, reply) => {
      const returnUrl = checkReturn(req.query.return_url);
      const intent = await readSimulator(ctx, (s) =>
        s.find<SetupIntent | PaymentIntent>(req.params.intentId),
      );
      if (!intent || (intent.object !== 'setup_intent' && intent.object !== 'payment_intent'))
        throw notFound(billingMessages.intentUnknown);
      const amount = intent.object === 'payment_intent' ? (intent as PaymentIntent).amount : null;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(authenticationPage({ intentId: intent.id, amount, returnUrl }));
    },
  );

  r.post(
    `${SIMULATOR_PREFIX}/authenticate/:intentId`,
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: intentParams,
        body: z.object({ return_url: z.string().max(4000), decision: z.enum(['approve', 'fail']) }),
      },
    },
    async (req, reply) => {
      const returnUrl = checkReturn(req.body.return_url);
      const intent = await asProblem(() =>
        withSimulator(ctx, (s) =>
          authenticate(s, req.params.intentId, req.body.decision === 'approve'),
        ),
      );
      // Back where the browser came from, as Stripe returns from authentication.
      const back = new URL(returnUrl);
      const kind = intent.object === 'setup_intent' ? 'setup_intent' : 'payment_intent';
      back.searchParams.set(kind, intent.id);
      back.searchParams.set(`${kind}_client_secret`, intent.client_secret);
      back.searchParams.set(
        'redirect_status',
        intent.status === 'succeeded' ? 'succeeded' : 'failed',
      );
      return reply.redirect(back.toString(), 303);
    },
  );

  r.get(
    `${SIMULATOR_PREFIX}/invoices/:invoiceId`,
    {
      config: { access: 'public' },
      schema: { hide: true, params: z.object({ invoiceId: z.string().max(255) }) },
    },
    async (req, reply) => {
      const invoice = await readSimulator(ctx, (s) => s.find<Invoice>(req.params.invoiceId));
      if (invoice?.object !== 'invoice') throw notFound();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(invoicePage(invoice));
    },
  );
}
