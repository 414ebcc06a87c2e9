import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileLimits, limits } from '@roomscale/shared';
import { adminApi, type CallInput } from '@roomscale/shared/contract';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';
import { cappedCountQuery } from '../../db/count.ts';
import { organizations, users } from '../../db/schema.ts';
import { likePattern } from '../../platform/http/paging.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { builtPlanSteps, namedRuns, type PlanNode, planSteps } from '../../test/plans.ts';
import { type Person, person } from '../../test/workspace.ts';
import { type AdminPageQuery, adminPageStatement, adminPageValues } from './pages.ts';
import { teamPageQuery, teamSearch, teamSearchPage } from './teams.ts';
import { userPageQuery, userSearch, userSearchPage } from './users.ts';

let t: TestApp;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Root', lastName: 'Admin' });
});
afterAll(() => t.close());

type ListQuery = CallInput<typeof adminApi.listUsers>['query'];
/** A page of the admin users or teams list, as the screens ask for it. */
const list = async (which: 'users' | 'teams', query: ListQuery) =>
  which === 'users'
    ? (await callEndpoint(t, adminApi.listUsers, { query, token: root.session })).body
    : (await callEndpoint(t, adminApi.listOrganizations, { query, token: root.session })).body;

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
    ['users_name_key_trgm', 'users_email_trgm'],
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
    for (const [which, Filter, total] of [
      ['users', '', all],
      ['users', 'ub', fileLimits.countWindow + 100],
      ['teams', 'tb', fileLimits.countWindow + 100],
    ] as const) {
      const first = await list(which, { Filter, Page: 1, PageSize: 25 });
      expect(first.entryCount, `${which} ${Filter}`).toBe(25 + fileLimits.countWindow + 1);
      // Further on, the count reaches the real end.
      const last = Math.ceil(total / 25);
      const end = await list(which, { Filter, Page: last, PageSize: 25 });
      expect(end.entryCount, `${which} ${Filter}`).toBe(total);
      expect(end.pageCount).toBe(last);
      // Past the last match no row carries the count: it is counted on its own.
      const past = await list(which, { Filter, Page: last + 2, PageSize: 25 });
      expect(past, `${which} ${Filter}`).toMatchObject({ results: [], entryCount: total });
    }
  });
});

type Keys = { nameKey: string | null; firstNameKey: string | null; lastNameKey: string | null };
const keysOf = async (id: string): Promise<Keys> => {
  const [row] = await t.ctx.db
    .select({
      nameKey: users.nameKey,
      firstNameKey: users.firstNameKey,
      lastNameKey: users.lastNameKey,
    })
    .from(users)
    .where(eq(users.id, id));
  return row!;
};
const keysFor = (first: string, last: string): Keys => ({
  nameKey: `${first} ${last}`.toLowerCase(),
  firstNameKey: first.toLowerCase(),
  lastNameKey: last.toLowerCase(),
});
/** The ids a search of the admin users list finds, first page of 100. */
const foundIds = async (Filter: string) =>
  idsOf((await list('users', { Filter, Page: 1, PageSize: 100 })).results);
