import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { identify } from '../../platform/http/access.ts';
import type { Person } from './record.ts';

/**
 * Who called a public route, for its usage fact: the signed-in user or guest whose live token
 * came with it, else nobody (also when checking the token fails: the route answers all the same). Without a token (the launch page) nothing is read; with recording
 * off, the token is not even checked.
 */
export async function visitorOf(ctx: AppContext, req: FastifyRequest): Promise<Person | null> {
  if (!ctx.config.usage.record || !req.headers.authorization) return null;
  const who = await identify(ctx, req.headers.authorization).catch((err: unknown) => {
    ctx.log.warn({ err }, 'usage fact: the caller of a public route not identified');
    return null;
  });
  if (!who) return null;
  return 'caller' in who
    ? { userId: who.caller.userId }
    : { guestId: who.guest.guestId, email: who.guest.email };
}
