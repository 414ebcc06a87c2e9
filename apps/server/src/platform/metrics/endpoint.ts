import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MetricsConfig } from '../../config.ts';
import { unauthorized } from '../http/problem.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The access rule `metricsToken` (platform/http/access.ts): the bearer token must be
 * METRICS_TOKEN, compared in constant time (both sides hashed first, so neither the content nor
 * the length of the token shows in the time taken); anything else is 401.
 */
export function metricsTokenRule(token: string | undefined) {
  const expected = token === undefined ? null : digest(token);
  return async (req: FastifyRequest): Promise<void> => {
    const given = req.headers.authorization?.match(/^Bearer (\S+)$/)?.[1];
    if (!expected || given === undefined || !timingSafeEqual(digest(given), expected)) {
      throw unauthorized();
    }
  };
}

/** `GET /metrics` on the public port, for METRICS_TOKEN only; not in the API's documents. */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics) {
  app.get(
    METRICS_PATH,
    { config: { access: 'metricsToken' }, schema: { hide: true } },
    async (_req, reply) => reply.type(metrics.contentType).send(await metrics.render()),
  );
}

export type MetricsListener = { port: number; close(): Promise<void> };

/**
 * The metrics on a port of their own (METRICS_PORT on METRICS_HOST): `GET /metrics` and nothing
 * else, without authentication, so the port must be reachable by the scraper only.
 */
export async function listenMetrics(
  metrics: Metrics,
  config: Pick<MetricsConfig, 'host'> & { port: number },
): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    const path = req.url?.split('?', 1)[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.render().then(
      (body) => {
        res.writeHead(200, { 'content-type': metrics.contentType });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) =>
      reject(
        new Error(
          `Cannot serve metrics on ${config.host}:${config.port} (METRICS_PORT, METRICS_HOST): ${err.message}`,
        ),
      ),
    );
    server.listen(config.port, config.host, () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
