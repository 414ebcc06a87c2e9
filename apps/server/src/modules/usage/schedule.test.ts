import { usageLimits } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { usageRollupSchedule } from './schedule.ts';

const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/roomscale-config-test' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('USAGE_ROLLUP_EVERY_SECONDS', () => {
  it('is hourly by default, a whole number of seconds from 1 to a day', () => {
    expect(loadConfig(base).usage.rollupEverySeconds).toBe(usageLimits.rollupEverySeconds);
    expect(usageLimits.rollupEverySeconds).toBe(3600);
    expect(loadConfig({ ...base, USAGE_ROLLUP_EVERY_SECONDS: '5' }).usage.rollupEverySeconds).toBe(
      5,
    );
    for (const bad of ['0', '-1', '1.5', '86401', 'soon']) {
      expect(() => loadConfig({ ...base, USAGE_ROLLUP_EVERY_SECONDS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, USAGE_ROLLUP_EVERY_SECONDS: bad })).toThrow(
        /USAGE_ROLLUP_EVERY_SECONDS/,
      );
    }
  });

  it('queues one run per period of that many seconds, twelve tries a period', async () => {
    expect(usageRollupSchedule(3600).queueEveryMs).toBe(300_000);
    expect(usageRollupSchedule(6).queueEveryMs).toBe(500);
    expect(usageRollupSchedule(1).queueEveryMs).toBe(250);
    const every5 = usageRollupSchedule(5);
    const start = Date.parse('2030-01-01T00:00:00Z');
    expect(await every5.queue(t.ctx.db, new Date(start))).toBe(true);
    expect(await every5.queue(t.ctx.db, new Date(start + 4_999))).toBe(false);
    expect(await every5.queue(t.ctx.db, new Date(start + 5_000))).toBe(true);
    // Hourly: one run for the whole hour.
    const hourly = usageRollupSchedule(3600);
    const hour = start + 3 * 3600_000;
    expect(await hourly.queue(t.ctx.db, new Date(hour + 10_000))).toBe(true);
    expect(await hourly.queue(t.ctx.db, new Date(hour + 3_599_000))).toBe(false);
    expect(await hourly.queue(t.ctx.db, new Date(hour + 3_600_000))).toBe(true);
  });
});
