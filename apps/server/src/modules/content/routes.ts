import { contentApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../platform/http/route.ts';
import { clientConfigOf } from './links.ts';
import { bundledTutorials } from './tutorials.ts';

/** Public content: the dashboard's client configuration and the bundled tutorials list. */
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
}
