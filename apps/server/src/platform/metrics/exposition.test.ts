import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { organizationsApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { team } from '../../test/workspace.ts';

/**
 * The exposition read by Prometheus's own checker, `promtool check metrics` (Debian's
 * `prometheus` package; CI installs it and sets ROOMSCALE_REQUIRE_PROMTOOL so that its absence
 * fails there instead of skipping). promtool parses the text as the Prometheus server does
 * and lints the names, types and help texts.
 */
const PROMTOOL = 'promtool';
const promtoolPresent = spawnSync(PROMTOOL, ['--version']).status === 0;
const required = process.env.ROOMSCALE_REQUIRE_PROMTOOL === '1';

/**
 * prom-client's default Node.js gauges keep the names Node's own metrics had (an upstream
 * choice: prom-client issue 'active handles total is a gauge'); promtool's lint names them.
 * Nothing of Roomscale's may appear in the lint.
 */
const UPSTREAM_LINT = [
  'nodejs_active_handles_total non-counter metrics should not have "_total" suffix',
  'nodejs_active_requests_total non-counter metrics should not have "_total" suffix',
  'nodejs_active_resources_total non-counter metrics should not have "_total" suffix',
];

function promtoolCheck(body: string) {
  const run = spawnSync(PROMTOOL, ['check', 'metrics'], { input: body, encoding: 'utf8' });
  const problems = `${run.stdout}${run.stderr}`
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return { status: run.status, problems };
}

describe.skipIf(!promtoolPresent && !required)('metrics exposition, read by promtool', () => {
  const TOKEN = randomBytes(24).toString('base64url');
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
    return res.body;
  };

  it('is installed where it is required', () => {
    expect(promtoolPresent, 'promtool is missing: apt-get install prometheus').toBe(true);
  });

  it('parses every family with a label set filled in, and lints nothing of Roomscale', async () => {
    const w = await team(t, 'Exposition');
    await t.app.inject({ url: '/readyz' });
    await callEndpoint(t, organizationsApi.get, {
      params: { organizationId: w.id },
      token: w.admin.session,
    });
    await t.app.inject({ url: '/no/such/place' });
    await t.ctx.db.insert(jobs).values({
      kind: 'exposition.test',
      status: 'queued',
      runAt: t.clock.now(),
    });
    const body = await scrape();
    expect(body).toContain('roomscale_http_request_duration_seconds_bucket{');
    expect(body).toContain('roomscale_jobs{kind="exposition.test",state="queued"} 1');

    const { status, problems } = promtoolCheck(body);
    // 0: clean; 3: lint problems only (listed); 1: the text did not parse.
    expect([0, 3], problems.join('\n')).toContain(status);
    expect(problems.filter((p) => !UPSTREAM_LINT.includes(p))).toEqual([]);
  });

  it('would name a malformed exposition (the check is not blind)', () => {
    const broken = promtoolCheck('# TYPE roomscale_x_total counter\nroomscale_x_total one\n');
    expect(broken.status).toBe(1);
    const unlinted = promtoolCheck('# TYPE roomscale_x counter\nroomscale_x 1\n');
    expect(unlinted.problems.some((p) => p.startsWith('roomscale_x '))).toBe(true);
  });
});
