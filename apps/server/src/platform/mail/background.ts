import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from './mailer.ts';

/**
 * Sends without making the request wait. Account emails must not reveal through response time
 * (or a failing SMTP server) whether an address is registered; a failure is logged instead.
 */
export function sendInBackground(ctx: { mailer: Mailer; log: FastifyBaseLogger }, mail: Mail) {
  ctx.mailer
    .send(mail)
    .catch((err: unknown) =>
      ctx.log.error({ err, to: mail.to, subject: mail.subject }, 'sending mail failed'),
    );
}
