import { fileLimits } from '@roomscale/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedCountQuery } from '../../db/count.ts';
import { organizations, users } from '../../db/schema.ts';
import { likePattern } from '../../platform/http/paging.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type PlanNode, planSteps } from '../../test/plans.ts';
import { type Person, person } from '../../test/workspace.ts';
import { teamPage, teamSearch, teamSearchPage } from './teams.ts';
import { adminCall, expectOk } from './testing.ts';
import { userPage, userSearch, userSearchPage } from './users.ts';

let t: TestApp;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Root', lastName: 'Admin' });
});
afterAll(() => t.close());

type Page = { results: { id: string }[]; entryCount: number; pageCount: number };
const list = async (path: string, query: string) => {
  const res = await adminCall(t, 'GET', `${path}?${query}`, root);
  expectOk(res);
  return res.json() as Page;
};

const firstNames = ['Ann', 'Bea', 'Carl', 'Dora', 'Emil', 'Fay', 'Gus', 'Hana', 'Ivo', 'June'];
const lastNames = ['Lee', 'Okafor', 'Smith', 'Nguyen', 'Garcia', 'Müller', 'Kowalski', 'Rossi'];

/**
 * Rows made in one statement, then settled as autovacuum leaves a table: the trigram indexes'
 * pending entries merged (PostgreSQL; they are what a planner weighs) and statistics taken.
 */
const onPostgres = Boolean(process.env.TEST_PG_URL);

async function seed(insert: SQL, table: string, ginIndexes: string[]) {
  await t.ctx.db.transaction(async (tx) => {
    if (onPostgres) await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(insert);
    if (onPostgres) {
      for (const index of ginIndexes)
        await tx.execute(sql`select gin_clean_pending_list(${index}::regclass)`);
    }
    await tx.execute(sql.raw(`analyze ${table}`));
  });
}

/** `n` users with names from the lists above (mixed case). */
async function seedUsers(n: number, tag: string) {
  await seed(
    sql`
    insert into users (email, first_name, last_name)
    select ${tag} || i || '.' || lower(f) || '@example.org',
      case when i % 7 = 0 then upper(f) else f end,
      l || case when i % 100 = 0 then ' Jr' else '' end
    from generate_series(1, ${n}::int) i,
      lateral (select (string_to_array(${firstNames.join(',')}, ','))[1 + i % ${firstNames.length}] f,
        (string_to_array(${lastNames.join(',')}, ','))[1 + (i / ${firstNames.length}) % ${lastNames.length}] l) names`,
    'users',
    ['users_full_name_trgm', 'users_email_trgm'],
  );
}

/** `n` teams, some with a company name. */
async function seedTeams(n: number, tag: string) {
  await seed(
    sql`
    insert into organizations (name, company_name)
    select (string_to_array(${lastNames.join(',')}, ','))[1 + i % ${lastNames.length}] || ' ' || ${tag} || ' team ' || i,
      case when i % 3 = 0 then 'Company ' || (string_to_array(${firstNames.join(',')}, ','))[1 + i % ${firstNames.length}] end
    from generate_series(1, ${n}::int) i`,
    'organizations',
    ['organizations_name_trgm', 'organizations_company_name_trgm'],
  );
}

const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('admin user and team searches', () => {
  it('find what the four-way search found: first, last, "first last" and the address', async () => {
    await seedUsers(400, 'ua');
    for (const filter of [
      'ann',
      'ANN ',
      'ann smi',
      'N SMITH',
      'smith jr',
      'ller',
      'ua12',
      '.fay@',
      '%',
      '_',
    ]) {
      const pattern = likePattern(filter.trim());
      const fourWay = await t.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(
          sql`${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern}
            or ${users.firstName} || ' ' || ${users.lastName} ilike ${pattern}
            or ${users.email} ilike ${pattern}`,
        )
        .orderBy(sql`lower(${users.firstName}), lower(${users.lastName}), ${users.id}`);
      const found = await userSearchPage(t.ctx.db, userSearch(filter)!, 0, 1000);
      expect(idsOf(found.map((r) => r.u)), filter).toEqual(idsOf(fourWay));
      // Each row carries the number of matches, counted where they were sorted.
      for (const r of found) expect(r.matches, filter).toBe(fourWay.length);
      if (!['%', '_'].includes(filter)) expect(fourWay.length, filter).toBeGreaterThan(0);
    }
  });

  it('count no further than a window past the page, then promise one more page', async () => {
    await seedUsers(fileLimits.countWindow + 100, 'ub');
    await seedTeams(fileLimits.countWindow + 100, 'tb');
    const all = await t.ctx.db.$count(users);
    for (const [path, filter, total] of [
      ['/api/Admin/Users', '', all],
      ['/api/Admin/Users', 'ub', fileLimits.countWindow + 100],
      ['/api/Admin/Organizations', 'tb', fileLimits.countWindow + 100],
    ] as const) {
      const first = await list(path, `Filter=${filter}&Page=1&PageSize=25`);
      expect(first.entryCount, `${path} ${filter}`).toBe(25 + fileLimits.countWindow + 1);
      // Further on, the count reaches the real end.
      const last = Math.ceil(total / 25);
      const end = await list(path, `Filter=${filter}&Page=${last}&PageSize=25`);
      expect(end.entryCount, `${path} ${filter}`).toBe(total);
      expect(end.pageCount).toBe(last);
      // Past the last match no row carries the count: it is counted on its own.
      const past = await list(path, `Filter=${filter}&Page=${last + 2}&PageSize=25`);
      expect(past, `${path} ${filter}`).toMatchObject({ results: [], entryCount: total });
    }
  });
});

