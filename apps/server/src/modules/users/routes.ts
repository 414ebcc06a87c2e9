import { security as limits, registerBodyFormOf } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { membershipsOf } from '../organizations/service.ts';
import { changePassword, confirmAccount, forgotPassword, resetPassword } from './passwords.ts';
import { register } from './registration.ts';
import { editMe, getMe, loginsFor, logout } from './service.ts';

const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
const ok = { success: true } as const;

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(usersApi.register),
    config: { access: 'public', rateLimit: perMinute(limits.rateLimitPerMinute.register) },
    // Either form of the body is validated by the schema it is meant as, for per-field errors.
    validatorCompiler: (req) => (data) =>
      validatorCompiler({ ...req, schema: registerBodyFormOf(data) })(data),
    handler: async (req) => {
      await register(ctx, req.body);
      return ok;
    },
  });

  r.route({
    ...routeOf(usersApi.confirm),
    config: { access: 'public', rateLimit: perMinute(limits.rateLimitPerMinute.confirm) },
    handler: async (req) => {
      await confirmAccount(ctx, req.body);
      return ok;
    },
  });

  r.route({
    ...routeOf(usersApi.forgotPassword),
    config: {
      access: 'public',
      rateLimit: perMinute(limits.rateLimitPerMinute.forgotPassword),
    },
    handler: async (req) => {
      await forgotPassword(ctx, req.body.email);
      return ok;
    },
  });

  r.route({
    ...routeOf(usersApi.resetPassword),
    config: { access: 'public', rateLimit: perMinute(limits.rateLimitPerMinute.resetPassword) },
    handler: async (req) => {
      await resetPassword(ctx, req.body);
      return ok;
    },
  });

  r.route({
    ...routeOf(usersApi.changePassword),
    config: { access: 'user', rateLimit: perMinute(limits.rateLimitPerMinute.changePassword) },
    handler: (req) => changePassword(ctx, callerOf(req), req.body),
  });

  r.route({
    ...routeOf(usersApi.me),
    config: { access: 'user' },
    handler: (req) => getMe(ctx, callerOf(req).userId),
  });

  r.route({
    ...routeOf(usersApi.editMe),
    config: { access: 'user' },
    handler: (req) => editMe(ctx, callerOf(req), req.body),
  });

  r.route({
    ...routeOf(usersApi.myTeams),
    config: { access: 'user' },
    handler: (req) => membershipsOf(ctx.db, callerOf(req).userId),
  });

  r.route({
    ...routeOf(usersApi.logins),
    config: { access: 'public', rateLimit: perMinute(limits.rateLimitPerMinute.logins) },
    handler: (req) => loginsFor(ctx, req.query.email),
  });

  r.route({
    ...routeOf(usersApi.logout),
    config: { access: 'user' },
    handler: async (req, reply) => {
      await logout(ctx, callerOf(req), req.query.seatKey);
      return reply.code(204).send(null);
    },
  });
}
