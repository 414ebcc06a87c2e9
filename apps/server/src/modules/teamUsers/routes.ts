import { teamUsersApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { actorOf } from '../audit/record.ts';
import {
  acceptInvitation,
  declineInvitation,
  myInvitations,
  openMyInvitation,
} from './invitations.ts';
import { addTeamUser, editTeamUser, removeTeamUser } from './manage.ts';
import { listTeamUsers } from './service.ts';

export function teamUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(teamUsersApi.list),
    config: { access: 'teamMember' },
    handler: (req) => listTeamUsers(ctx, teamOf(req), req.query, callerOf(req).userId),
  });
  r.route({
    ...routeOf(teamUsersApi.add),
    config: { access: 'teamAdmin' },
    handler: (req) => addTeamUser(ctx, teamOf(req), actorOf(req), req.body),
  });

  r.route({
    ...routeOf(teamUsersApi.edit),
    config: { access: 'teamAdmin' },
    handler: (req) => editTeamUser(ctx, teamOf(req), actorOf(req), req.params.userId, req.body),
  });

  r.route({
    ...routeOf(teamUsersApi.remove),
    config: { access: 'teamAdmin' },
    handler: async (req, reply) => {
      await removeTeamUser(ctx, teamOf(req), actorOf(req), req.params.userId);
      return reply.code(204).send();
    },
  });

  r.route({
    // The invited person's side: their open invitations, and the answer.
    ...routeOf(teamUsersApi.myInvitations),
    config: { access: 'user' },
    handler: (req) => myInvitations(ctx, callerOf(req).userId),
  });
  r.route({
    ...routeOf(teamUsersApi.openInvitation),
    config: { access: 'user' },
    handler: (req) => openMyInvitation(ctx, callerOf(req).userId, req.body.token),
  });
  r.route({
    ...routeOf(teamUsersApi.acceptInvitation),
    config: { access: 'user' },
    handler: (req) => acceptInvitation(ctx, callerOf(req).userId, req.params.invitationId),
  });
  r.route({
    ...routeOf(teamUsersApi.declineInvitation),
    config: { access: 'user' },
    handler: async (req, reply) => {
      await declineInvitation(ctx, callerOf(req).userId, req.params.invitationId);
      return reply.code(204).send();
    },
  });
}
