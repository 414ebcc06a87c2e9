/**
 * `npx tsx bench/probe.ts <database> <call>…`: CPU per request of chosen calls on a database a
 * bench run kept (`BENCH_KEEP_DB=1` prints its name), each beside `GET /api/Users/Me` in the
 * bench's turns (`alternate`, `BENCH_SECONDS` each), so one change can be measured on the same
 * rows in minutes (docs/performance.md "What a value costs"). A call is a path
 * (`/api/Organizations/<team>/Users?Page=1&PageSize=50`) or `METHOD path body`. The server is
 * this tree's, signed in as the bench's super admin; node and PostgreSQL CPU are read from /proc
 * as `npm run bench:api` reads them (bench/lib/cpu.ts). BENCH_SERVER_ARGS adds node flags
 * (`--cpu-prof --cpu-prof-dir=…`).
 *
 * The kept database names the files directory of the run that made it; the probe's server has
 * one of its own, so the probe forgets that name first (the copy is scratch, its files unused).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TOKEN_SCOPE } from '../packages/shared/src/index.ts';
import { meterServer } from './lib/cpu.ts';
import { alternate, EMAIL, type Figure, load, PASSWORD } from './lib/load.ts';
import { passwordTokens, startServer, stop, withDatabase } from './lib/server.ts';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [dbName, ...calls] = process.argv.slice(2);
if (!dbName || calls.length === 0) {
  console.error('usage: npx tsx bench/probe.ts <kept bench database> <call>…');
  process.exit(2);
}
const dbUrl = withDatabase(PG, dbName);

/** `METHOD path body` (the body may hold spaces) or a path alone, for GET. */
function parsed(call: string) {
  const [method, path, ...body] = call.split(' ');
  return path === undefined
    ? { path: call, init: {} }
    : { path, init: { method, body: body.length > 0 ? body.join(' ') : undefined } };
}

const line = (label: string, f: Figure) =>
  `${label.slice(0, 60).padEnd(60)} ${Math.round(f.rps).toString().padStart(6)} req/s p99 ${String(f.p99).padStart(3)} ms  CPU node ${f.cpu!.node.toFixed(3)} + PostgreSQL ${f.cpu!.pg.toFixed(3)} = ${(f.cpu!.node + f.cpu!.pg).toFixed(3)} ms${f.errors ? `  ${f.errors} failed` : ''}`;

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
  const probed = calls.map(parsed);
  const [me, ...figures] = await alternate(
    () => load(`${server.origin}/api/Users/Me`, token, 20),
    ...probed.map(
      ({ path, init }) =>
        () =>
          load(`${server.origin}${path}`, token, 20, init),
    ),
  );
  console.log(line('/api/Users/Me', me!));
  for (const [i, f] of figures.entries()) console.log(line(probed[i]!.path, f));
} finally {
  await stop(server.child);
  await db.end();
}
