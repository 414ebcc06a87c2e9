import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';

/** The route label of a request no route matched (404s, the web app's pages). */
export const UNMATCHED = 'unmatched';

const statusClasses = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type Observer = { observe(seconds: number): void };

/** A request's route pattern (`/api/Meetings/:meetingId`), never its address. */
export const routeLabel = (req: FastifyRequest): string =>
  req.is404 ? UNMATCHED : (req.routeOptions.url ?? UNMATCHED);

/**
 * Times every answer into the HTTP histogram. Every label comes from a small fixed set (the
 * app's route patterns, seven methods, five status classes), and each combination's series is
 * looked up once and kept, so a request costs prom-client's observe and two map reads.
 */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics) {
  const series = new Map<string, Map<string, Observer[]>>();
  app.addHook('onResponse', (req, reply, done) => {
    const route = routeLabel(req);
    const method = knownMethods.has(req.method) ? req.method : 'OTHER';
    const status = Math.min(Math.max(Math.floor(reply.statusCode / 100), 1), 5) - 1;
    let byMethod = series.get(route);
    if (!byMethod) {
      byMethod = new Map();
      series.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = [];
      byMethod.set(method, byStatus);
    }
    let observer = byStatus[status];
    if (!observer) {
      observer = metrics.http.labels(route, method, statusClasses[status]!);
      byStatus[status] = observer;
    }
    observer.observe(reply.elapsedTime / 1000);
    done();
  });
}
