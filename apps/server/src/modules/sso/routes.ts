import { limits, security, ssoMessages } from '@roomscale/shared';
import { linkedAccountsApi, ssoApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { notFound } from '../../platform/http/problem.ts';
import { routeOf } from '../../platform/http/route.ts';
import { actorOf } from '../audit/record.ts';
import { linkedLoginsOf } from '../users/logins.ts';
import { consumeResponse, ssoLanding } from './consumer.ts';
import { importIdpMetadata } from './idpMetadata.ts';
import { startSamlLink, updateLinkedLogin } from './linking.ts';
import { teamOfProviderExists } from './providers.ts';
import { getSamlConfig, saveSamlConfig, spMetadata } from './settings.ts';
import { signInUrl } from './start.ts';

/** A SAML response with many attributes and a certificate chain fits well within this. */
const SAML_FORM_LIMIT = 256 * 1024;

/**
 * Single sign-on (docs/sso.md): the team's SAML settings and the caller's linked logins as JSON
 * calls, and the three browser-facing SAML addresses of each team's provider.
 */
export function ssoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ssoApi.getConfig),
    config: { access: 'teamAdmin' },
    handler: (req) => getSamlConfig(ctx, teamOf(req).organizationId),
  });

  r.route({
    ...routeOf(ssoApi.saveConfig),
    config: { access: 'teamAdmin' },
    handler: (req) => saveSamlConfig(ctx, actorOf(req), teamOf(req).organizationId, req.body),
  });

  r.route({
    ...routeOf(ssoApi.importMetadata),
    config: { access: 'teamAdmin' },
    // Pasted metadata outgrows the API's default body limit (Entra ID's is about 20 KB).
    bodyLimit: security.samlMetadata.maxBytes * 2,
    handler: (req) => importIdpMetadata(req.body, ctx.clock.now()),
  });

  r.route({
    ...routeOf(linkedAccountsApi.logins),
    config: { access: 'user' },
    handler: (req) => linkedLoginsOf(ctx.db, callerOf(req).userId),
  });

  r.route({
    ...routeOf(linkedAccountsApi.samlLinkStart),
    config: { access: 'user' },
    handler: (req) => startSamlLink(ctx, callerOf(req).userId, req.params.loginProviderId),
  });

  r.route({
    ...routeOf(linkedAccountsApi.update),
    config: { access: 'user' },
    handler: (req) => updateLinkedLogin(ctx, actorOf(req), req.body),
  });

  // The identity provider posts its response as a form; signed responses outgrow the API's
  // small form limit, so this scope reads forms with its own.
  app.removeContentTypeParser('application/x-www-form-urlencoded');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: SAML_FORM_LIMIT },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const browser = {
    access: 'public',
    rateLimit: { max: security.rateLimitPerMinute.saml, timeWindow: '1 minute' },
  } as const;
  const params = z.object({ providerId: z.string().max(limits.loginProviderIdMax) });

  r.get(
    '/saml/:providerId',
    {
      config: browser,
      schema: {
        tags: ['Single sign-on'],
        summary: 'Start a sign-in at the team identity provider (HTTP-Redirect)',
        params,
      },
    },
    async (req, reply) => {
      const url = await signInUrl(ctx, req.params.providerId, { purpose: 'login' });
      return reply.header('cache-control', 'no-store').redirect(url ?? ssoLanding.loginFailed);
    },
  );

  r.post(
    '/saml/:providerId/acs',
    {
      config: browser,
      bodyLimit: SAML_FORM_LIMIT,
      schema: {
        tags: ['Single sign-on'],
        summary: 'Assertion consumer service (HTTP-POST)',
        params,
      },
    },
    async (req, reply) => {
      const to = await consumeResponse(
        ctx,
        req.params.providerId,
        (req.body ?? {}) as Record<string, unknown>,
        { ip: req.ip },
      );
      // 303: the browser follows with a GET, and the response is not posted again on reload.
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    },
  );

  r.get(
    '/saml/:providerId/metadata',
    {
      config: browser,
      schema: { tags: ['Single sign-on'], summary: 'Our SAML metadata for a team', params },
    },
    async (req, reply) => {
      const id = req.params.providerId;
      if (!(await teamOfProviderExists(ctx, id))) throw notFound(ssoMessages.providerUnknown);
      return reply.type('application/samlmetadata+xml').send(spMetadata(ctx.config, id));
    },
  );
}
