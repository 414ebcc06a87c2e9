import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPgDatabase } from '../../test/pgDatabase.ts';
import { freePort, startServer, waitReady } from '../../test/process.ts';

/**
 * The server process with METRICS_PORT: the metrics on their own listener (main.ts), on the
 * embedded database or, with TEST_PG_URL, on PostgreSQL with its pool's gauges.
 */
describe('metrics on METRICS_PORT', () => {
  let port: number;
  let metricsPort: number;
  let server: ReturnType<typeof startServer>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    port = await freePort();
    metricsPort = await freePort();
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rs-metrics-')),
    };
    if (process.env.TEST_PG_URL) {
      const database = await freshPgDatabase(process.env.TEST_PG_URL);
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    server = startServer(env);
    await waitReady(port, server.exited);
  }, 240_000);

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await dropDatabase();
  });

  it('serves the metrics there, with the requests the public port answered', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const body = await res.text();
    expect(body).toContain('# TYPE process_resident_memory_bytes gauge');
    expect(body).toMatch(
      /^roomscale_http_request_duration_seconds_count\{route="\/readyz",method="GET",status_class="2xx"\} [1-9]/m,
    );
    expect(body).toMatch(/^roomscale_db_query_duration_seconds_count [1-9]/m);
    expect(body).toContain('roomscale_metrics_database_up 1');
    if (process.env.TEST_PG_URL) {
      expect(body).toMatch(/^roomscale_db_pool_connections\{state="idle"\} \d/m);
    }
  });

  it('answers nothing else there, and /metrics is not served on the public port', async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/readyz`)).status).toBe(404);
    expect(
      (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status,
    ).toBe(404);
    // The public port answers /metrics as any unknown path: the web app's page when it is
    // built, else the not-found problem, which names the path it was asked for.
    const publicPort = await fetch(`http://127.0.0.1:${port}/metrics`);
    const unknown = await fetch(`http://127.0.0.1:${port}/no-such-page`);
    expect(publicPort.status).toBe(unknown.status);
    const body = await publicPort.text();
    expect(body.replaceAll('/metrics', '/no-such-page')).toBe(await unknown.text());
    expect(body).not.toContain('roomscale_');
  });

  it('closes the metrics listener at shutdown and exits 0', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  });
});

describe('a metrics port that cannot be had', () => {
  it('stops the start with one line naming METRICS_PORT', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const metricsPort = (taken.address() as { port: number }).port;
      const p = startServer({
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        METRICS_PORT: String(metricsPort),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'rs-metrics-')),
      });
      expect(await p.exited).toBe(1);
      const lines = p.output().err.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`127.0.0.1:${metricsPort} (METRICS_PORT, METRICS_HOST)`);
      expect(lines[0]).toContain('EADDRINUSE');
    } finally {
      taken.close();
    }
  }, 120_000);
});
