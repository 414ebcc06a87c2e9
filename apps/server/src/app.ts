import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { delivery, security, serverMessages } from '@roomscale/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { within } from './db/pool.ts';
import { injectorOf } from './modules/billing/driver.ts';
import { fileEditorRule, fileItemRule } from './modules/files/policy.ts';
import { modules } from './modules/index.ts';
import { meetingModeratorRule } from './modules/meetings/policy.ts';
import { roomManagerRule, roomViewerRule } from './modules/rooms/policy.ts';
import { scimTokenRule } from './modules/scim/tokens.ts';
import { usageFactsSettled } from './modules/usage/record.ts';
import { registerAccess } from './platform/http/access.ts';
import { contentSecurityDirectives } from './platform/http/csp.ts';
import { installDrain } from './platform/http/drain.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  installErrorHandling,
} from './platform/http/errors.ts';
import { registerRequestGuard } from './platform/http/guard.ts';
import { registerOpenapi } from './platform/http/openapi.ts';
import { HttpError, problemBody } from './platform/http/problem.ts';
import { lazyRequestLogger, RequestLines } from './platform/http/requestLog.ts';
import { registerSecurityHeaders } from './platform/http/securityHeaders.ts';
import { contractSerializerCompiler } from './platform/http/serializer.ts';
import { metricsTokenRule, registerMetrics, routeLabel } from './platform/metrics/index.ts';
import { createRateLimitStore } from './platform/rateLimit/index.ts';

export type App = FastifyInstance;

/** Default body limit; routes that take more say so with `bodyLimit`. */
const DEFAULT_BODY_LIMIT = 64 * 1024;

export async function buildApp(ctx: AppContext, opts: { webDist?: string } = {}): Promise<App> {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Trust exactly the configured hops, never `true`: trusting every hop would take the
    // leftmost X-Forwarded-For entry, which the client writes itself. (Fastify refuses a bare
    // number, as it cannot tell a proxy from a direct client; README says the proxies must be
    // the only way in.)
    trustProxy: ctx.config.trustProxyHops
      ? (_address: string, hop: number) => hop < ctx.config.trustProxyHops
      : false,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    childLoggerFactory: lazyRequestLogger,
    logController: new RequestLines(ctx.log),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  // The built-in payment simulator answers its SDK inside this app, without a socket.
  ctx.billing.connect(injectorOf(app));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler({ check: ctx.config.checkResponses }));

  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: contentSecurityDirectives(ctx.config) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: ctx.config.publicUrl.startsWith('https://'),
  });
  // Counted in the database (or Redis) so every instance shares one count per client and route;
  // a failing store lets requests through, logged (platform/rateLimit, docs/deployment.md).
  const rateLimitStore = await createRateLimitStore(ctx);
  app.addHook('onClose', () => rateLimitStore.close());
  // Usage facts still being written go in before the database closes (modules/usage).
  app.addHook('onClose', () => usageFactsSettled(ctx));
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore.store,
    skipOnError: true,
    errorResponseBuilder: (req, c) => {
      ctx.metrics?.rateLimitRefusals.inc({ route: routeLabel(req) });
      const err = new HttpError(429, serverMessages.tooManyRequests) as HttpError & {
        headers?: Record<string, string>;
      };
      err.headers = { 'retry-after': String(Math.ceil(c.ttl / 1000)) };
      return err;
    },
  });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // Text answers (JSON, the API docs) go out with brotli or gzip above a small size. Request
  // bodies are never inflated: a compressed body could expand past every body limit.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: delivery.compressMinBytes,
    globalDecompression: false,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await registerOpenapi(app);

  registerRequestGuard(app);
  registerAccess(app, {
    ...ctx,
    objectRules: {
      meetingModerator: meetingModeratorRule(ctx.db),
      roomViewer: roomViewerRule(ctx.db, ctx.clock),
      roomManager: roomManagerRule(ctx.db, ctx.clock),
      fileItem: fileItemRule(ctx.db),
      fileEditor: fileEditorRule(ctx.db),
    },
    scimToken: scimTokenRule(ctx),
    metricsToken: metricsTokenRule(ctx.config.metrics.token),
  });
  installErrorHandling(app);
  installDrain(app);
  // Prometheus metrics, when METRICS_PORT or METRICS_TOKEN says who reads them.
  registerMetrics(app, ctx);

  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      // Its own short bound: a probe learns of a database that stopped answering at once.
      await within(ctx.config.databaseWaits.readyTimeoutMs, ctx.db.execute('select 1'));
      // Shutting down (checked after the query, which may outlast the signal): send no more.
      if (app.draining) throw new Error('shutting down');
      return { status: 'ok' };
    } catch {
      return reply
        .code(503)
        .header('retry-after', String(security.unavailableRetryAfterSeconds))
        .send({ status: 'unavailable' });
    }
  });

  for (const register of modules) {
    await app.register(async (scope) => register(scope, ctx));
  }

  const webDist = opts.webDist;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text asset (apps/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', webCacheControl(webDist, path)),
    });
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.url === '/api' || req.method !== 'GET') {
        return sendNotFound(req.url, reply);
      }
      // The web app's own router handles every other path.
      return reply.sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((req, reply) => sendNotFound(req.url, reply));
  }
  return app;
}

/**
 * Vite names everything under assets/ by its content hash, so those never change: cached for a
 * year without asking again. Everything else (index.html above all) is checked on every use.
 */
function webCacheControl(webDist: string, path: string): string {
  return path.startsWith(join(webDist, 'assets/'))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

function sendNotFound(url: string, reply: import('fastify').FastifyReply) {
  return reply
    .code(404)
    .type('application/problem+json')
    .send(problemBody(404, serverMessages.notFound, url));
}
