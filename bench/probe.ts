/**
 * `npx tsx bench/probe.ts <database> <call>…`: CPU per request of chosen calls on a database a
 * bench run kept (`BENCH_KEEP_DB=1` prints its name), each beside `GET /api/Users/Me` in turns,
 * so one change can be measured on the same rows in minutes (docs/performance.md "What a value
 * costs"). A call is a path (`/api/Organizations/<team>/Users?Page=1&PageSize=50`) or
 * `METHOD path body`. The server is this tree's, signed in as the bench's super admin; node and
 * PostgreSQL CPU are read from /proc as `npm run bench:api` reads them (bench/lib/cpu.ts).
 * PROBE_SECONDS (default 4) is each turn's length, PROBE_ROUNDS (default 2) the measured turns
 * after one to warm up; BENCH_SERVER_ARGS adds node flags (`--cpu-prof --cpu-prof-dir=…`).
 *
 * The kept database names the files directory of the run that made it; the probe's server has
 * one of its own, so the probe forgets that name first (the copy is scratch, its files unused).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { TOKEN_SCOPE } from '../packages/shared/src/index.ts';
import { meterServer, withCpu } from './lib/cpu.ts';
import { EMAIL, PASSWORD } from './lib/load.ts';
import { passwordTokens, startServer, stop } from './lib/server.ts';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [dbName, ...calls] = process.argv.slice(2);
if (!dbName || calls.length === 0) {
  console.error('usage: npx tsx bench/probe.ts <kept bench database> <call>…');
  process.exit(2);
}
const dbUrl = Object.assign(new URL(PG), { pathname: `/${dbName}` }).toString();
const SECONDS = Number(process.env.PROBE_SECONDS ?? 4);
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 2);

const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
await db.query(`delete from settings where key = 'storage.local.id'`);
const dir = mkdtempSync(join(tmpdir(), 'roomscale-probe-'));
const server = await startServer(join(dir, 'data'), {
  DATABASE_URL: dbUrl,
  JWT_SECRET: randomBytes(32).toString('hex'),
  PGAPPNAME: 'bench-probe',
});
try {
  meterServer(server.origin, server.child.pid!, 'bench-probe', db);
  const { access_token: token } = await passwordTokens<{ access_token: string }>(
    server.origin,
    EMAIL,
    PASSWORD,
    TOKEN_SCOPE,
  );
  for (let round = 0; round <= ROUNDS; round++) {
    for (const call of ['/api/Users/Me', ...calls]) {
      const [method = 'GET', path = call, body = ''] = call.includes(' ') ? call.split(' ', 3) : [];
      const url = `${server.origin}${path}`;
      const headers = {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      };
      const { result: r, cpu } = await withCpu(url, async () => {
        const result = await autocannon({
          url,
          connections: 20,
          duration: SECONDS,
          method: method as 'GET',
          headers,
          body: body || undefined,
        });
        return { result, requests: result.requests.total };
      });
      if (round === 0) continue;
      const bad = r.non2xx + r.errors;
      console.log(
        `${path.slice(0, 60).padEnd(60)} ${Math.round(r.requests.average).toString().padStart(6)} req/s p99 ${String(r.latency.p99).padStart(3)} ms  CPU node ${cpu!.node.toFixed(3)} + PostgreSQL ${cpu!.pg.toFixed(3)} = ${(cpu!.node + cpu!.pg).toFixed(3)} ms${bad ? `  ${bad} failed` : ''}`,
      );
    }
  }
} finally {
  await stop(server.child);
  await db.end();
}
