import { roomTemplatesApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../platform/http/route.ts';
import { actorOf } from '../audit/record.ts';
import {
  createTemplate,
  deleteTemplate,
  editTemplate,
  getTemplate,
  listTemplates,
} from './service.ts';

/** Super admins manage the platform's room templates (part1 §7); the paths are the spec's. */
export function roomTemplateRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(roomTemplatesApi.create),
    config: { access: 'superAdmin' },
    handler: (req) => createTemplate(ctx, actorOf(req), req.body),
  });

  r.route({
    ...routeOf(roomTemplatesApi.edit),
    config: { access: 'superAdmin' },
    handler: (req) => editTemplate(ctx, actorOf(req), req.params.roomTemplateId, req.body),
  });

  r.route({
    ...routeOf(roomTemplatesApi.get),
    config: { access: 'superAdmin' },
    handler: (req) => getTemplate(ctx, req.params.roomTemplateId),
  });

  r.route({
    ...routeOf(roomTemplatesApi.remove),
    config: { access: 'superAdmin' },
    handler: async (req, reply) => {
      await deleteTemplate(ctx, actorOf(req), req.params.roomTemplateId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(roomTemplatesApi.list),
    config: { access: 'superAdmin' },
    handler: (req) => listTemplates(ctx, req.query),
  });
}
