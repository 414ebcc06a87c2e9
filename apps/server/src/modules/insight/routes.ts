import { insightCsvNames } from '@roomscale/shared';
import { insightApi } from '@roomscale/shared/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { teamOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { attendanceCsv, teamUsageCsv } from './presenter.ts';
import { meetingAttendance, platformUsage, teamDevices, teamUsage } from './service.ts';

/** A CSV download: text/csv, saved under `filename`. */
const sendCsv = (reply: FastifyReply, filename: string, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);

/** Usage insight (issue 29 §2–§4; docs/usage.md 'The calls'). */
export function insightRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(insightApi.teamUsage),
    config: { access: 'teamAdmin' },
    handler: (req) => teamUsage(ctx, teamOf(req), req.query),
  });

  r.route({
    ...routeOf(insightApi.teamUsageCsv),
    config: { access: 'teamAdmin' },
    handler: async (req, reply) => {
      const usage = await teamUsage(ctx, teamOf(req), req.query);
      return sendCsv(reply, insightCsvNames.teamUsage(usage.from, usage.to), teamUsageCsv(usage));
    },
  });

  r.route({
    ...routeOf(insightApi.attendance),
    config: { access: 'teamMember', object: 'meetingModerator' },
    handler: (req) => meetingAttendance(ctx, teamOf(req), req.params.meetingId),
  });

  r.route({
    ...routeOf(insightApi.attendanceCsv),
    config: { access: 'teamMember', object: 'meetingModerator' },
    handler: async (req, reply) => {
      const a = await meetingAttendance(ctx, teamOf(req), req.params.meetingId);
      return sendCsv(
        reply,
        insightCsvNames.attendance(a.code),
        attendanceCsv(a, req.query.timeZone),
      );
    },
  });

  r.route({
    ...routeOf(insightApi.devices),
    config: { access: 'teamAdmin' },
    handler: (req) => teamDevices(ctx, teamOf(req), req.query),
  });

  r.route({
    ...routeOf(insightApi.platformUsage),
    config: { access: 'superAdmin' },
    handler: (req) => platformUsage(ctx, req.query),
  });
}
