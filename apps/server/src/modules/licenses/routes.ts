import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Manual licenses (being written). */
export function licenseRoutes(_app: FastifyInstance, _ctx: AppContext) {}
