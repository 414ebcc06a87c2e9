/**
 * `npm run bench:api`: the API's cost against its references, on the machine's PostgreSQL, in
 * one run (the figures of docs/performance.md):
 *
 * - `GET /api/Users/Me` at 50 connections against a bare Fastify route doing the same JWT check
 *   and one prepared query (reference.ts). Goal: at least 60 % of its requests per second.
 * - The root of the team files with 100 and with 20,000 folders (20 connections). Goal: the big
 *   team keeps at least 0.67 of the small team's throughput, p99 within 1.5×.
 * - The dashboard's recent files in a team of 200 and of 100,000 items. Goal: p99 within 1.5×.
 * - The meetings list of a team admin in a team of 20 and of 100,000 meetings, then of a member
 *   in 20 meetings and of one in 3,000 of 100,000 meetings. Goal: the same.
 *
 * Each comparison measures its two sides in turns after a warm-up round (`alternate`).
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server whose
 * scratch database is created and dropped; BENCH_SECONDS (default 10) is each measurement's
 * length (a comparison takes eight of them).
 */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { TOKEN_SCOPE } from '../packages/shared/src/index.ts';
import { freePort, passwordTokens, root, startServer, stop } from './lib/server.ts';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EMAIL = 'bench@roomscale.local';
const PASSWORD = 'bench-password-1';

type Figure = { rps: number; p99: number; p50: number; errors: number };

async function load(url: string, token: string, connections: number, init: RequestInit = {}) {
  const r = await autocannon({
    url,
    connections,
    duration: SECONDS,
    method: (init.method ?? 'GET') as 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body as string | undefined,
  });
  const bad = r.errors + r.non2xx + r.timeouts;
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: bad } as Figure;
}

/** Rounds of a comparison: each side warmed up once, then measured in turns. */
const ROUNDS = 3;

/**
 * Two figures measured in turns, `ROUNDS` times each, after a round of each that counts for
 * nothing (the JIT compiles both servers' hot code on it). On a machine whose speed drifts (a
 * shared virtual machine), turns expose both sides to the same drift. Each side's figure is the
 * mean throughput and the median p99 of its rounds.
 */
async function alternate(a: () => Promise<Figure>, b: () => Promise<Figure>) {
  await a();
  await b();
  const runs: [Figure[], Figure[]] = [[], []];
  for (let i = 0; i < ROUNDS; i++) {
    runs[0].push(await a());
    runs[1].push(await b());
  }
  return runs.map(combined) as [Figure, Figure];
}

