import { randomBytes, randomUUID } from 'node:crypto';
import { organizationsApi, usersApi } from '@roomscale/shared/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { jobs } from '../../db/schema.ts';
import { saveCustomer } from '../../modules/billing/testing.ts';
import { configureSso, postResponse } from '../../modules/sso/testing.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeIdpKeys } from '../../test/samlIdp.ts';
import { person, team } from '../../test/workspace.ts';
import { MAIL_SEND } from '../mail/background.ts';
import { LocalStorage } from '../storage/local/local-storage.ts';
import { pendingJobsQuery } from './scrape.ts';

const TOKEN = randomBytes(24).toString('base64url');

/** The value of one series (`name{labels}` exactly as exposed), or undefined when absent. */
function seriesValue(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics settings', () => {
  const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/roomscale-metrics-config' };
  it('are off by default; the metrics port listens on this machine only unless told', () => {
    expect(loadConfig(env).metrics).toEqual({
      port: undefined,
      host: '127.0.0.1',
      token: undefined,
    });
    expect(
      loadConfig({ ...env, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN })
        .metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0', token: TOKEN });
  });

  it('refuses a short token, a port that is not one, or the public port', () => {
    const refused = (more: Record<string, string>, name: string) => {
      expect(() => loadConfig({ ...env, ...more })).toThrow(ConfigError);
      expect(() => loadConfig({ ...env, ...more })).toThrow(name);
    };
    refused({ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN');
    refused({ METRICS_TOKEN: `${'a'.repeat(40)} b` }, 'METRICS_TOKEN');
    refused({ METRICS_PORT: 'ninety' }, 'METRICS_PORT');
    refused({ METRICS_PORT: '8080' }, 'METRICS_PORT must differ from PORT');
  });
});

describe('metrics, by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are not collected, and /metrics on the public port is an unknown path', async () => {
    expect(t.app.metrics).toBeNull();
    expect(t.ctx.metrics).toBeUndefined();
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect(t.app.routeAccess.some((r) => r.url === '/metrics')).toBe(false);
  });
});

