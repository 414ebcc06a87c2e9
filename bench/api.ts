/**
 * `npm run bench:api`: the API's cost against its references, on the machine's PostgreSQL, in
 * one run (the figures of docs/performance.md):
 *
 * - `GET /api/Users/Me` at 50 connections against a bare Fastify route doing an HS256 check
 *   with jose and one prepared query (reference.ts). Goal: at least 60 % of its requests per
 *   second. The same route with the product's own token check is measured beside it.
 * - The root of the team files with 100 and with 20,000 folders (20 connections). Goal: the big
 *   team keeps at least 0.67 of the small team's throughput, p99 within 1.5×.
 * - The dashboard's recent files in a team of 200 and of 100,000 items. Goal: p99 within 1.5×.
 * - The meetings list of a team admin in a team of 20 and of 100,000 meetings, then of a member
 *   in 20 meetings and of one in 3,000 of 100,000 meetings. Goal: the same.
 *
 * Each comparison measures its two sides in turns after a warm-up round (`alternate`).
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server whose
 * scratch database is created and dropped; BENCH_SECONDS (default 10) is each measurement's
 * length (a comparison takes eight of them). BENCH_ONLY=me measures the first comparison alone.
 * - `GET /api/Users/Me` on a second instance with Prometheus metrics on (METRICS_PORT) beside the
 *   first, with them off (docs/deployment.md "Monitoring"). Goal: at least 0.95× its throughput.
 *   BENCH_ONLY=metrics measures this comparison alone.
 * - Every list call of issue 27 beside `GET /api/Users/Me` in the same turns, each group with Me
 *   measured again: a member's meetings page (10 upcoming of the 12 they are invited to) and the
 *   files root page (18 of 30 folders); an admin's meetings page and the dashboard's meetings
 *   panel (5 upcoming) (bench/lib/lists.ts); a folder's pages of 18 and 100, recent files and the
 *   notes made in VR (bench/lib/fileLists.ts); the team users page (50 of 61 members), the Rooms
 *   screen's first page (24 of 36), the team audit log page (25) and, as super admin, the admin
 *   users (25) and teams (20) pages, each as its screen calls it (bench/lib/screenLists.ts); the
 *   guest calls that list, the Public templates' first page (25) and the guest's files root
 *   (18 of 40), with a guest token, on a second instance behind a proxy (TRUST_PROXY=1) with
 *   each request from an address of its own, as guest calls are limited per address
 *   (bench/lib/guestLists.ts). Each page's size is printed. Goal: each at least 0.33× Me's
 *   throughput, p99 within 3×. BENCH_ONLY=lists measures these alone.
 * - `PUT /api/Users/Me/Seat` from 200 headsets with usage facts recorded beside an instance with
 *   USAGE_FACTS=false (issue 29, bench/lib/seat.ts). Goal: ≥ 0.90× its throughput, ≤ 1.10× its
 *   server CPU per request. BENCH_ONLY=seat measures this comparison alone.
 * - BENCH_ONLY=insight: the usage insight calls (team usage, devices, team users with 'Last in
 *   VR' and its filter) of a team of 2,000 users with a year of daily totals beside one of 20
 *   (bench/lib/insight.ts). Goal: ≥ 0.67× throughput, p99 ≤ 1.5×.
 */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { meterServer } from './lib/cpu.ts';
import { fileListFigures } from './lib/fileLists.ts';
import { guestListFigures } from './lib/guestLists.ts';
import { insightFigures } from './lib/insight.ts';
import {
  besideMe,
  meetingListFigures,
  meetingsPagePath,
  pageKb,
  seedListTeam,
} from './lib/lists.ts';
import {
  alternate,
  benchUser,
  EMAIL,
  filesList,
  filesRootBody,
  json,
  load,
  PASSWORD,
  ROUNDS,
  recentFilesBody,
  row,
  SECONDS,
} from './lib/load.ts';
import { screenListFigures } from './lib/screenLists.ts';
import { seatFigure } from './lib/seat.ts';
import { seedFiles } from './lib/seed.ts';
import { freePort, root, startServer, stop, withDatabase } from './lib/server.ts';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** BENCH_ONLY=me: only `GET /api/Users/Me` against its reference (no seeding, a minute). */
const ONLY_ME = process.env.BENCH_ONLY === 'me';
/** BENCH_ONLY=metrics: only `GET /api/Users/Me` with metrics on against off (no seeding). */
const ONLY_METRICS = process.env.BENCH_ONLY === 'metrics';
/** BENCH_ONLY=lists: only the dashboard's list pages beside `GET /api/Users/Me`. */
const ONLY_LISTS = process.env.BENCH_ONLY === 'lists';
/**
 * BENCH_LISTS: which groups of list figures to measure, comma-separated: meetings (with the
 * files root beside them), files, screens (team users, rooms, audit log, admin lists), guests.
 * All by default.
 */
