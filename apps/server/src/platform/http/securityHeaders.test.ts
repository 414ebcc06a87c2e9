import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import {
  apiHeaderOptions,
  isPage,
  registerSecurityHeaders,
  securityHeadersOf,
} from './securityHeaders.ts';

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

  it('go on every response: a page, a file, JSON, an error, an unknown path and an empty answer', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, options);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    app.get('/page', async (_req, reply) => reply.type('text/html').send('<p>hi</p>'));
    app.get('/file', async (_req, reply) =>
      reply.type('application/pdf').send(Buffer.from('%PDF')),
    );
    app.get('/sandboxed', async (_req, reply) =>
      reply.header('content-security-policy', "default-src 'none'; sandbox").send('<p>x</p>'),
    );
    app.get('/empty', async (_req, reply) => reply.code(204).send());
    const page = Object.fromEntries(securityHeadersOf(options).set);
    const api = Object.fromEntries(securityHeadersOf(apiHeaderOptions(options)).set);
    expect(page['content-security-policy']).toContain("connect-src 'self'");
    expect(api).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': expect.stringContaining('max-age='),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    const sent = async (url: string) => {
      const res = await app.inject(url);
      const names = [...Object.keys(page), ...Object.keys(api)];
      return Object.fromEntries(
        names.filter((n) => n in res.headers).map((n) => [n, res.headers[n]]),
      );
    };
    for (const url of ['/page', '/file']) expect(await sent(url), url).toEqual(page);
    for (const url of ['/ok', '/fails', '/nowhere', '/empty'])
      expect(await sent(url), url).toEqual(api);
    // A header the route set itself stays.
    expect((await sent('/sandboxed'))['content-security-policy']).toBe(
      "default-src 'none'; sandbox",
    );
    await app.close();
  });

  it('tell a page from an answer no browser shows as one', () => {
    expect(isPage('text/html; charset=utf-8', '<p>')).toBe(true);
    expect(isPage('application/octet-stream', Buffer.alloc(1))).toBe(true);
    expect(isPage('image/svg+xml', '<svg/>')).toBe(true);
    expect(isPage('text/plain; charset=utf-8', 'json')).toBe(true);
    expect(isPage(undefined, 'some bytes')).toBe(true);
    expect(isPage('application/json; charset=utf-8', '{}')).toBe(false);
    expect(isPage('application/problem+json', '{}')).toBe(false);
    expect(isPage('Application/JSON', '{}')).toBe(false);
    expect(isPage('application/jsonp', 'x')).toBe(true);
    expect(isPage(undefined, undefined)).toBe(false);
    expect(isPage(undefined, '')).toBe(false);
  });
});
