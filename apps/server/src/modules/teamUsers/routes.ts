import {
  id,
  teamUser,
  teamUserAdd,
  teamUserEdit,
  teamUserList,
  teamUserListQuery,
} from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { addTeamUser, editTeamUser, removeTeamUser } from './manage.ts';
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
  r.put(
    '/api/Organizations/:organizationId/Users',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary:
          'Add a user to the team: a new address is invited to set a password, a registered one is told',
        params: z.object({ organizationId: id }),
        body: teamUserAdd,
        response: { 200: teamUser },
      },
    },
    (req) => addTeamUser(ctx, teamOf(req), callerOf(req).userId, req.body),
  );

  const member = z.object({ organizationId: id, userId: id });

  r.patch(
    '/api/Organizations/:organizationId/Users/:userId',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary: "Edit a member's names, position, role and license",
        params: member,
        body: teamUserEdit,
        response: { 200: teamUser },
      },
    },
    (req) => editTeamUser(ctx, teamOf(req), callerOf(req).userId, req.params.userId, req.body),
  );

  r.delete(
    '/api/Organizations/:organizationId/Users/:userId',
    {
      config: { access: 'teamAdmin' },
      schema: {
        tags,
        security,
        summary: 'Remove a member from the team (the account stays)',
        params: member,
      },
    },
    async (req, reply) => {
      await removeTeamUser(ctx, teamOf(req), callerOf(req).userId, req.params.userId);
      return reply.code(204).send();
    },
  );
}