const LIST_GROUPS = (process.env.BENCH_LISTS ?? 'meetings,files,screens,guests').split(',');
/** BENCH_ONLY=seat: only `PUT /api/Users/Me/Seat` with usage facts on against off (no seeding). */
const ONLY_SEAT = process.env.BENCH_ONLY === 'seat';
/** BENCH_ONLY=insight: only the usage insight calls, 2,000 users beside 20 (bench/lib/insight.ts). */
const ONLY_INSIGHT = process.env.BENCH_ONLY === 'insight';

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

/**
 * `GET /api/Users/Me` on a second instance of the same database and files with Prometheus
 * metrics on (METRICS_PORT), beside the first with them off, in turns. A scrape at the end
 * checks that the requests were counted.
 */
async function metricsFigure(
  offOrigin: string,
  token: string,
  dataDir: string,
  env: Record<string, string>,
) {
  const metricsPort = await freePort();
  const on = await startServer(dataDir, { ...env, METRICS_PORT: String(metricsPort) });
  try {
    const [off, withMetrics] = await alternate(
      () => load(`${offOrigin}/api/Users/Me`, token, 50),
      () => load(`${on.origin}/api/Users/Me`, token, 50),
    );
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
    if (!/route="\/api\/Users\/Me",method="GET",status_class="2xx"\} [1-9]/.test(scraped)) {
      throw new Error('metrics on: the requests were not counted');
    }
    row(
      'GET /api/Users/Me with metrics on, 50 connections',
      off,
      withMetrics,
      ['metrics off', 'metrics on'],
      '≥ 0.95× throughput',
      withMetrics.rps >= 0.95 * off.rps,
    );
  } finally {
    await stop(on.child);
  }
}

/**
 * The dashboard's list pages beside `GET /api/Users/Me`, all three in the same turns (issue 27):
 * a list page should cost at most three times the cheapest authenticated call.
 */
async function listFigures(
  origin: string,
  token: string,
  userId: string,
  db: pg.Client,
  server: { dataDir: string; env: Record<string, string> },
) {
  // A team of its own, registered only now: the figures before measure Me with the bench
  // user's two teams, as they always have.
  const { id: team } = await json<{ id: string }>(origin, '/api/Organizations/Register', {
    method: 'PUT',
    token,
    body: JSON.stringify({ name: 'Dashboard team', companyName: 'Bench', industry: 'Technology' }),
  });
  await seedListTeam(db, team, userId, { folders: 30, upcoming: 12 });
  await db.query('vacuum analyze');
  const measures = (group: string) => LIST_GROUPS.includes(group);
  if (measures('meetings')) {
    const meetingsPage = `${origin}${meetingsPagePath(team)}`;
    const filesRoot = `${origin}/api/Organizations/${team}/File`;
    const sizes = [
      await pageKb(meetingsPage, { token }, 10),
      await pageKb(filesRoot, { token, method: 'POST', body: JSON.stringify(filesRootBody) }, 18),
    ];
    const [meFig, meetingsFig, filesFig] = await alternate(
      () => load(`${origin}/api/Users/Me`, token, 20),
      () => load(meetingsPage, token, 20),
      () => filesList(origin, token, team, filesRootBody),
    );
    besideMe(meFig, meetingsFig, "Member's meetings page", '10 upcoming of 12', sizes[0]!);
    besideMe(meFig, filesFig, 'Files root page', '18 of 30 folders', sizes[1]!);
    // The admin's meetings page and the dashboard's meetings panel: bench/lib/lists.ts.
    await meetingListFigures(origin, token, team, userId, db);
  }
  // The file lists (a folder's pages of 18 and 100, recent files, notes): bench/lib/fileLists.ts.
  if (measures('files')) await fileListFigures(origin, token, team, userId, db);
  // The team users, rooms, audit log and admin pages: bench/lib/screenLists.ts.
  if (measures('screens')) await screenListFigures(origin, token, userId, db);
  // The guest calls that list, on an instance behind a proxy: bench/lib/guestLists.ts.
  if (measures('guests')) await guestListFigures(token, db, server);
}

