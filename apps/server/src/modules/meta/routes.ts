import { security } from '@roomscale/shared';
import { linkedAccountsApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { actorOf } from '../audit/record.ts';
import { clearedLinkStartCookie } from './browserLink.ts';
import { unlinkOwnMetaLogin } from './link.ts';
import {
  linkFromBrowser,
  linkFromHeadset,
  startBrowserLink,
  unlinkFromHeadset,
} from './service.ts';

/** Calls that ask Meta's API are limited per client address: each one costs a call to Meta. */
const metaRateLimit = { max: security.rateLimitPerMinute.meta, timeWindow: '1 minute' };

/**
 * Linking a Meta account (part2 §2 'Meta link callback', §7; docs/linked-accounts.md): from the
 * browser through Meta's account-linking page, or from the headset app with a nonce.
 */
export function metaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(linkedAccountsApi.metaUrl),
    config: { access: 'user' },
    handler: async (req, reply) => {
      const { url, cookie } = await startBrowserLink(ctx, callerOf(req).userId);
      reply.header('set-cookie', cookie).header('cache-control', 'no-store');
      return { url };
    },
  });

  r.route({
    ...routeOf(linkedAccountsApi.metaLink),
    config: { access: 'user', rateLimit: metaRateLimit },
    handler: async (req, reply) => {
      const logins = await linkFromBrowser(
        ctx,
        req.log,
        actorOf(req),
        req.headers.cookie,
        req.body,
      );
      // Linked: this browser's start is used up.
      reply.header('set-cookie', clearedLinkStartCookie(ctx.config));
      return logins;
    },
  });

  r.route({
    ...routeOf(linkedAccountsApi.metaLinkFromHeadset),
    config: { access: 'user', rateLimit: metaRateLimit },
    handler: (req) => linkFromHeadset(ctx, req.log, actorOf(req), req.body),
  });

  // Needs no Meta call, so it works on a server where linking is not (or no longer) set up.
  r.route({
    ...routeOf(linkedAccountsApi.metaUnlink),
    config: { access: 'user' },
    handler: (req) => unlinkOwnMetaLogin(ctx, actorOf(req)),
  });

  r.route({
    ...routeOf(linkedAccountsApi.metaUnlinkByAccount),
    config: { access: 'public', rateLimit: metaRateLimit },
    handler: async (req, reply) => {
      await unlinkFromHeadset(ctx, req.log, req.ip, req.body);
      return reply.code(204).send(null);
    },
  });
}
