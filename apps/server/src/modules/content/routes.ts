import { contentApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { recordDownload } from './downloads.ts';
import { clientConfigOf } from './links.ts';
import { bundledTutorials } from './tutorials.ts';

/**
 * Content: the dashboard's client configuration and the bundled tutorials list (public), and the
 * download counter of the Download page (signed-in users).
 */
export function contentModule(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = clientConfigOf(ctx.config);
  const tutorials = bundledTutorials(ctx.config.links.support);

  app.route({
    ...routeOf(contentApi.config),
    config: { access: 'public' },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return config;
    },
  });

  app.route({
    ...routeOf(contentApi.tutorials),
    config: { access: 'public' },
    handler: async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return tutorials;
    },
  });

  app.route({
    ...routeOf(contentApi.recordDownload),
    config: { access: 'user' },
    handler: async (req, reply) => {
      await recordDownload(ctx, callerOf(req).userId, req.body.platform);
      return reply.code(204).send(null);
    },
  });
}