const plan = (query: SQLWrapper) => planSteps(t.ctx.db, query);

/** What a plan does to the list's own table, and whether it sorts, in words for a failure. */
function onTable(steps: PlanNode[], table: string) {
  const ofTable = steps.filter((n) => n['Relation Name'] === table);
  return {
    scans: ofTable.map((n) => n['Node Type']),
    /** Each scan of the table, by the index it reads ('table' for none). */
    reads: ofTable.map((n) => n['Index Name'] ?? 'table'),
    indexes: steps.map((n) => n['Index Name']).filter(Boolean),
    sorts: steps.filter((n) => n['Node Type'] === 'Sort').length,
    windows: steps.filter((n) => n['Node Type'] === 'WindowAgg').length,
  };
}

/**
 * A search's page: its matches read once, from the trigram indexes, and sorted with their count
 * (one sort, one window), then the page's rows read whole by their primary key.
 */
function expectSearchPage(
  steps: PlanNode[],
  table: string,
  trigramIndexes: string[],
  label: string,
) {
  const seen = onTable(steps, table);
  expect(seen.scans, label).toEqual(['Bitmap Heap Scan', 'Index Scan']);
  expect(seen.reads, label).toEqual(['table', `${table}_pkey`]);
  for (const index of trigramIndexes)
    expect(
      seen.indexes.filter((name) => name === index),
      label,
    ).toEqual([index]);
  expect(seen.indexes, label).not.toContain(`${table}_name_order`);
  expect(seen, label).toMatchObject({ sorts: 1, windows: 1 });
}

// PGlite is the embedded default; the plans that must hold at 200,000 users are PostgreSQL's.
describe.skipIf(!process.env.TEST_PG_URL)('admin lists on PostgreSQL', () => {
  it('read a page of users, searched or not, and its count from indexes', async () => {
    await seedUsers(60_000, 'uc');
    const now = await plan(userPage(t.ctx.db, 0, 25));
    expect(onTable(now, 'users')).toMatchObject({ scans: ['Index Scan'], sorts: 0 });
    expect(onTable(now, 'users').indexes).toContain('users_name_order');
    const count = await plan(
      cappedCountQuery(t.ctx.db, users, undefined, 25 + fileLimits.countWindow, [
        sql`lower(${users.firstName})`,
        sql`lower(${users.lastName})`,
        sql`${users.id}`,
      ]),
    );
    expect(onTable(count, 'users').scans).not.toContain('Seq Scan');
    const trigrams = ['users_full_name_trgm', 'users_email_trgm'];
    for (const filter of ['smith jr', 'ann smith j', 'uc4242.']) {
      const where = userSearch(filter)!;
      expectSearchPage(
        await plan(userSearchPage(t.ctx.db, where, 0, 25)),
        'users',
        trigrams,
        filter,
      );
      // The count of a page past the last match, which has no row to carry it.
      const count = await plan(
        cappedCountQuery(t.ctx.db, users, where, 50 + fileLimits.countWindow),
      );
      expect(onTable(count, 'users').scans, filter).not.toContain('Seq Scan');
      expect(onTable(count, 'users').indexes, filter).toEqual(expect.arrayContaining(trigrams));
    }
  }, 120_000);

  it('read a page of teams, searched or not, and its count from indexes', async () => {
    await seedTeams(30_000, 'tc');
    const now = await plan(teamPage(t.ctx.db, 0, 20, new Date()));
    expect(onTable(now, 'organizations')).toMatchObject({ scans: ['Index Scan'], sorts: 0 });
    expect(onTable(now, 'organizations').indexes).toContain('organizations_name_order');
    const trigrams = ['organizations_name_trgm', 'organizations_company_name_trgm'];
    for (const filter of ['rossi tc team 77', 'team 1234']) {
      const where = teamSearch(filter)!;
      const page = await plan(teamSearchPage(t.ctx.db, where, 0, 20, new Date()));
      expectSearchPage(page, 'organizations', trigrams, filter);
      // Each row's license count finds its members' headset-store subscriptions in their index.
      expect(onTable(page, 'users').reads, filter).toEqual(['users_meta_subscription']);
      const count = await plan(
        cappedCountQuery(t.ctx.db, organizations, where, 40 + fileLimits.countWindow),
      );
      expect(onTable(count, 'organizations').scans, filter).not.toContain('Seq Scan');
      expect(onTable(count, 'organizations').indexes, filter).toEqual(
        expect.arrayContaining(trigrams),
      );
    }
  }, 120_000);

  it("gather a name search's matches from the trigram indexes, however they sit in name order", async () => {
    // 30,000 teams in a hundred names of 1 % each: one name's teams sit together in name order,
    // where a walk of that order would read every team before them.
    await seed(
      sql`insert into organizations (name)
        select 'Name' || lpad((i % 100)::text, 3, '0') || ' ' || i
        from generate_series(1, 30000) i`,
      'organizations',
      ['organizations_name_trgm', 'organizations_company_name_trgm'],
    );
    for (const filter of ['name042', 'name097']) {
      const steps = await plan(teamSearchPage(t.ctx.db, teamSearch(filter)!, 0, 20, new Date()));
      const seen = onTable(steps, 'organizations');
      expect(seen.reads, filter).toEqual(['table', 'organizations_pkey']);
      expect(seen.scans, filter).toEqual(['Bitmap Heap Scan', 'Index Scan']);
      expect(seen.indexes, filter).not.toContain('organizations_name_order');
      expect(seen.indexes, filter).toContain('organizations_name_trgm');
    }
  }, 120_000);
});
