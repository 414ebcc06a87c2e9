import { meetingLimits } from '@roomscale/shared';
import { meetingsApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf, teamOf } from '../../platform/http/access.ts';
import { problemBody } from '../../platform/http/problem.ts';
import { routeOf } from '../../platform/http/route.ts';
import { visitorOf } from '../usage/visitor.ts';
import { changeCurrentRoom, lookupMeeting } from './lookup.ts';
import {
  createMeeting,
  deleteMeeting,
  getMeeting,
  listMeetings,
  updateMeeting,
} from './service.ts';

export function meetingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(meetingsApi.list),
    config: { access: 'teamMember' },
    handler: (req) => listMeetings(ctx, callerOf(req), teamOf(req), req.query),
  });

  r.route({
    ...routeOf(meetingsApi.create),
    config: { access: 'teamMember' },
    handler: (req) => createMeeting(ctx, callerOf(req), teamOf(req), req.body),
  });

  r.route({
    ...routeOf(meetingsApi.get),
    config: { access: 'teamMember' },
    handler: (req) => getMeeting(ctx, callerOf(req), teamOf(req), req.params.meetingId),
  });

  r.route({
    ...routeOf(meetingsApi.edit),
    config: { access: 'teamMember', object: 'meetingModerator' },
    handler: (req) =>
      updateMeeting(ctx, callerOf(req), teamOf(req), req.params.meetingId, req.body),
  });

  r.route({
    ...routeOf(meetingsApi.remove),
    config: { access: 'teamMember', object: 'meetingModerator' },
    handler: async (req, reply) => {
      await deleteMeeting(ctx, callerOf(req), teamOf(req), req.params.meetingId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(meetingsApi.lookup),
    config: {
      access: 'public',
      rateLimit: { max: meetingLimits.lookupPerMinute, timeWindow: '1 minute' },
    },
    handler: async (req, reply) => {
      const result = await lookupMeeting(ctx, req.params.code, () => visitorOf(ctx, req));
      if (result.error !== 10) return result;
      return reply
        .code(404)
        .type('application/problem+json')
        .send({ ...problemBody(404, result.message, req.url.split('?')[0] ?? req.url), ...result });
    },
  });

  r.route({
    ...routeOf(meetingsApi.changeRoom),
    config: { access: 'user', object: 'meetingModerator' },
    handler: (req) => changeCurrentRoom(ctx, callerOf(req), req.params.meetingId, req.body.roomId),
  });
}
