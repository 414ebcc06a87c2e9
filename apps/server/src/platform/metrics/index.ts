import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerMetricsRoute } from './endpoint.ts';
import { installHttpMetrics } from './http.ts';
import { createMetrics, type Metrics } from './metrics.ts';

export { listenMetrics, type MetricsListener, metricsTokenRule } from './endpoint.ts';
export { routeLabel } from './http.ts';
export type { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics; null when nobody may read them (neither METRICS_PORT nor METRICS_TOKEN). */
    metrics: Metrics | null;
  }
}

/**
 * Prometheus metrics, collected only when they can be read: on their own port (METRICS_PORT,
 * main.ts listens) or on the public port behind METRICS_TOKEN. Neither set, nothing is collected
 * and `/metrics` is an unknown path like any other. The instruments join the context
 * (`ctx.metrics`) for the modules that count their own events.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext) {
  const { port, token } = ctx.config.metrics;
  if (port === undefined && token === undefined) {
    app.decorate('metrics', null);
    return;
  }
  const metrics = ctx.metrics ?? createMetrics(ctx);
  ctx.metrics = metrics;
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.close());
  installHttpMetrics(app, metrics);
  if (token !== undefined) registerMetricsRoute(app, metrics);
}
