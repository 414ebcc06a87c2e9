import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPgTemplate } from '../../test/migratedDatabase.ts';
import { freshPgDatabase } from '../../test/pgDatabase.ts';
import { freePort, startServer, stopProcess, waitReady } from '../../test/process.ts';
import { RETENTION_SWEEP } from './job.ts';

/**
 * Two real server processes (`main.ts`) on one PostgreSQL database: both queue the hour's
 * retention sweep at start, one job exists, one of them runs it, and what was past retention
 * before they started is gone.
 */
describe.skipIf(!process.env.TEST_PG_URL)('retention sweep in the running service', () => {
  let database: Awaited<ReturnType<typeof freshPgDatabase>>;
  let client: pg.Client;
  let dataDir: string;
  const servers: ReturnType<typeof startServer>[] = [];

  beforeAll(async () => {
    database = await freshPgDatabase(process.env.TEST_PG_URL!, { template: migratedPgTemplate() });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    dataDir = await mkdtemp(join(tmpdir(), 'roomscale-retention-'));
  });
  afterAll(async () => {
    for (const s of servers) await stopProcess(s, 'SIGTERM');
    await client?.end();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the hour sweep once for both instances and deletes what is past retention', async () => {
    await client.query(`insert into saml_assertions (provider_id, assertion_id, expires_at)
      values ('p', 'expired', now() - interval '1 minute'), ('p', 'live', now() + interval '1 hour')`);
    await client.query(`insert into billing_events (id, type, received_at)
      values ('evt_old', 'invoice.paid', now() - interval '31 days')`);
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
    };
    const ports = [await freePort(), await freePort()];
    for (const port of ports) servers.push(startServer({ ...env, PORT: String(port) }));
    await Promise.all(ports.map((port, i) => waitReady(port, servers[i]!.exited)));

    // Wait for the sweep's outcome (the runner polls every 2 s), at most a minute.
    let jobs: { status: string; period: string }[] = [];
    for (let i = 0; i < 600; i++) {
      jobs = (
        await client.query(
          `select status, payload->>'period' as period from jobs where kind = $1`,
          [RETENTION_SWEEP],
        )
      ).rows;
      if (jobs.length > 0 && jobs.every((j) => j.status === 'succeeded')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((j) => j.status === 'succeeded')).toBe(true);
    // One job per hour, however many instances queued it (two if the test straddles an hour).
    const periods = jobs.map((j) => j.period);
    expect(new Set(periods).size).toBe(periods.length);
    const assertions = await client.query('select assertion_id from saml_assertions');
    expect(assertions.rows.map((r) => r.assertion_id)).toEqual(['live']);
    expect((await client.query('select id from billing_events')).rows).toEqual([]);
  }, 120_000);
});
