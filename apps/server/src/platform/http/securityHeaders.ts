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
      headers.set.push([name.toLowerCase(), String(value)]);
    },
    removeHeader(name: string) {
      headers.removed.push(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The options of an answer no browser shows as a page: JSON, or no body at all. As GitHub's API
 * does and OWASP's REST cheat sheet advises: nothing may load from it, frame it, sniff it into
 * another type or read it from another site, and HTTPS stays pinned. What a page needs besides
 * (the dashboard's script, style and frame policy, opener and agent-cluster isolation, referrer
 * and DNS-prefetch rules, the legacy IE and Flash headers) governs documents only; on the API's
 * answers it was 900 bytes every call paid for (docs/performance.md "The hot path").
 */
export function apiHeaderOptions(page: HelmetOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: page.strictTransportSecurity ?? true,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/** JSON by its media type (`application/json`, `application/problem+json`, any `+json`). */
const jsonType = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * Whether an answer is one a browser could show as a page. A JSON answer, or one with no body
 * and no type (204, a redirect, an upload's 308), is not; anything else is (HTML, a file, text).
 */
export function isPage(contentType: unknown, payload: unknown): boolean {
  if (typeof contentType === 'string') return !jsonType.test(contentType);
  return payload !== undefined && payload !== null && payload !== '';
}

/**
 * helmet's security headers on every response (pages, files, API, errors, 404s), set just before
 * it is sent, when its type is known: the page set (`options`) on what a browser may show as a
 * page, the API set (apiHeaderOptions) on the rest. A header a route set itself stays (a
 * download's own sandboxing policy). Both sets are computed at start: `@fastify/helmet` built
 * helmet's whole middleware again on every request (docs/performance.md "The hot path").
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const page = securityHeadersOf(options);
  const api = securityHeadersOf(apiHeaderOptions(options));
  app.addHook('onSend', (_req, reply, payload, done) => {
    const { set, removed } = isPage(reply.getHeader('content-type'), payload) ? page : api;
    for (const [name, value] of set) if (!reply.hasHeader(name)) reply.header(name, value);
    for (const name of removed) reply.removeHeader(name);
    done(null, payload);
  });
}
