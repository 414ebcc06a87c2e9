import {
  guestAuthorizeHeaders,
  guestAuthorizeResult,
  guestInvite,
  guestLimits,
  guestMeeting,
  guestMeetingCreate,
  guestRoomTemplatePage,
  guestTemplatesQuery,
  id,
  logoutQuery,
  seatCheck,
  seatStatus,
} from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { guestOf } from '../../platform/http/access.ts';
import { checkIn } from '../seats/service.ts';
import { redeemGuestCode, sendGuestCode } from './authorize.ts';
import {
  createGuestMeeting,
  guestLogout,
  inviteToGuestMeeting,
  listPublicTemplates,
} from './service.ts';

const tags = ['Guests'];
const security = [{ bearer: [] }];
const perMinute = (max: number) => ({ max, timeWindow: '1 minute' });
/** Every guest call: a live guest token, rate-limited per IP. */
const guestConfig = { access: 'guest', rateLimit: perMinute(guestLimits.callsPerMinute) } as const;

export function guestRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/Guests/Authorize',
    {
      config: { access: 'public', rateLimit: perMinute(guestLimits.authorizePerMinute) },
      schema: {
        tags,
        summary:
          'Guest sign-in: with the guestEmail header, mails a one-time code; with guestCode too, returns a guest token',
        headers: guestAuthorizeHeaders,
        response: { 200: guestAuthorizeResult },
      },
    },
    (req) =>
      req.headers.guestcode
        ? redeemGuestCode(ctx, req.headers.guestemail, req.headers.guestcode)
        : sendGuestCode(ctx, req.headers.guestemail, req.ip),
  );

  r.put(
    '/api/Guests/Seats',
    {
      config: guestConfig,
      schema: {
        tags,
        security,
        summary: "A VR device checks the guest's seat (same rules as users' seats)",
        body: seatCheck,
        response: { 200: seatStatus },
      },
    },
    (req) => checkIn(ctx, { guestId: guestOf(req).guestId }, req.body),
  );

  r.get(
    '/api/Guests/RoomTemplates',
    {
      config: guestConfig,
      schema: {
        tags,
        security,
        summary: 'Public room templates, by name, in pages',
        querystring: guestTemplatesQuery,
        response: { 200: guestRoomTemplatePage },
      },
    },
    (req) => listPublicTemplates(ctx, req.query.page),
  );

  r.put(
    '/api/Guests/Meetings',
    {
      config: guestConfig,
      schema: {
        tags,
        security,
        summary: 'A guest plans a meeting in temporary rooms from Public templates (no team)',
        body: guestMeetingCreate,
        response: { 200: guestMeeting },
      },
    },
    (req) => createGuestMeeting(ctx, guestOf(req), req.body),
  );

  r.post(
    '/api/Guests/Meetings/:meetingId/Invite',
    {
      config: guestConfig,
      schema: {
        tags,
        security,
        summary: 'Invite more people to a meeting the guest created',
        params: z.object({ meetingId: id }),
        body: guestInvite,
        response: { 200: guestMeeting },
      },
    },
    (req) => inviteToGuestMeeting(ctx, guestOf(req), req.params.meetingId, req.body),
  );

  r.get(
    '/api/Guests/Logout',
    {
      config: guestConfig,
      schema: {
        tags,
        security,
        summary: "End the guest's session; with seatKey, free the seat that device holds",
        querystring: logoutQuery,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (req, reply) => {
      await guestLogout(ctx, guestOf(req), req.query.seatKey);
      return reply.code(204).send(null);
    },
  );
}
