import { seatCheck, seatLimits, seatStatus } from '@roomscale/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../platform/http/access.ts';
import { checkIn } from './service.ts';

export function seatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/Users/Me/Seat',
    {
      config: {
        access: 'user',
        rateLimit: { max: seatLimits.checksPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['Users'],
        security: [{ bearer: [] }],
        summary:
          "A VR device checks the caller's seat: takes it when free, or reports the device holding it",
        body: seatCheck,
        response: { 200: seatStatus },
      },
    },
    (req) => checkIn(ctx, { userId: callerOf(req).userId }, req.body),
  );
}
