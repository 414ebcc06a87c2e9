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

describe('Meta linking', () => {
  const meta = {
    META_APP_ID: '1234567890123456',
    META_APP_SECRET: 'secret-of-the-app',
    META_ORGANIZATION_ID: '6543210987654321',
  };

  it('is on with all three of app id, secret and organization id, with Meta addresses by default', () => {
    expect(loadConfig(base).meta).toBeUndefined();
    expect(loadConfig({ ...base, ...meta }).meta).toEqual({
      appId: meta.META_APP_ID,
      appSecret: meta.META_APP_SECRET,
      organizationId: meta.META_ORGANIZATION_ID,
      graphUrl: 'https://graph.oculus.com',
      authUrl: 'https://auth.oculus.com/sso/',
      timeoutMs: 5000,
    });
  });

  it('refuses a partial setting with one line naming what is missing', () => {
    for (const missing of Object.keys(meta)) {
      const env = { ...base, ...meta, [missing]: '' };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        new RegExp(`^Invalid configuration: ${missing} must be set`),
      );
    }
    expect(() => loadConfig({ ...base, ...meta, META_ORGANIZATION_ID: 'org' })).toThrow(
      /META_ORGANIZATION_ID/,
    );
  });
});

describe('Stripe', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    STRIPE_PRODUCT_ID: 'prod_abc',
    STRIPE_PRICE_WEEKLY: 'price_w',
    STRIPE_PRICE_MONTHLY: 'price_m',
    STRIPE_PRICE_YEARLY: 'price_y',
  };

  it('is used with all seven settings; without any, the built-in simulator is', () => {
    expect(loadConfig(base).stripe).toBeUndefined();
    expect(loadConfig({ ...base, ...stripe }).stripe).toEqual({
      secretKey: 'sk_live_abc',
      publishableKey: 'pk_live_abc',
      webhookSecret: 'whsec_abc',
      productId: 'prod_abc',
      prices: { week: 'price_w', month: 'price_m', year: 'price_y' },
    });
  });

  it('refuses a partial setting, or a key of the wrong kind', () => {
    for (const missing of Object.keys(stripe)) {
      expect(() => loadConfig({ ...base, ...stripe, [missing]: '' })).toThrow(
        new RegExp(`^Invalid configuration: ${missing} must be set`),
      );
    }
    expect(() => loadConfig({ ...base, ...stripe, STRIPE_SECRET_KEY: 'pk_live_abc' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
  });
});

describe('outgoing call timeouts and the shutdown grace of jobs', () => {
  it('have defaults, and take milliseconds', () => {
    expect(loadConfig(base)).toMatchObject({
      outgoingTimeouts: { smtpMs: 10_000, stripeMs: 10_000, gcsMs: 30_000 },
      shutdownGraceMs: 20_000,
    });
    expect(
      loadConfig({
        ...base,
        SMTP_TIMEOUT_MS: '2500',
        STRIPE_TIMEOUT_MS: '4000',
        GCS_TIMEOUT_MS: '60000',
        SHUTDOWN_GRACE_MS: '0',
      }),
    ).toMatchObject({
      outgoingTimeouts: { smtpMs: 2500, stripeMs: 4000, gcsMs: 60_000 },
      shutdownGraceMs: 0,
    });
  });

  it('refuse anything else with one line naming the variable', () => {
    for (const name of [
      'SMTP_TIMEOUT_MS',
      'STRIPE_TIMEOUT_MS',
      'GCS_TIMEOUT_MS',
      'SHUTDOWN_GRACE_MS',
    ]) {
      for (const value of ['soon', '-1', '1.5', '99999999']) {
        expect(() => loadConfig({ ...base, [name]: value })).toThrow(
          new RegExp(`^Invalid configuration: ${name} `),
        );
      }
    }
  });
});
