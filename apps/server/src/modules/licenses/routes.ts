import { licensesApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { routeOf } from '../../platform/http/route.ts';
import { actorOf } from '../audit/record.ts';
import { createManualLicense, deleteManualLicense, editManualLicense } from './manual.ts';

/** Manual licenses: super admins award them to teams (part1 §7 Admin). */
export function licenseRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(licensesApi.create),
    config: { access: 'superAdmin' },
    handler: (req) => createManualLicense(ctx, actorOf(req), req.body),
  });

  r.route({
    ...routeOf(licensesApi.edit),
    config: { access: 'superAdmin' },
    handler: (req) => editManualLicense(ctx, actorOf(req), req.params.licenseId, req.body),
  });

  r.route({
    ...routeOf(licensesApi.remove),
    config: { access: 'superAdmin' },
    handler: async (req, reply) => {
      await deleteManualLicense(ctx, actorOf(req), req.params.licenseId, req.query.sendEmailNow);
      return reply.code(204).send(null);
    },
  });
}
