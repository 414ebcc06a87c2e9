import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/** The super-admin calls of part1 §7 (being written). */
export function adminRoutes(_app: FastifyInstance, _ctx: AppContext) {}
