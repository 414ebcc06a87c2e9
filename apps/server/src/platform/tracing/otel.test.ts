import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authApi, callUrl } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPgDatabase } from '../../test/pgDatabase.ts';
import { freePort, startServer, waitReady } from '../../test/process.ts';

/** The process's entry, as dist/main.js runs it: tracing first, then the server. */
const entryTs = join(import.meta.dirname, '..', '..', 'entry.ts');
const PG = process.env.TEST_PG_URL;

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

type Attribute = { key: string; value: { stringValue?: string; intValue?: number | string } };
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Attribute[];
  scope: string;
  service: string | undefined;
};
/** OTLP/JSON's SPAN_KIND_SERVER. */
const SERVER = 2;

/**
 * A collector on 127.0.0.1 taking OTLP/HTTP JSON at /v1/traces: the spans it received. Any
 * other request is answered too, its `traceparent` noted in `calls`.
 */
async function startCollector() {
  const spans: Span[] = [];
  const calls: { url: string | undefined; traceparent: string | undefined }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const doc = JSON.parse(body) as {
          resourceSpans: {
            resource: { attributes: Attribute[] };
            scopeSpans: { scope: { name: string }; spans: Omit<Span, 'scope' | 'service'>[] }[];
          }[];
        };
        for (const rs of doc.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value
            .stringValue;
          for (const ss of rs.scopeSpans) {
            for (const s of ss.spans) spans.push({ ...s, scope: ss.scope.name, service });
          }
        }
      } else {
        calls.push({ url: req.url, traceparent: req.headers.traceparent as string | undefined });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    calls,
    close: () => new Promise((r) => server.close(r)),
  };
}

function attribute(span: Span, key: string) {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue;
}

describe('OpenTelemetry tracing', () => {
  it('refuses an endpoint that is not an http(s) address with one line naming it', async () => {
    const p = startServer(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rs-otel-')),
      },
      entryTs,
    );
    // A server that starts anyway is stopped rather than left behind.
    const started = setTimeout(() => p.child.kill('SIGTERM'), 20_000);
    expect(await p.exited).toBe(1);
    clearTimeout(started);
    const lines = p.output().err.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
  });

  describe(`a server process exporting to a local collector (${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
    let collector: Awaited<ReturnType<typeof startCollector>>;
    let database: Awaited<ReturnType<typeof freshPgDatabase>> | undefined;
    let logLines: Record<string, unknown>[];

    beforeAll(async () => {
      collector = await startCollector();
      database = PG ? await freshPgDatabase(PG) : undefined;
      const port = await freePort();
      const server = startServer(
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'rs-otel-')),
          ...(database ? { DATABASE_URL: database.url } : {}),
          LOG_LEVEL: 'info',
          ADMIN_EMAIL: 'admin@example.com',
          ADMIN_PASSWORD: 'correct horse battery',
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          // Nothing is exported on the way: the spans arrive because shutdown flushes them.
          OTEL_BSP_SCHEDULE_DELAY: '3600000',
        },
        entryTs,
      );
      await waitReady(port, server.exited);
      const res = await fetch(`http://127.0.0.1:${port}${callUrl(authApi.token)}`, {
        method: authApi.token.method,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          traceparent: `00-${TRACE}-${CALLER_SPAN}-01`,
        },
        body: new URLSearchParams({
          grant_type: 'password',
          username: 'admin@example.com',
          password: 'correct horse battery',
          scope: 'openid offline_access',
        }),
      });
      expect(res.status).toBe(200);
      expect(collector.spans).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      logLines = server
        .output()
        .out.split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
    }, 180_000);

    afterAll(async () => {
      await collector?.close();
      await database?.drop();
    });

    function serverSpan() {
      const spans = collector.spans.filter((s) => s.traceId === TRACE && s.kind === SERVER);
      expect(spans).toHaveLength(1);
      return spans[0]!;
    }

    it("sends the request's server span, in the caller's trace, with its route", () => {
      const span = serverSpan();
      expect(span).toMatchObject({
        name: `${authApi.token.method} ${authApi.token.path}`,
        parentSpanId: CALLER_SPAN,
        scope: '@opentelemetry/instrumentation-http',
        service: 'roomscale',
      });
      expect(attribute(span, 'http.route')).toBe(authApi.token.path);
      expect(Number(attribute(span, 'http.response.status_code'))).toBe(200);
      // Fastify's spans (the route's handler) hang below it.
      expect(
        collector.spans.some(
          (s) => s.scope === '@fastify/otel' && s.traceId === TRACE && s.name.startsWith('handler'),
        ),
      ).toBe(true);
      // Probes are not traced.
      expect(collector.spans.filter((s) => attribute(s, 'url.path') === '/readyz')).toEqual([]);
    });

    it("logs the request with the span's own ids: one trace id, not two", () => {
      const span = serverSpan();
      const line = logLines.find(
        (l) =>
          l.msg === 'request completed' &&
          (l.req as { url?: string } | undefined)?.url === callUrl(authApi.token),
      );
      expect(line).toMatchObject({
        trace_id: TRACE,
        span_id: span.spanId,
        parent_span_id: CALLER_SPAN,
      });
    });

    it.skipIf(!PG)('sends the queries the request ran as descendants of its server span', () => {
      const root = serverSpan();
      const byId = new Map(collector.spans.map((s) => [s.spanId, s]));
      const descends = (s: Span) => {
        for (let p = s.parentSpanId; p; p = byId.get(p)?.parentSpanId) {
          if (p === root.spanId) return true;
        }
        return false;
      };
      const queries = collector.spans.filter(
        (s) => s.scope === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query'),
      );
      expect(queries.filter(descends).length).toBeGreaterThan(0);
      const select = queries.find((s) => descends(s) && s.name.startsWith('pg.query:SELECT'));
      expect(attribute(select!, 'db.system.name')).toBe('postgresql');
      expect(String(attribute(select!, 'db.query.text'))).toMatch(/^select /i);
    });
  });

  it('carries the trace context on outgoing calls, fetch included', async () => {
    const collector = await startCollector();
    try {
      const p = startServer(
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          TARGET: collector.url,
        },
        join(import.meta.dirname, 'outgoing.fixture.ts'),
      );
      expect(await p.exited, p.output().err).toBe(0);
      const outer = JSON.parse(p.output().out.split('\n')[0]!) as {
        traceId: string;
        spanId: string;
      };
      const sent = (path: string) => {
        const call = collector.calls.find((c) => c.url === path);
        expect(call?.traceparent, path).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
        const [, traceId, parentId] = call!.traceparent!.split('-');
        expect(traceId).toBe(outer.traceId);
        return parentId;
      };
      // fetch: no span of its own, the caller's span is the parent.
      expect(sent('/fetch')).toBe(outer.spanId);
      // http: the client span the HTTP instrumentation made, below the caller's.
      const client = collector.spans.find((s) => s.spanId === sent('/http'));
      expect(client).toMatchObject({
        scope: '@opentelemetry/instrumentation-http',
        parentSpanId: outer.spanId,
      });
    } finally {
      await collector.close();
    }
  });
});
