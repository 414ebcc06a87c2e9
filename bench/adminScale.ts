/**
 * `npm run bench:admin`: the super admin's lists at platform size against a small platform, on
 * the machine's PostgreSQL, in one run (docs/performance.md "Admin lists at platform size").
 *
 * Two databases, each with its own server: one with 200,000 users, 20,000 teams and 2,000,000
 * audit entries, one with 2,000 users, 200 teams and 20,000 entries (seeded by SQL; every user
 * in a team). Each list is measured on both in turns (`alternate`), 20 connections: the users'
 * and the teams' first page, each with name searches, the audit log's first page, a page half
 * way down the log read from its cursor, and the deepest page `Page` alone may ask for.
 * Goal: at 200,000 users at least 0.67× the throughput of 2,000, and p99 within 1.5×. Beside
 * each comparison: the CPU per request of each side (its server process and its database's
 * backends, from /proc), steadier than throughput on a machine other work loads.
 *
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server whose
 * scratch databases are created and dropped; BENCH_SECONDS (default 10) is each measurement's
 * length (a comparison takes eight of them).
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { auditPaging, limits } from '../packages/shared/src/index.ts';
import { alternate, benchUser, EMAIL, load, PASSWORD, ROUNDS, row, SECONDS } from './lib/load.ts';
import { startServer, stop, withDatabase } from './lib/server.ts';

const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL = '≥ 0.67× throughput, p99 ≤ 1.5×';

type Size = { users: number; teams: number; audit: number; label: string };
const SMALL: Size = { users: 2_000, teams: 200, audit: 20_000, label: '2,000 users' };
const BIG: Size = { users: 200_000, teams: 20_000, audit: 2_000_000, label: '200,000 users' };

const firstNames =
  `Ada Alan Ann Bea Carl Cleo Dora Emil Eva Fay Gus Hana Ida Ivo Jan June Kai Lea Lev
  Mia Nils Noa Ola Omar Pia Raj Rosa Sam Sara Tom Uma Vera Wen Xia Yara Yuki Zoe Ben Liv Max`.split(
    /\s+/,
  );
/** 100 family names: ten stems, ten endings. */
const lastNames = [
  'Berg',
  'Okaf',
  'Kowal',
  'Ross',
  'Nguy',
  'Garc',
  'Mull',
  'Tanak',
  'Silv',
  'Dub',
].flatMap((stem) =>
  ['or', 'en', 'ski', 'i', 'ez', 'ia', 'er', 'ova', 'ani', 'ard'].map((e) => stem + e),
);

/**
 * The platform of `size`, beside what the server made at its first start: users with names
 * from the lists above and unique addresses, teams (every third with a company name), each user
 * a member of one team, and audit entries a minute apart over the teams, about a user each.
 */
async function seed(db: pg.Client, size: Size) {
  const names = [firstNames.join(','), lastNames.join(',')];
  await db.query(
    `insert into users (email, first_name, last_name, activated)
     select 'user' || i || '.' || lower(f) || '@example.org', f, l, true
     from generate_series(1, $3::int) i,
       lateral (select (string_to_array($1, ','))[1 + i % 40] f,
         (string_to_array($2, ','))[1 + (i / 40) % 100] l) n`,
    [...names, size.users],
  );
  await db.query(
    `insert into organizations (name, company_name)
     select (string_to_array($1, ','))[1 + i % 100] || ' ' || (string_to_array($2, ','))[1 + (i / 100) % 40] || ' ' || i,
       case when i % 3 = 0 then 'Company ' || i end
     from generate_series(1, $3::int) i`,
    [lastNames.join(','), firstNames.join(','), size.teams],
  );
  await db.query(
    `insert into memberships (organization_id, user_id, role, license_type)
     select t.id, u.id, 'User', 'Trial'
     from (select id, row_number() over (order by id) - 1 n from users) u
     join (select id, row_number() over (order by id) - 1 n from organizations) t
       on t.n = u.n % $1`,
    [size.teams],
  );
  await db.query(
    `insert into audit_log (at, action, organization_id, organization_name, actor_name,
       target_user_id, target_name, before, after)
     select now() - (i || ' minutes')::interval, 'membership.edit', t.id, t.name, 'Bench Admin',
       u.id, u.first_name || ' ' || u.last_name, '{"role":"User"}', '{"role":"Admin"}'
     from generate_series(1, $1::int) i
     join (select id, name, row_number() over (order by id) - 1 n from organizations) t
       on t.n = i % $2
     join (select id, first_name, last_name, row_number() over (order by id) - 1 n from users) u
       on u.n = i % $3`,
    [size.audit, size.teams, size.users],
  );
  // As autovacuum leaves tables in steady state (trigram indexes' pending entries merged,
  // visibility map set) instead of whenever its next round happens to come in a measurement.
  await db.query('vacuum analyze');
}

/** The cursor (`nextCursor`) of the entry half way down the log, as the page before returns it. */
async function cursorHalfWay(db: pg.Client, size: Size) {
  const { rows } = await db.query(
    `select (extract(epoch from at) * 1000000)::bigint::text || '_' || id::text as cursor
     from audit_log order by at desc, id desc offset $1 limit 1`,
    [size.audit / 2 - 1],
  );
  return rows[0].cursor as string;
}

