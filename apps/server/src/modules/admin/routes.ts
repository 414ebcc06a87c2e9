import { adminApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { actorOf } from '../audit/record.ts';
import { editMembership } from './memberships.ts';
import { overview } from './overview.ts';
import { createTeam, deleteTeam, editTeam, getTeam, listTeams } from './teams.ts';
import { deleteUser } from './userDelete.ts';
import { createUser, editUser, getUser, listUsers } from './users.ts';

/** The super-admin calls of part1 §7: users, teams, memberships and the overview. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = { access: 'superAdmin' } as const;

  r.route({
    ...routeOf(adminApi.overview),
    config: superAdmin,
    handler: () => overview(ctx),
  });

  r.route({
    ...routeOf(adminApi.listUsers),
    config: superAdmin,
    handler: (req) => listUsers(ctx, req.query),
  });
  r.route({
    ...routeOf(adminApi.createUser),
    config: superAdmin,
    handler: (req) => createUser(ctx, actorOf(req), req.body),
  });
  r.route({
    ...routeOf(adminApi.getUser),
    config: superAdmin,
    handler: (req) => getUser(ctx.db, req.params.userId),
  });
  r.route({
    ...routeOf(adminApi.editUser),
    config: superAdmin,
    handler: (req) => editUser(ctx, callerOf(req), actorOf(req), req.params.userId, req.body),
  });
  r.route({
    ...routeOf(adminApi.deleteUser),
    config: superAdmin,
    handler: async (req, reply) => {
      await deleteUser(ctx, callerOf(req), actorOf(req), req.params.userId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(adminApi.listOrganizations),
    config: superAdmin,
    handler: (req) => listTeams(ctx, req.query),
  });
  r.route({
    ...routeOf(adminApi.createOrganization),
    config: superAdmin,
    handler: (req) => createTeam(ctx, actorOf(req), req.body),
  });
  r.route({
    ...routeOf(adminApi.getOrganization),
    config: superAdmin,
    handler: (req) => getTeam(ctx, req.params.organizationId),
  });
  r.route({
    ...routeOf(adminApi.editOrganization),
    config: superAdmin,
    handler: (req) =>
      editTeam(ctx, callerOf(req), actorOf(req), req.params.organizationId, req.body),
  });
  r.route({
    ...routeOf(adminApi.deleteOrganization),
    config: superAdmin,
    handler: async (req, reply) => {
      await deleteTeam(ctx, actorOf(req), req.params.organizationId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(adminApi.editMembership),
    config: superAdmin,
    handler: (req) =>
      editMembership(ctx, actorOf(req), req.params.organizationId, req.params.userId, req.body),
  });
}
