import { billingLimits } from '@roomscale/shared';
import { billingApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { teamOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { actorOf } from '../audit/record.ts';
import { licensingSummary } from '../licenses/accounting.ts';
import { getCustomer, saveCustomer } from './customers.ts';
import { providerDetails } from './details.ts';
import { cancelOrder, placeOrder, previewOrder, setupSecret } from './orders.ts';
import { simulatorApi } from './simulator/api.ts';
import { simulatorBrowser } from './simulator/browser.ts';
import { applyEvent, verifiedEvent } from './webhook.ts';
import { WEBHOOK_PATH } from './webhookPath.ts';

/**
 * Billing (docs/billing.md): the team's customer, subscription and cards at the payment
 * provider, the webhook that brings its changes back, and — without Stripe configured — the
 * built-in Stripe-compatible simulator.
 */
export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { billing } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(billingApi.details),
    config: { access: 'user' },
    handler: () => providerDetails(billing),
  });

  // Read by the team's admins, and by super admins on the admin team page (part1 §2).
  r.route({
    ...routeOf(billingApi.customer),
    config: { access: 'teamAdmin', superAdmins: true },
    handler: (req) => getCustomer(ctx, billing, req.params.organizationId),
  });

  r.route({
    ...routeOf(billingApi.saveCustomer),
    config: { access: 'teamAdmin' },
    handler: (req) =>
      saveCustomer(ctx, billing, actorOf(req), teamOf(req).organizationId, req.body),
  });

  r.route({
    ...routeOf(billingApi.updateSubscription),
    config: { access: 'teamAdmin' },
    handler: (req) => placeOrder(ctx, billing, actorOf(req), teamOf(req).organizationId, req.body),
  });

  r.route({
    ...routeOf(billingApi.cancelSubscription),
    config: { access: 'teamAdmin' },
    handler: (req) => cancelOrder(ctx, billing, actorOf(req), teamOf(req).organizationId),
  });

  r.route({
    ...routeOf(billingApi.previewPrice),
    config: { access: 'teamAdmin' },
    handler: (req) => previewOrder(ctx, billing, teamOf(req).organizationId, req.body),
  });

  r.route({
    ...routeOf(billingApi.setupSecret),
    config: { access: 'teamAdmin' },
    handler: (req) => setupSecret(ctx, billing, teamOf(req).organizationId),
  });

  r.route({
    ...routeOf(billingApi.licensing),
    config: { access: 'teamMember' },
    handler: (req) => licensingSummary(ctx.db, teamOf(req).organizationId, ctx.clock.now()),
  });

  // The provider's events: the signature is checked on the exact bytes, so this scope reads
  // JSON as text.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: billingLimits.webhookBodyBytes },
      (_r, body, done) => done(null, body),
    );
    scope.post(
      WEBHOOK_PATH,
      {
        config: { access: 'public' },
        schema: { tags: ['Billing'], summary: "The payment provider's events (signed)" },
      },
      async (req) => {
        const event = verifiedEvent(
          billing,
          req.body as string,
          req.headers['stripe-signature'] as string | undefined,
        );
        return { received: true, result: await applyEvent(ctx, billing, event) };
      },
    );
  });

  if (billing.mode === 'simulator' && billing.simulatorSecretKey) {
    const key = billing.simulatorSecretKey;
    app.register(async (scope) => {
      simulatorApi(scope, ctx, key);
      simulatorBrowser(scope, ctx);
    });
  }
}
