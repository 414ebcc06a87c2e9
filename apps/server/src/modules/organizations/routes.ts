import { id, organization, organizationEdit, organizationRegister } from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { editOrganization, getOrganization, registerOrganization } from './service.ts';

const tags = ['Organizations'];
const security = [{ bearer: [] }];

export function organizationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/Organizations/Register',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'Create a team; the caller becomes its admin',
        body: organizationRegister,
        response: { 200: organization },
      },
    },
    (req) => registerOrganization(ctx, callerOf(req), req.body),
  );

  r.get(
    '/api/Organizations/:organizationId',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: 'One team of the caller',
        params: z.object({ organizationId: id }),
        response: { 200: organization },
      },
    },
    (req) => getOrganization(ctx, teamOf(req).organizationId),
  );

  r.patch(
    '/api/Organizations/:organizationId',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary: 'Edit the team details: name, company name, industry (team admins)',
        params: z.object({ organizationId: id }),
        body: organizationEdit,
        response: { 200: organization },
      },
    },
    (req) => editOrganization(ctx, callerOf(req), teamOf(req).organizationId, req.body),
  );
}
