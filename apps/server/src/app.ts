import { existsSync } from 'node:fs';
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serverMessages } from '@roomscale/shared';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { modules } from './modules/index.ts';
import { registerAccess } from './platform/http/access.ts';
import { HttpError, problemBody } from './platform/http/problem.ts';

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
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The 3D viewer decodes compressed models (meshopt, KTX2, Draco) with WebAssembly, and
        // Draco in a worker made from a blob: address. 'wasm-unsafe-eval' allows compiling
        // WebAssembly only, not JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        // Mantine injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        frameSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: ctx.config.publicUrl.startsWith('https://'),
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, c) => {
      const err = new HttpError(429, serverMessages.tooManyRequests) as HttpError & {
        headers?: Record<string, string>;
      };
      err.headers = { 'retry-after': String(Math.ceil(c.ttl / 1000)) };
      return err;
    },
  });
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Roomscale API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () =>
    app.swagger(),
  );

  registerAccess(app, ctx);
  installErrorHandling(app);

  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await ctx.db.execute('select 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  for (const register of modules) {
    await app.register(async (scope) => register(scope, ctx));
  }

  const webDist = opts.webDist;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.url === '/api' || req.method !== 'GET') {
        return sendNotFound(req.url, reply);
      }
      // The web app's own router handles every other path.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((req, reply) => sendNotFound(req.url, reply));
  }
  return app;
}

function sendNotFound(url: string, reply: import('fastify').FastifyReply) {
  return reply
    .code(404)
    .type('application/problem+json')
    .send(problemBody(404, serverMessages.notFound, url));
}

/** Every error becomes application/problem+json; nothing a client sends yields a 500. */
function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const instance = req.url.split('?')[0] ?? req.url;
    if (error instanceof HttpError) {
      const headers = (error as HttpError & { headers?: Record<string, string> }).headers;
      if (headers) reply.headers(headers);
      return reply
        .code(error.status)
        .type('application/problem+json')
        .send(
          problemBody(
            error.status,
            error.detail,
            instance,
            error.errors ? { errors: error.errors } : {},
          ),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          (error.validationContext ?? 'body');
        errors[field] = [...(errors[field] ?? []), v.message ?? 'Invalid value'];
      }
      const first = Object.entries(errors)[0];
      return reply
        .code(400)
        .type('application/problem+json')
        .send(
          problemBody(
            400,
            first ? `${first[0]}: ${first[1][0]}` : serverMessages.validation,
            instance,
            { errors },
          ),
        );
    }
    const status = error.statusCode;
    if (status && status >= 400 && status < 500) {
      return reply
        .code(status)
        .type('application/problem+json')
        .send(problemBody(status, clientErrorDetail(error), instance));
    }
    req.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .type('application/problem+json')
      .send(problemBody(500, serverMessages.internal, instance, { requestId: String(req.id) }));
  });
}

/** Fastify's own client errors (bad JSON, wrong media type, body too large) in plain words. */
function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message;
  }
}
