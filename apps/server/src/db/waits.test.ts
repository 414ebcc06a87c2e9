import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { boundedPoolOptions } from './pool.ts';

const base = { DATA_DIR: '/tmp/roomscale-waits-test', JWT_SECRET: 'x'.repeat(32) };

describe('the database waits', () => {
  it('default to seconds, the client bound a second past the statement timeout', () => {
    expect(loadConfig(base).databaseWaits).toEqual({
      statementTimeoutMs: 5000,
      queryTimeoutMs: 6000,
      idleInTransactionTimeoutMs: 30_000,
      connectTimeoutMs: 5000,
      keepAliveDelayMs: 10_000,
      readyTimeoutMs: 2000,
      migrationLockTimeoutSeconds: 600,
    });
    expect(
      loadConfig({ ...base, DATABASE_STATEMENT_TIMEOUT_MS: '20000' }).databaseWaits.queryTimeoutMs,
    ).toBe(21_000);
  });

  it('refuse a bad value naming its variable', () => {
    for (const [name, value] of [
      ['DATABASE_STATEMENT_TIMEOUT_MS', 'soon'],
      ['DATABASE_QUERY_TIMEOUT_MS', '-1'],
      ['DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', '1.5'],
      ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
      ['DATABASE_KEEPALIVE_DELAY_MS', '10'],
      ['DATABASE_READY_TIMEOUT_MS', '999999'],
      ['MIGRATION_LOCK_TIMEOUT_SECONDS', '0'],
    ]) {
      expect(() => loadConfig({ ...base, [name!]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, [name!]: value })).toThrow(name);
    }
    expect(() =>
      loadConfig({
        ...base,
        DATABASE_STATEMENT_TIMEOUT_MS: '8000',
        DATABASE_QUERY_TIMEOUT_MS: '8000',
      }),
    ).toThrow(
      'Invalid configuration: DATABASE_QUERY_TIMEOUT_MS must be longer than DATABASE_STATEMENT_TIMEOUT_MS',
    );
  });

  it('reach every pool connection as pg options', () => {
    const waits = loadConfig({
      ...base,
      DATABASE_STATEMENT_TIMEOUT_MS: '1500',
      DATABASE_QUERY_TIMEOUT_MS: '2500',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '7000',
      DATABASE_CONNECT_TIMEOUT_MS: '3000',
      DATABASE_KEEPALIVE_DELAY_MS: '4000',
    }).databaseWaits;
    expect(boundedPoolOptions('postgres://db/x', waits)).toMatchObject({
      statement_timeout: 1500,
      query_timeout: 2500,
      idle_in_transaction_session_timeout: 7000,
      connectionTimeoutMillis: 3000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 4000,
    });
  });
});