function combined(figures: Figure[]): Figure {
  const mean = (pick: (f: Figure) => number) =>
    figures.reduce((sum, f) => sum + pick(f), 0) / figures.length;
  const median = (pick: (f: Figure) => number) =>
    figures.map(pick).sort((x, y) => x - y)[Math.floor(figures.length / 2)] ?? 0;
  return {
    rps: mean((f) => f.rps),
    p99: median((f) => f.p99),
    p50: median((f) => f.p50),
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
  };
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function json<T>(origin: string, path: string, init: RequestInit & { token?: string }) {
  const res = await fetch(`${origin}${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(origin: string) {
  return (await passwordTokens(origin, EMAIL, PASSWORD, TOKEN_SCOPE)).access_token;
}

/** Folders at the root and images inside them, inserted in one statement each. */
async function seedFiles(
  db: pg.Client,
  team: string,
  user: string,
  folders: number,
  images: number,
) {
  await db.query(
    `insert into file_items (organization_id, owner_user_id, name, type, scope, created)
     select $1, $2, 'Folder ' || lpad(i::text, 6, '0'), 1, 1, now() - (i || ' minutes')::interval
     from generate_series(1, $3::int) i`,
    [team, user, folders],
  );
  await db.query(
    `insert into file_items (organization_id, owner_user_id, parent_id, name, type, scope,
       mime_type, content_length, created)
     select $1, $2, f.id, 'Image ' || i || '.png', 2, 1, 'image/png', 1000,
       now() - (i || ' seconds')::interval
     from generate_series(1, $3::int) i
     join (select id, row_number() over (order by name) - 1 as n from file_items
       where organization_id = $1 and type = 1) f on f.n = i % $4::int`,
    [team, user, images, folders],
  );
}

/** `mine` meetings created by the bench user among `total` of the team, half of them past. */
async function seedMeetings(
  db: pg.Client,
  team: string,
  user: string,
  other: string,
  total: number,
  mine: number,
) {
  await db.query(
    `insert into meetings (organization_id, code, name, start_date, end_date, created_by_user_id)
     select $1::uuid, md5($1::text || i::text), 'Meeting ' || i,
       now() + ((i - $3::int / 2) || ' hours')::interval,
       now() + ((i - $3::int / 2) || ' hours')::interval + interval '30 minutes',
       case when i % ($3::int / $4::int) = 0 then $2::uuid else $5::uuid end
     from generate_series(1, $3::int) i`,
    [team, user, total, mine, other],
  );
  await db.query(
    `insert into meeting_participants (meeting_id, user_id, email, participant_type)
     select m.id, m.created_by_user_id, u.email, 'Moderator'
     from meetings m join users u on u.id = m.created_by_user_id
     where m.organization_id = $1`,
    [team],
  );
}

function row(
  name: string,
  a: Figure,
  b: Figure,
  labels: [string, string],
  goal: string,
  ok: boolean,
) {
  const fmt = (f: Figure) =>
    `${f.rps.toFixed(0).padStart(6)} req/s p99 ${String(f.p99).padStart(5)} ms`;
  console.log(`${name}`);
  console.log(`  ${labels[0].padEnd(22)} ${fmt(a)}${a.errors ? ` (${a.errors} errors)` : ''}`);
  console.log(`  ${labels[1].padEnd(22)} ${fmt(b)}${b.errors ? ` (${b.errors} errors)` : ''}`);
  console.log(
    `  throughput ${(b.rps / a.rps).toFixed(2)}×, p99 ${(b.p99 / Math.max(a.p99, 1)).toFixed(2)}× — goal ${goal}: ${ok ? 'met' : 'NOT MET'}`,
  );
}

async function main() {
  const dbName = `roomscale_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = withDatabase(PG, dbName);
  const dir = mkdtempSync(join(tmpdir(), 'roomscale-bench-'));
  const secret = randomBytes(32).toString('hex');
  const server = await startServer(join(dir, 'data'), {
    DATABASE_URL: dbUrl,
    JWT_SECRET: secret,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
  });
  const refPort = await freePort();
  const reference = spawn(process.execPath, ['--import', 'tsx', 'bench/reference.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl, JWT_SECRET: secret, PORT: String(refPort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    const token = await signIn(server.origin);
    const me = await json<{ id: string }>(server.origin, '/api/Users/Me', { token });
    const team = async (name: string) =>
      (
        await json<{ id: string }>(server.origin, '/api/Organizations/Register', {
          method: 'PUT',
          token,
          body: JSON.stringify({ name, companyName: 'Bench', industry: 'Technology' }),
        })
      ).id;
    const small = await team('Small team');
    const big = await team('Big team');
    await db.connect();
    const other = (
      await db.query(
        `insert into users (email, first_name, last_name) values ('other@bench.local', 'Other', 'User') returning id`,
      )
    ).rows[0].id as string;
    console.log('Seeding 100,200 files and 100,020 meetings…');
    await seedFiles(db, small, me.id, 100, 100);
    await seedFiles(db, big, me.id, 20_000, 80_000);
    await seedMeetings(db, small, me.id, other, 20, 20);
    await seedMeetings(db, big, me.id, other, 100_000, 3_000);
    // As autovacuum leaves tables in steady state (visibility map set: index-only scans read no
    // heap), instead of whenever its next round happens to come during a measurement.
    await db.query('vacuum analyze');
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`http://127.0.0.1:${refPort}/me`).then(
        () => true,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `\nEach figure: ${ROUNDS} turns of ${SECONDS} s of autocannon after one to warm up, on ${new Date().toISOString()}\n`,
    );

    const [ref, meFig] = await alternate(
      () => load(`http://127.0.0.1:${refPort}/me`, token, 50),
      () => load(`${server.origin}/api/Users/Me`, token, 50),
    );
    row(
      'GET /api/Users/Me, 50 connections',
      ref,
      meFig,
      ['reference (1 query)', 'Roomscale'],
      '≥ 60 % of the reference',
      meFig.rps >= 0.6 * ref.rps,
    );

    const files = (id: string, body: object) =>
      load(`${server.origin}/api/Organizations/${id}/File`, token, 20, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    const rootBody = {
      parentFileId: null,
      hierarchical: true,
      sortBy: 'NameAscending',
      scopes: ['Organization'],
      pagination: { page: 1, pageSize: 18 },
    };
    const [rs, rb] = await alternate(
      () => files(small, rootBody),
      () => files(big, rootBody),
    );
    row(
      'Team files root, 20 connections',
      rs,
      rb,
      ['100 folders', '20,000 folders'],
      '≥ 0.67× throughput, p99 ≤ 1.5×',
      rb.rps >= 0.67 * rs.rps && rb.p99 <= 1.5 * Math.max(rs.p99, 1),
    );

    const recentBody = {
      parentFileId: null,
      hierarchical: false,
      excludedFileTypes: ['Folder'],
      scopes: ['Organization', 'User'],
      sortBy: 'CreatedDescending',
      pagination: { page: 1, pageSize: 6 },
    };
    const [ts, tb] = await alternate(
      () => files(small, recentBody),
      () => files(big, recentBody),
    );
    row(
      'Dashboard recent files, 20 connections',
      ts,
      tb,
      ['200 items', '100,000 items'],
      'p99 ≤ 1.5×',
      tb.p99 <= 1.5 * Math.max(ts.p99, 1),
    );

    const meetingsPath = (id: string) => `/api/Organizations/${id}/Meetings?Page=1&PageSize=10`;
    const meetings = (id: string) => load(`${server.origin}${meetingsPath(id)}`, token, 20);
    // The bench user registered both teams: first as their admin (who sees every meeting)…
    const [adminSmall, adminBig] = await alternate(
      () => meetings(small),
      () => meetings(big),
    );
    row(
      'Meetings list as team admin, 20 connections',
      adminSmall,
      adminBig,
      ['20 meetings', '100,000 meetings'],
      '≥ 0.67× throughput, p99 ≤ 1.5×',
      adminBig.rps >= 0.67 * adminSmall.rps && adminBig.p99 <= 1.5 * Math.max(adminSmall.p99, 1),
    );
    // …then as a plain member, who sees the meetings they created or take part in.
    await db.query(
      `update memberships set role = 'User' where user_id = $1 and organization_id in ($2, $3)`,
      [me.id, small, big],
    );
    const page = await json<{ results: { createdBy: string }[] }>(
      server.origin,
      meetingsPath(big),
      { token },
    );
    if (page.results.length === 0 || page.results.some((m) => m.createdBy !== me.id))
      throw new Error('the member page shows meetings the member does not take part in');
    const [ms, mb] = await alternate(
      () => meetings(small),
      () => meetings(big),
    );
    row(
      'Meetings list as member, 20 connections',
      ms,
      mb,
      ['in 20 of 20', 'in 3,000 of 100,000'],
      '≥ 0.67× throughput, p99 ≤ 1.5×',
      mb.rps >= 0.67 * ms.rps && mb.p99 <= 1.5 * Math.max(ms.p99, 1),
    );
  } finally {
    await db.end().catch(() => undefined);
    reference.kill('SIGTERM');
    await stop(server.child);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