/** A row as an instance of the previous version writes it: without the columns it does not know. */
async function insertAsPreviousVersion(tag: string, first: string, last: string) {
  const res = await t.ctx.db.execute(sql`insert into users (email, first_name, last_name)
    values (${`${tag}@example.org`}, ${first}, ${last}) returning id`);
  return (res as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

describe('the stored lower-case names a user search reads', () => {
  it('are set on a row a previous version inserts, and follow every change of the names', async () => {
    const id = await insertAsPreviousVersion('keys-old', 'Quirinus', 'VAN DER Hoek');
    expect(await keysOf(id)).toEqual(keysFor('Quirinus', 'VAN DER Hoek'));
    expect(await foundIds('quirinus van der h')).toEqual([id]);

    // A name changed by any writer (SCIM, sign-in provisioning, a profile, an edit by hand):
    // the row is found by its new name and no longer by the old one.
    await t.ctx.db.execute(sql`update users set last_name = 'Zwartkop' where id = ${id}::uuid`);
    expect(await keysOf(id)).toEqual(keysFor('Quirinus', 'Zwartkop'));
    expect(await foundIds('QUIRINUS ZWART')).toEqual([id]);
    expect(await foundIds('hoek')).toEqual([]);

    // The admin's edit, through the API.
    const edit = await callEndpoint(t, adminApi.editUser, {
      params: { userId: id },
      body: {
        firstName: 'Ottoline',
        lastName: 'Zwartkop',
        superAdmin: false,
        hasManualUserSubscription: false,
      },
      token: root.session,
    });
    expect(edit.status).toBe(200);
    expect(await keysOf(id)).toEqual(keysFor('Ottoline', 'Zwartkop'));
    expect(await foundIds('ottoline z')).toEqual([id]);
    expect(await foundIds('quirinus')).toEqual([]);

    // Keys written by hand are not believed: they are the names' again.
    await t.ctx.db.execute(
      sql`update users set name_key = 'x', first_name_key = 'x', last_name_key = null where id = ${id}::uuid`,
    );
    expect(await keysOf(id)).toEqual(keysFor('Ottoline', 'Zwartkop'));
  });

  it('are filled by the migration on the rows from before it, which runs again as a no-op', async () => {
    // Rows as they stood before migration 0025 (or before its trigger, added by hand).
    await t.ctx.db.execute(sql`alter table users disable trigger users_name_keys`);
    const before = await insertAsPreviousVersion('keys-before', 'Wilhelmina', 'Ährenfeld');
    await t.ctx.db.execute(sql`alter table users enable trigger users_name_keys`);
    expect(await keysOf(before)).toEqual({ nameKey: null, firstNameKey: null, lastNameKey: null });

    const migration = readFileSync(join(migrationsFolder(), '0025_users_name_keys.sql'), 'utf8');
    await t.ctx.db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint'))
        await tx.execute(sql.raw(statement));
    });
    const [lowered] = await t.ctx.db
      .execute(sql`select lower('Ährenfeld') as l`)
      .then((r) => (r as unknown as { rows: { l: string }[] }).rows);
    expect(await keysOf(before)).toEqual({
      nameKey: `wilhelmina ${lowered!.l}`,
      firstNameKey: 'wilhelmina',
      lastNameKey: lowered!.l,
    });
    expect(await foundIds('HELMINA')).toEqual([before]);
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

/**
 * A list's page without a search and its count (one named statement, pages.ts) walk the list's
 * name-order index and stop, sorting nothing, on the first page and a later one, in the plan for
 * the call's values and in the generic plan PostgreSQL keeps for the named statement.
 */
async function expectNamePageWalk(
  table: 'users' | 'organizations',
  query: AdminPageQuery,
  size: number,
  alsoHolds: (steps: PlanNode[], label: string) => void = () => {},
) {
  const kind = table === 'users' ? 'users' : 'teams';
  for (const page of [1, 40]) {
    const statement = adminPageStatement(t.ctx.db, kind, size, page, query);
    expect(statement.name).toBe(page === 1 ? `admin_${kind}_page_first` : `admin_${kind}_page`);
    for (const mode of ['custom', 'generic'] as const) {
      const steps = await builtPlanSteps(
        t.ctx.db,
        statement,
        adminPageValues(page, size, new Date()),
        mode,
      );
      const label = `page ${page}, ${mode} plan`;
      // Twice: the count's walk and the page's.
      expect(onTable(steps, table), label).toMatchObject({
        reads: [`${table}_name_order`, `${table}_name_order`],
        sorts: 0,
      });
      alsoHolds(steps, label);
    }
  }
}

/**
 * A page of teams reads each row's counts from its team's kept totals, once, by the team's key
 * (a count that reads none of them leaves the join out), and counts none of the team's members,
 * files or rooms.
 */
function expectTotalsByKey(steps: PlanNode[], label: string) {
  expect(onTable(steps, 'team_totals').reads, label).toEqual(['team_totals_pkey']);
  for (const counted of ['memberships', 'users', 'file_items', 'rooms'])
    expect(onTable(steps, counted).reads, `${label}: ${counted}`).toEqual([]);
}

// PGlite is the embedded default; the plans that must hold at 200,000 users are PostgreSQL's.
describe.skipIf(!process.env.TEST_PG_URL)('admin lists on PostgreSQL', () => {
  it('plan the users list’s first page once: it binds no value, so no run is planned again', async () => {
    const size = limits.adminPageSizeUsers;
    const statement = adminPageStatement(t.ctx.db, 'users', size, 1, userPageQuery);
    expect(statement.fill).toEqual([]);
    const runs = await namedRuns(
      t.databaseUrl!,
      statement,
      adminPageValues(1, size, new Date()),
      8,
    );
    expect(runs).toMatchObject({ custom: 0, generic: 8 });
    for (const answer of runs.answers) expect(answer).toEqual(runs.answers[0]);
  });

  it('read a page of users, searched or not, and its count from indexes', async () => {
    await seedUsers(60_000, 'uc');
    await expectNamePageWalk('users', userPageQuery, limits.adminPageSizeUsers);
    const trigrams = ['users_name_key_trgm', 'users_email_trgm'];
    for (const filter of ['smith jr', 'ann smith j', 'uc4242.', 'Rossi']) {
      const where = userSearch(filter)!;
      const page = await plan(userSearchPage(t.ctx.db, where, 0, 25));
      expectSearchPage(page, 'users', trigrams, filter);
      // The matches are checked and sorted on the stored lower-case names: no row is lowercased.
      const scan = page.find((n) => n['Node Type'] === 'Bitmap Heap Scan') as PlanNode & {
        'Recheck Cond': string;
      };
      expect(scan['Recheck Cond'], filter).toContain('name_key ~~');
      expect(scan['Recheck Cond'], filter).not.toMatch(/lower\(/);
      const sort = page.find((n) => n['Node Type'] === 'Sort') as PlanNode & {
        'Sort Key': string[];
      };
      expect(sort['Sort Key'].join(', '), filter).not.toMatch(/lower\(/);
      // The count of a page past the last match, which has no row to carry it. (A name one user
      // in eight carries, as "Rossi" here, is counted as fast by reading the table until the
      // cap: the planner may.)
      if (filter === 'Rossi') continue;
      const count = await plan(
        cappedCountQuery(t.ctx.db, users, where, 50 + fileLimits.countWindow),
      );
      expect(onTable(count, 'users').scans, filter).not.toContain('Seq Scan');
      expect(onTable(count, 'users').indexes, filter).toEqual(expect.arrayContaining(trigrams));
    }
  }, 120_000);

  it('read a page of teams, searched or not, and its count from indexes', async () => {
    await seedTeams(30_000, 'tc');
    await expectNamePageWalk(
      'organizations',
      teamPageQuery,
      limits.adminPageSizeTeams,
      expectTotalsByKey,
    );
    const trigrams = ['organizations_name_trgm', 'organizations_company_name_trgm'];
    for (const filter of ['rossi tc team 77', 'team 1234']) {
      const where = teamSearch(filter)!;
      const page = await plan(teamSearchPage(t.ctx.db, where, 0, 20, new Date()));
      expectSearchPage(page, 'organizations', trigrams, filter);
      // Each row's counts are its team's totals, read by key.
      expectTotalsByKey(page, filter);
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
