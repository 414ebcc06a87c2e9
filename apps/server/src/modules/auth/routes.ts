import { security, tokenMessages } from '@roomscale/shared';
import { authApi } from '@roomscale/shared/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../platform/http/problem.ts';
import { routeOf } from '../../platform/http/route.ts';
import { OAuthError } from './errors.ts';
import { exchangeToken } from './service.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(authApi.token),
    config: {
      access: 'public',
      rateLimit: { max: security.rateLimitPerMinute.token, timeWindow: '1 minute' },
    },
    // The grant decides which fields are required; the service reads the raw form itself.
    attachValidation: true,
    errorHandler: oauthErrorHandler,
    handler: async (req, reply) => {
      const tokens = await exchangeToken(ctx, req.body, req.ip);
      return noStore(reply).send(tokens);
    },
  });
}

const noStore = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

/** The token endpoint answers every client error as an OAuth2 error body (RFC 6749 §5.2). */
function oauthErrorHandler(error: FastifyError | Error, _req: unknown, reply: FastifyReply) {
  noStore(reply);
  if (error instanceof OAuthError) {
    return reply.code(error.status).headers(error.headers).send(error.body);
  }
  if (error instanceof HttpError && error.status === 429) {
    return reply.code(429).send({ error: 'slow_down', error_description: error.detail });
  }
  // The request guard's refusals (a NUL character, an over-long address) in OAuth2 words.
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
    return reply
      .code(error.status)
      .send({ error: 'invalid_request', error_description: error.detail });
  }
  const status = 'statusCode' in error ? error.statusCode : undefined;
  if (status && status >= 400 && status < 500) {
    return reply
      .code(status)
      .send({ error: 'invalid_request', error_description: tokenMessages.malformedRequest });
  }
  throw error;
}