type Platform = {
  size: Size;
  origin: string;
  token: string;
  halfWay: string;
  /** Seconds of CPU the server process and its database's backends have used so far. */
  cpu(): Promise<number>;
  stop(): Promise<void>;
};

/** A process's user and system CPU in seconds (Linux /proc; 0 where there is none). */
function cpuSeconds(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function platform(admin: pg.Client, size: Size, dir: string): Promise<Platform> {
  const dbName = `roomscale_bench_admin_${size.users}_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(PG, dbName);
  const server = await startServer(join(dir, dbName), {
    DATABASE_URL: url,
    JWT_SECRET: 'bench-admin-lists-secret-0123456789abcdef',
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
  });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const started = Date.now();
    await seed(db, size);
    console.log(`  ${size.label}: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const { token } = await benchUser(server.origin, []);
    // Backends are counted from when they are first seen: the pool opens its connections on the
    // warm-up turn and keeps them, so the measured turns see all of them from their start.
    const backends = new Map<number, number>();
    const cpu = async () => {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      for (const { pid } of rows) if (!backends.has(pid)) backends.set(pid, cpuSeconds(pid));
      let used = cpuSeconds(server.child.pid!);
      for (const [pid, first] of backends) used += Math.max(0, cpuSeconds(pid) - first);
      return used;
    };
    return {
      size,
      origin: server.origin,
      token,
      halfWay: await cursorHalfWay(db, size),
      cpu,
      stop: async () => {
        await stop(server.child);
        await admin.query(`drop database if exists ${dbName} with (force)`);
      },
    };
  } finally {
    await db.end();
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  const dir = mkdtempSync(join(tmpdir(), 'roomscale-bench-admin-'));
  const started: Platform[] = [];
  try {
    console.log('Seeding a platform of 2,000 users and one of 200,000…');
    for (const size of [SMALL, BIG]) started.push(await platform(admin, size, dir));
    const [small, big] = started as [Platform, Platform];
    console.log(
      `\nEach figure: ${ROUNDS} turns of ${SECONDS} s of autocannon after one to warm up, on ${new Date().toISOString()}\n`,
    );
    const users = `/api/Admin/Users?PageSize=${limits.adminPageSizeUsers}`;
    const teams = `/api/Admin/Organizations?PageSize=${limits.adminPageSizeTeams}`;
    const audit = `/api/Admin/AuditLog?PageSize=${limits.auditPageSize}`;
    const deepest = auditPaging.offsetMax / limits.auditPageSize + 1;
    const lists: [string, (p: Platform) => string][] = [
      ['Admin users, page 1', () => `${users}&Page=1`],
      // A person by name (2 namesakes at 2,000 users, 100 at 200,000), by address (one), and a
      // family name 2 % of users carry (80 against 4,000 matches).
      ['Admin users, search "Hana Rossi"', () => `${users}&Page=1&Filter=Hana%20Rossi`],
      ['Admin users, search "user1234."', () => `${users}&Page=1&Filter=user1234.`],
      ['Admin users, search "Rossi"', () => `${users}&Page=1&Filter=Rossi`],
      ['Admin teams, page 1', () => `${teams}&Page=1`],
      // A name 1 % of teams carry (2 against 200 matches).
      ['Admin teams, search "Garcia"', () => `${teams}&Page=1&Filter=Garcia`],
      ['Audit log, page 1', () => `${audit}&Page=1`],
      [
        'Audit log, half way down from its cursor',
        (p) => `${audit}&Page=${p.size.audit / 2 / limits.auditPageSize + 1}&After=${p.halfWay}`,
      ],
      [`Audit log, page ${deepest} by number (the deepest)`, () => `${audit}&Page=${deepest}`],
    ];
    for (const [name, path] of lists) {
      // CPU per request of each turn (the server's and its backends', read from /proc): a
      // steadier figure than throughput on a machine other work loads.
      const perRequest = new Map<Platform, number[]>([
        [small, []],
        [big, []],
      ]);
      const at = async (p: Platform) => {
        const before = await p.cpu();
        const figure = await load(`${p.origin}${path(p)}`, p.token, 20);
        perRequest.get(p)!.push(((await p.cpu()) - before) / (figure.rps * SECONDS));
        return figure;
      };
      const [a, b] = await alternate(
        () => at(small),
        () => at(big),
      );
      // The first turn of each side warms it up, as in `alternate`.
      const [cpuA, cpuB] = [small, big].map((p) => {
        const turns = perRequest.get(p)!.slice(1);
        return (turns.reduce((sum, x) => sum + x, 0) / turns.length) * 1000;
      }) as [number, number];
      row(
        `${name}, 20 connections`,
        a,
        b,
        [SMALL.label, BIG.label],
        GOAL,
        b.rps >= 0.67 * a.rps && b.p99 <= 1.5 * Math.max(a.p99, 1) && a.errors + b.errors === 0,
      );
      console.log(
        `  CPU per request (server and its PostgreSQL backends): ${cpuA.toFixed(2)} ms and ${cpuB.toFixed(2)} ms, ${(cpuB / cpuA).toFixed(2)}×`,
      );
    }
  } finally {
    for (const p of started) await p.stop().catch(() => undefined);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