describe('metrics behind METRICS_TOKEN on the public port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    return res.body;
  };

  it('answers 401 to anyone without the token, a user and a guess of the same length among them', async () => {
    const user = await person(t);
    const guess = `${TOKEN.slice(0, -1)}${TOKEN.endsWith('A') ? 'B' : 'A'}`;
    for (const authorization of [
      undefined,
      `Bearer ${guess}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${user.session.access_token}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await t.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body).not.toContain('roomscale_');
    }
    await scrape();
  });

  it('is a route of the access walk (rule metricsToken), left out of the API document', async () => {
    expect(t.app.routeAccess).toContainEqual({
      method: 'GET',
      url: '/metrics',
      access: 'metricsToken',
    });
    // The API document's JSON, outside the contract.
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).not.toContain('/metrics');
  });

  it('serves every family: process, HTTP, database, jobs, mail, billing, uploads, refusals', async () => {
    await t.app.inject({ url: '/readyz' });
    const body = await scrape();
    for (const family of [
      'process_cpu_user_seconds_total counter',
      'nodejs_eventloop_lag_p99_seconds gauge',
      'roomscale_http_request_duration_seconds histogram',
      'roomscale_db_query_duration_seconds histogram',
      'roomscale_jobs gauge',
      'roomscale_jobs_oldest_due_age_seconds gauge',
      'roomscale_mail_outbox gauge',
      'roomscale_billing_webhook_received_total counter',
      'roomscale_billing_webhook_events_total counter',
      'roomscale_billing_webhook_lag_seconds histogram',
      'roomscale_upload_sessions gauge',
      'roomscale_rate_limit_refusals_total counter',
      'roomscale_sso_refusals_total counter',
      'roomscale_usage_facts_lost_total counter',
      'roomscale_metrics_database_up gauge',
    ]) {
      expect(body).toContain(`# TYPE ${family}\n`);
    }
    expect(seriesValue(body, 'roomscale_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(seriesValue(body, 'roomscale_metrics_database_up')).toBe(1);
    expect(seriesValue(body, 'roomscale_upload_sessions')).toBe(0);
    if (process.env.TEST_PG_URL) {
      expect(seriesValue(body, 'roomscale_db_pool_connections{state="max"}')).toBe(10);
      expect(seriesValue(body, 'roomscale_db_pool_waiting')).toBe(0);
    }
  });

  it('labels requests by route pattern, method and status class, never by address', async () => {
    const w = await team(t, 'Metrics');
    const readTeam = (organizationId: string) =>
      callEndpoint(t, organizationsApi.get, {
        params: { organizationId },
        token: w.admin.session,
      });
    const missing = randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await readTeam(w.id);
      expect(res.status).toBe(200);
    }
    expect((await readTeam(missing)).status).toBe(404);
    expect((await t.app.inject({ url: `/no/such/place/${missing}` })).statusCode).toBe(404);
    const body = await scrape();
    const route = `route="${organizationsApi.get.path}",method="GET"`;
    expect(
      seriesValue(
        body,
        `roomscale_http_request_duration_seconds_count{${route},status_class="2xx"}`,
      ),
    ).toBe(3);
    expect(
      seriesValue(
        body,
        `roomscale_http_request_duration_seconds_count{${route},status_class="4xx"}`,
      ),
    ).toBe(1);
    expect(
      seriesValue(
        body,
        'roomscale_http_request_duration_seconds_count{route="unmatched",method="GET",status_class="4xx"}',
      ),
    ).toBe(1);
    expect(body).not.toContain(w.id);
    expect(body).not.toContain(missing);
  });

  it('reads the job queue at scrape time: jobs by kind and state, the oldest due, the mail outbox', async () => {
    const now = t.clock.now().getTime();
    const at = (seconds: number) => new Date(now + seconds * 1000);
    await t.ctx.db.insert(jobs).values([
      { kind: 'metrics.test', status: 'queued', runAt: at(-120) },
      { kind: 'metrics.test', status: 'queued', runAt: at(-30) },
      { kind: 'metrics.test', status: 'queued', runAt: at(3600) },
      { kind: 'metrics.test', status: 'running', runAt: at(-10), lockedUntil: at(300) },
      { kind: MAIL_SEND, status: 'failed', runAt: at(-60), attempts: 5 },
      { kind: MAIL_SEND, status: 'succeeded', runAt: at(-60) },
    ]);
    const body = await scrape();
    const job = (state: string) =>
      seriesValue(body, `roomscale_jobs{kind="metrics.test",state="${state}"}`);
    expect([job('queued'), job('scheduled'), job('running'), job('failed')]).toEqual([
      2,
      1,
      1,
      undefined,
    ]);
    expect(seriesValue(body, `roomscale_jobs{kind="${MAIL_SEND}",state="failed"}`)).toBe(1);
    expect(body).not.toContain('state="succeeded"');
    const age = seriesValue(body, 'roomscale_jobs_oldest_due_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(3600);
    expect(seriesValue(body, 'roomscale_mail_outbox{state="failed"}')).toBe(1);

    // Run: the gauges follow the table, nothing is left from the last scrape.
    await t.ctx.db.delete(jobs);
    const after = await scrape();
    expect(after).not.toContain('kind="metrics.test"');
    expect(seriesValue(after, 'roomscale_jobs_oldest_due_age_seconds')).toBe(0);
    expect(seriesValue(after, 'roomscale_mail_outbox{state="failed"}')).toBe(0);
  });

  it('counts the upload sessions still taking bytes, until the sweep drops them', async () => {
    const storage = t.ctx.storage;
    if (!(storage instanceof LocalStorage)) throw new Error('the tests use local storage');
    const sessions = async () => seriesValue(await scrape(), 'roomscale_upload_sessions');
    expect(await sessions()).toBe(0);
    const now = t.clock.now();
    for (const n of [1, 2]) {
      await storage.uploads.start({
        key: `org/${randomUUID()}/${randomUUID()}`,
        contentType: 'text/plain',
        total: n,
        now,
      });
    }
    expect(await sessions()).toBe(2);
    await storage.uploads.sweep(new Date(now.getTime() + 8 * 86_400_000));
    expect(await sessions()).toBe(0);
  });

  it('counts a request refused by its rate limit, by route pattern', async () => {
    const series = `roomscale_rate_limit_refusals_total{route="${usersApi.forgotPassword.path}"}`;
    expect(seriesValue(await scrape(), series)).toBeUndefined();
    let refused = 0;
    for (let i = 0; i < 8; i++) {
      const res = await callEndpoint(t, usersApi.forgotPassword, {
        body: { email: 'nobody@example.com' },
        ip: '10.77.0.1',
      });
      if (res.status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    expect(seriesValue(await scrape(), series)).toBe(refused);
  });

  it('counts a refused single sign-on response by its reason', async () => {
    const w = await team(t, 'Fabrikam');
    const config = await configureSso(t, w.id, w.admin, await makeIdpKeys());
    const before = await scrape();
    expect(seriesValue(before, 'roomscale_sso_refusals_total{reason="malformed"}')).toBe(0);
    const landing = await postResponse(
      t,
      config.consumerUrl,
      Buffer.from('<samlp:Response>not closed').toString('base64'),
    );
    expect(landing.pathname).toBe('/login');
    const after = await scrape();
    expect(seriesValue(after, 'roomscale_sso_refusals_total{reason="malformed"}')).toBe(1);
    expect(seriesValue(after, 'roomscale_sso_refusals_total{reason="signature"}')).toBe(0);
  });

  it('counts payment provider events by outcome, and the lag of those applied', async () => {
    const w = await team(t, 'Payers');
    const { customerId } = await saveCustomer(t, w.admin, w.id);
    const { stripe, webhookSecret } = t.ctx.billing;
    const deliver = async (id: string, customer: string, ageSeconds: number) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'customer.updated',
        created: Math.floor(t.clock.now().getTime() / 1000) - ageSeconds,
        data: { object: { object: 'customer', id: customer } },
      });
      // The payment provider's signed delivery: not an endpoint of the contract.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/StripeWebhooks',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({
            payload,
            secret: webhookSecret,
          }),
        },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { result: string }).result;
    };
    const before = await scrape();
    const outcome = (body: string, o: string) =>
      seriesValue(body, `roomscale_billing_webhook_events_total{outcome="${o}"}`);
    const id = `evt_metrics_${randomBytes(6).toString('hex')}`;
    expect(await deliver(id, customerId!, 90)).toBe('applied');
    expect(await deliver(id, customerId!, 90)).toBe('duplicate');
    expect(await deliver(`${id}_other`, 'cus_nobody', 5)).toBe('ignored');
    const after = await scrape();
    expect(seriesValue(after, 'roomscale_billing_webhook_received_total')).toBe(
      seriesValue(before, 'roomscale_billing_webhook_received_total')! + 3,
    );
    for (const o of ['applied', 'duplicate', 'ignored']) {
      expect(outcome(after, o), o).toBe(outcome(before, o)! + 1);
    }
    expect(outcome(after, 'failed')).toBe(0);
    // Made 90 s before it was applied: in the 300 s bucket, not the 60 s one.
    const lag = (le: string) =>
      seriesValue(after, `roomscale_billing_webhook_lag_seconds_bucket{le="${le}"}`)! -
      (seriesValue(before, `roomscale_billing_webhook_lag_seconds_bucket{le="${le}"}`) ?? 0);
    expect([lag('60'), lag('300')]).toEqual([0, 1]);
  });

  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
  const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

  // The plan that must hold with many finished jobs is PostgreSQL's (PGlite is one process's).
  it.skipIf(!process.env.TEST_PG_URL)(
    "the scrape's job query reads the jobs not succeeded through the index, not 50,000 finished ones",
    async () => {
      await t.ctx.db.execute(sql`insert into jobs (kind, status, run_at)
        select 'metrics.finished', 'succeeded', now() - (i || ' seconds')::interval
        from generate_series(1, 50000) i`);
      await t.ctx.db.insert(jobs).values({ kind: 'metrics.test', status: 'queued' });
      await t.ctx.db.execute(sql`analyze jobs`);
      const query: { getSQL(): SQL } = pendingJobsQuery(t.ctx.db, t.clock.now());
      const res = await t.ctx.db.execute(sql`explain (format json) ${query.getSQL()}`);
      const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
      const json = Object.values(rows[0]!)[0];
      const plan = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
      const scans = nodes(plan[0]!.Plan).filter((n) => n['Relation Name'] === 'jobs');
      expect(scans.map((n) => n['Node Type'])).not.toContain('Seq Scan');
      expect(scans.length).toBeGreaterThan(0);
      await t.ctx.db.delete(jobs);
    },
  );
});
