import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/roomscale-config-test' };

describe('AUDIT_RETENTION_DAYS', () => {
  it('keeps the audit log whole unless set to a number of days', () => {
    expect(loadConfig(base).auditRetentionDays).toBeUndefined();
    expect(loadConfig({ ...base, AUDIT_RETENTION_DAYS: '' }).auditRetentionDays).toBeUndefined();
    expect(loadConfig({ ...base, AUDIT_RETENTION_DAYS: '365' }).auditRetentionDays).toBe(365);
  });

  it('refuses anything else with one line naming it', () => {
    for (const value of ['0', '-7', '1.5', 'forever', '36501']) {
      const load = () => loadConfig({ ...base, AUDIT_RETENTION_DAYS: value });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/AUDIT_RETENTION_DAYS/);
    }
  });
});
