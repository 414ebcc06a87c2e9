import {
  changePasswordCommand,
  changePasswordResult,
  confirmCommand,
  forgotPasswordCommand,
  security as limits,
  loginsQuery,
  loginsResult,
  logoutQuery,
  me,
  meEdit,
  membershipList,
  registerBody,
  registerBodyFormOf,
  registerResult,
  resetPasswordCommand,
  success,
} from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../platform/http/access.ts';
import { membershipsOf } from '../organizations/service.ts';
import { changePassword, confirmAccount, forgotPassword, resetPassword } from './passwords.ts';
import { register } from './registration.ts';
import { editMe, getMe, loginsFor, logout } from './service.ts';

const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
const bearer = [{ bearer: [] }];
const ok = { success: true } as const;

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/Users/Register',
    {
      config: { access: 'public', rateLimit: perMinute(limits.rateLimitPerMinute.register) },
      // Either form of the body is validated by the schema it is meant as, for per-field errors.
      validatorCompiler: (req) => (data) =>
        validatorCompiler({ ...req, schema: registerBodyFormOf(data) })(data),
      schema: {
        tags: ['Account'],
        summary: 'Register; sends an activation email',
        body: registerBody,
        response: { 200: registerResult },
      },
    },
    async (req) => {
      await register(ctx, req.body);
      return ok;
    },
  );

  r.post(
    '/api/Users/Confirm',
    {
      config: { access: 'public', rateLimit: perMinute(limits.rateLimitPerMinute.confirm) },
      schema: {
        tags: ['Account'],
        summary: 'Activate an account with the emailed token and set its password',
        body: confirmCommand,
        response: { 200: success },
      },
    },
    async (req) => {
      await confirmAccount(ctx, req.body);
      return ok;
    },
  );

  r.post(
    '/api/Users/ForgotPassword',
    {
      config: {
        access: 'public',
        rateLimit: perMinute(limits.rateLimitPerMinute.forgotPassword),
      },
      schema: {
        tags: ['Account'],
        summary: 'Email a password reset link (same answer for any address)',
        body: forgotPasswordCommand,
        response: { 200: success },
      },
    },
    async (req) => {
      await forgotPassword(ctx, req.body.email);
      return ok;
    },
  );

  r.post(
    '/api/Users/ResetPassword',
    {
      config: { access: 'public', rateLimit: perMinute(limits.rateLimitPerMinute.resetPassword) },
      schema: {
        tags: ['Account'],
        summary: 'Set a new password with the emailed token; ends every session',
        body: resetPasswordCommand,
        response: { 200: success },
      },
    },
    async (req) => {
      await resetPassword(ctx, req.body);
      return ok;
    },
  );

  r.post(
    '/api/Users/ChangePassword',
    {
      config: { access: 'user', rateLimit: perMinute(limits.rateLimitPerMinute.changePassword) },
      schema: {
        tags: ['Account'],
        security: bearer,
        summary: "Change the caller's password; ends the caller's other sessions",
        body: changePasswordCommand,
        response: { 200: changePasswordResult },
      },
    },
    (req) => changePassword(ctx, callerOf(req), req.body),
  );

  r.get(
    '/api/Users/Me',
    {
      config: { access: 'user' },
      schema: { tags: ['Users'], security: bearer, response: { 200: me } },
    },
    (req) => getMe(ctx, callerOf(req).userId),
  );

  r.patch(
    '/api/Users/Me',
    {
      config: { access: 'user' },
      schema: { tags: ['Users'], security: bearer, body: meEdit, response: { 200: me } },
    },
    (req) => editMe(ctx, callerOf(req), req.body),
  );

  r.get(
    '/api/Users/Me/Organizations',
    {
      config: { access: 'user' },
      schema: { tags: ['Users'], security: bearer, response: { 200: membershipList } },
    },
    (req) => membershipsOf(ctx.db, callerOf(req).userId),
  );

  r.get(
    '/api/LinkedAccounts/Logins',
    {
      config: { access: 'public', rateLimit: perMinute(limits.rateLimitPerMinute.logins) },
      schema: {
        tags: ['Account'],
        summary: 'Login providers to offer for an email address',
        querystring: loginsQuery,
        response: { 200: loginsResult },
      },
    },
    (req) => loginsFor(ctx, req.query.email),
  );

  r.get(
    '/api/Users/Logout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['Account'],
        security: bearer,
        summary: "End the caller's session; with seatKey, free the seat that device holds",
        querystring: logoutQuery,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (req, reply) => {
      await logout(ctx, callerOf(req), req.query.seatKey);
      return reply.code(204).send(null);
    },
  );
}
