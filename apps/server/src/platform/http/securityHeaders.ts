import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What helmet does to a response: headers set, and headers removed (`X-Powered-By`). */
export type SecurityHeaders = { set: [string, string][]; removed: string[] };

/**
 * The headers helmet sets for these options, worked out once. Our options are static (no
 * per-request nonce or function directive), so every response gets the same headers.
 */
export function securityHeadersOf(options: HelmetOptions): SecurityHeaders {
  const headers: SecurityHeaders = { set: [], removed: [] };
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      headers.removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * helmet's security headers on every response (pages, API, errors, 404s). `@fastify/helmet`
 * builds helmet's whole middleware again on every request — its options parsed, its directives
 * serialized — which cost the API's hot path about a tenth of its CPU (docs/performance.md);
 * here the headers are computed at start and each request only sets them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const { set, removed } = securityHeadersOf(options);
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    done();
  });
}
