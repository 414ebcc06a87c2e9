import { clientConfig, tutorialList } from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { clientConfigOf } from './links.ts';
import { bundledTutorials } from './tutorials.ts';

/** Public content: the dashboard's client configuration and the bundled tutorials list. */
export function contentModule(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = clientConfigOf(ctx.config);
  const tutorials = bundledTutorials(ctx.config.links.support);

  app.get(
    '/api/Config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Content'],
        summary: 'Client configuration: product links and content URLs',
        response: { 200: clientConfig },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return config;
    },
  );

  app.get(
    '/api/Content/tutorials',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Content'],
        summary: 'The bundled tutorials list (all device types; clients filter)',
        response: { 200: tutorialList },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return tutorials;
    },
  );
}