async function main() {
  const dbName = `roomscale_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = withDatabase(PG, dbName);
  const dir = mkdtempSync(join(tmpdir(), 'roomscale-bench-'));
  const secret = randomBytes(32).toString('hex');
  const dataDir = join(dir, 'data');
  const env = {
    DATABASE_URL: dbUrl,
    JWT_SECRET: secret,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
  };
  // Its connections name themselves, so its PostgreSQL backends' CPU can be read (bench/lib/cpu.ts).
  const server = await startServer(dataDir, { ...env, PGAPPNAME: 'bench-main' });
  // The reference (jose's token check) and one with the product's own check.
  const references = await Promise.all(
    (['jose', 'product'] as const).map(async (check) => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/reference.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          JWT_SECRET: secret,
          PORT: String(port),
          REFERENCE_CHECK: check,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      return { url: `http://127.0.0.1:${port}/me`, child };
    }),
  );
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    const { token, me, teams } = await benchUser(server.origin, ['Small team', 'Big team']);
    const [small, big] = teams as [string, string];
    await db.connect();
    meterServer(server.origin, server.child.pid!, 'bench-main', db);
    const other = (
      await db.query(
        `insert into users (email, first_name, last_name) values ('other@bench.local', 'Other', 'User') returning id`,
      )
    ).rows[0].id as string;
    if (!ONLY_ME && !ONLY_METRICS && !ONLY_LISTS && !ONLY_SEAT && !ONLY_INSIGHT) {
      console.log('Seeding 100,200 files and 100,020 meetings…');
      await seedFiles(db, small, me.id, 100, 100);
      await seedFiles(db, big, me.id, 20_000, 80_000);
      await seedMeetings(db, small, me.id, other, 20, 20);
      await seedMeetings(db, big, me.id, other, 100_000, 3_000);
    }
    // As autovacuum leaves tables in steady state (visibility map set: index-only scans read no
    // heap), instead of whenever its next round happens to come during a measurement.
    await db.query('vacuum analyze');
    for (const { url } of references) {
      for (let i = 0; i < 100; i++) {
        const up = await fetch(url).then(
          () => true,
          () => false,
        );
        if (up) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    console.log(
      `\nEach figure: ${ROUNDS} turns of ${SECONDS} s of autocannon after one to warm up, on ${new Date().toISOString()}\n`,
    );

    if (ONLY_METRICS) return await metricsFigure(server.origin, token, dataDir, env);
    if (ONLY_LISTS) return await listFigures(server.origin, token, me.id, db, { dataDir, env });
    if (ONLY_SEAT) return await seatFigure(dataDir, env, db, secret);
    if (ONLY_INSIGHT) return await insightFigures(server.origin, token, small, big, db);

    const [ref, own, meFig] = await alternate(
      () => load(references[0]!.url, token, 50),
      () => load(references[1]!.url, token, 50),
      () => load(`${server.origin}/api/Users/Me`, token, 50),
    );
    row(
      'GET /api/Users/Me, 50 connections',
      ref,
      meFig,
      ['reference (jose, 1 query)', 'Roomscale'],
      '≥ 60 % of the reference',
      meFig.rps >= 0.6 * ref.rps,
    );
    // Beside it, the same bare route with the product's own token check: what Roomscale costs
    // beyond checking a token and one query, whichever check is used.
    console.log(
      `  reference with the product's token check: ${own.rps.toFixed(0)} req/s p99 ${own.p99} ms; Roomscale ${(meFig.rps / own.rps).toFixed(2)}× of it`,
    );

    if (ONLY_ME) return;

    await metricsFigure(server.origin, token, dataDir, env);
    await seatFigure(dataDir, env, db, secret);
    await listFigures(server.origin, token, me.id, db, { dataDir, env });

    const files = (id: string, body: object) => filesList(server.origin, token, id, body);
    const [rs, rb] = await alternate(
      () => files(small, filesRootBody),
      () => files(big, filesRootBody),
    );
    row(
      'Team files root, 20 connections',
      rs,
      rb,
      ['100 folders', '20,000 folders'],
      '≥ 0.67× throughput, p99 ≤ 1.5×',
      rb.rps >= 0.67 * rs.rps && rb.p99 <= 1.5 * Math.max(rs.p99, 1),
    );

    const [ts, tb] = await alternate(
      () => files(small, recentFilesBody),
      () => files(big, recentFilesBody),
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
    for (const { child } of references) child.kill('SIGTERM');
    await stop(server.child);
    // BENCH_KEEP_DB=1 leaves the seeded database to read plans in afterwards (its name is printed).
    if (process.env.BENCH_KEEP_DB) console.log(`Database kept: ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
