import { guestLimits } from '@roomscale/shared';
import { guestsApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { guestOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { checkIn } from '../seats/service.ts';
import { redeemGuestCode, sendGuestCode } from './authorize.ts';
import {
  createGuestMeeting,
  guestLogout,
  inviteToGuestMeeting,
  listPublicTemplates,
} from './service.ts';

const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
/** Every guest call: a live guest token, rate-limited per IP. */
const guestConfig = { access: 'guest', rateLimit: perMinute(guestLimits.callsPerMinute) } as const;

export function guestRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(guestsApi.authorize),
    config: { access: 'public', rateLimit: perMinute(guestLimits.authorizePerMinute) },
    handler: (req) =>
      req.headers.guestcode
        ? redeemGuestCode(ctx, req.headers.guestemail, req.headers.guestcode)
        : sendGuestCode(ctx, req.headers.guestemail, req.ip),
  });

  r.route({
    ...routeOf(guestsApi.checkSeat),
    config: guestConfig,
    handler: (req) =>
      checkIn(ctx, { guestId: guestOf(req).guestId }, req.body, req.headers['user-agent']),
  });

  r.route({
    ...routeOf(guestsApi.roomTemplates),
    config: guestConfig,
    handler: (req) => listPublicTemplates(ctx, req.query.page),
  });

  r.route({
    ...routeOf(guestsApi.createMeeting),
    config: guestConfig,
    handler: (req) => createGuestMeeting(ctx, guestOf(req), req.body),
  });

  r.route({
    ...routeOf(guestsApi.inviteToMeeting),
    config: guestConfig,
    handler: (req) => inviteToGuestMeeting(ctx, guestOf(req), req.params.meetingId, req.body),
  });

  r.route({
    ...routeOf(guestsApi.logout),
    config: guestConfig,
    handler: async (req, reply) => {
      await guestLogout(ctx, guestOf(req), req.query.seatKey);
      return reply.code(204).send(null);
    },
  });
}
