import { organizationsApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { actorOf } from '../audit/record.ts';
import { editOrganization, getOrganization, registerOrganization } from './service.ts';

export function organizationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(organizationsApi.register),
    config: { access: 'user' },
    handler: (req) => registerOrganization(ctx, callerOf(req), req.body),
  });

  r.route({
    ...routeOf(organizationsApi.get),
    config: { access: 'teamMember' },
    handler: (req) => getOrganization(ctx, teamOf(req).organizationId),
  });

  r.route({
    ...routeOf(organizationsApi.edit),
    config: { access: 'teamAdmin' },
    handler: (req) => editOrganization(ctx, actorOf(req), teamOf(req).organizationId, req.body),
  });
}
