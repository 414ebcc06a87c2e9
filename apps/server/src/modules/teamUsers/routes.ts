import { id, teamUserList, teamUserListQuery } from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { teamOf } from '../../platform/http/access.ts';
import { listTeamUsers } from './service.ts';

const tags = ['Team users'];
const security = [{ bearer: [] }];

export function teamUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Organizations/:organizationId/Users',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: "One page of the team's members, optionally filtered by name or email",
        params: z.object({ organizationId: id }),
        querystring: teamUserListQuery,
        response: { 200: teamUserList },
      },
    },
    (req) => listTeamUsers(ctx, teamOf(req), req.query),
  );
}
