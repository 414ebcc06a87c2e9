import { auditApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { teamOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { listAudit } from './service.ts';

export function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(auditApi.list),
    config: { access: 'superAdmin' },
    handler: (req) => listAudit(ctx, req.query),
  });

  r.route({
    ...routeOf(auditApi.team),
    config: { access: 'teamAdmin' },
    handler: (req) => listAudit(ctx, { ...req.query, OrganizationId: teamOf(req).organizationId }),
  });
}
