import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/roomscale-config-test' };

describe('TRUST_PROXY', () => {
  it('counts the proxies whose X-Forwarded-For entries are believed', () => {
    const hops = (value?: string) =>
      loadConfig(value === undefined ? base : { ...base, TRUST_PROXY: value }).trustProxyHops;
    expect(hops()).toBe(0);
    expect(hops('')).toBe(0);
    expect(hops('false')).toBe(0);
    expect(hops('0')).toBe(0);
    // `true` is one proxy, never "trust every hop" (which would believe the client's own entry).
    expect(hops('true')).toBe(1);
    expect(hops('2')).toBe(2);
  });

  it('refuses anything else with one line naming it', () => {
    for (const value of ['yes', '-1', '1.5', '10.0.0.0/8', '100']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });
});
