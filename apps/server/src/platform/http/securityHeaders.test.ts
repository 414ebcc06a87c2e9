import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeadersOf } from './securityHeaders.ts';

const options: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], connectSrc: ["'self'"] } },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: true,
};

/** The headers helmet's own middleware puts on a real response, for comparison. */
async function helmetOnARealResponse(): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('x-powered-by', 'something');
    middleware(req, res, () => res.end('ok'));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    const headers = Object.fromEntries(res.headers);
    for (const name of ['connection', 'content-length', 'date', 'keep-alive', 'content-type']) {
      delete headers[name];
    }
    return headers;
  } finally {
    await new Promise((done) => server.close(done));
  }
}

describe('security headers computed once', () => {
  it('are exactly what helmet sets on a response, X-Powered-By removed', async () => {
    const { set, removed } = securityHeadersOf(options);
    expect(Object.fromEntries(set.map(([n, v]) => [n.toLowerCase(), v]))).toEqual(
      await helmetOnARealResponse(),
    );
    expect(removed.map((n) => n.toLowerCase())).toContain('x-powered-by');
  });

  it('go on every response: a route, an error and an unknown path', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, options);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    const policy = securityHeadersOf(options).set.find(([n]) =>
      /^content-security-policy$/i.test(n),
    );
    expect(policy?.[1]).toContain("connect-src 'self'");
    for (const url of ['/ok', '/fails', '/nowhere']) {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe(policy?.[1]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
    }
    await app.close();
  });
});
