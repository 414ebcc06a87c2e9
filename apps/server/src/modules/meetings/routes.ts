import {
  id,
  meeting,
  meetingCodeParam,
  meetingCreate,
  meetingLimits,
  meetingListQuery,
  meetingLookup,
  meetingPage,
  meetingRoomChange,
  meetingUpdate,
  problem,
} from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { problemBody } from '../../platform/http/problem.ts';
import { changeCurrentRoom, lookupMeeting } from './lookup.ts';
import {
  createMeeting,
  deleteMeeting,
  getMeeting,
  listMeetings,
  updateMeeting,
} from './service.ts';

const tags = ['Meetings'];
const security = [{ bearer: [] }];
const teamParams = z.object({ organizationId: id });
const meetingParams = teamParams.extend({ meetingId: id });

export function meetingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/Organizations/:organizationId/Meetings',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: "The team's meetings the caller sees: upcoming and ongoing, or all",
        params: teamParams,
        querystring: meetingListQuery,
        response: { 200: meetingPage },
      },
    },
    (req) => listMeetings(ctx, callerOf(req), teamOf(req), req.query),
  );

  r.put(
    '/api/Organizations/:organizationId/Meetings',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: 'Plan a meeting; with emailNewUsers every participant gets an invitation',
        params: teamParams,
        body: meetingCreate,
        response: { 200: meeting },
      },
    },
    (req) => createMeeting(ctx, callerOf(req), teamOf(req), req.body),
  );

  r.get(
    '/api/Organizations/:organizationId/Meetings/:meetingId',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: 'One meeting',
        params: meetingParams,
        response: { 200: meeting },
      },
    },
    (req) => getMeeting(ctx, callerOf(req), teamOf(req), req.params.meetingId),
  );

  r.patch(
    '/api/Organizations/:organizationId/Meetings/:meetingId',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: 'Edit a meeting (a moderator or a team admin, before its end)',
        params: meetingParams,
        body: meetingUpdate,
        response: { 200: meeting },
      },
    },
    (req) => updateMeeting(ctx, callerOf(req), teamOf(req), req.params.meetingId, req.body),
  );

  r.delete(
    '/api/Organizations/:organizationId/Meetings/:meetingId',
    {
      config: { access: 'teamMember' },
      schema: {
        tags,
        security,
        summary: 'Delete a meeting and its temporary rooms (a moderator or a team admin)',
        params: meetingParams,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (req, reply) => {
      await deleteMeeting(ctx, callerOf(req), teamOf(req), req.params.meetingId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/Meetings/:code',
    {
      config: {
        access: 'public',
        rateLimit: { max: meetingLimits.lookupPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags,
        summary: 'Look a meeting up by its code (launch page, VR app)',
        params: z.object({ code: meetingCodeParam }),
        response: {
          200: meetingLookup,
          404: problem.extend(meetingLookup.shape).describe('MeetingNotFound (error 10)'),
        },
      },
    },
    async (req, reply) => {
      const result = await lookupMeeting(ctx, req.params.code);
      if (result.error !== 10) return result;
      return reply
        .code(404)
        .type('application/problem+json')
        .send({ ...problemBody(404, result.message, req.url.split('?')[0] ?? req.url), ...result });
    },
  );

  r.post(
    '/api/Meetings/:meetingId/Room',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: "Change a meeting's current room (a moderator or a team admin)",
        params: z.object({ meetingId: id }),
        body: meetingRoomChange,
        response: { 200: meeting },
      },
    },
    (req) => changeCurrentRoom(ctx, callerOf(req), req.params.meetingId, req.body.roomId),
  );
}
