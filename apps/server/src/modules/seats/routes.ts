import { seatLimits } from '@roomscale/shared';
import { seatsApi } from '@roomscale/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../platform/http/access.ts';
import { routeOf } from '../../platform/http/route.ts';
import { checkIn } from './service.ts';

export function seatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(seatsApi.check),
    config: {
      access: 'user',
      rateLimit: { max: seatLimits.checksPerMinute, timeWindow: '1 minute' },
    },
    handler: (req) =>
      checkIn(ctx, { userId: callerOf(req).userId }, req.body, req.headers['user-agent']),
  });
}
