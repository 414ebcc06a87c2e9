import { type AuditPage, auditMessages, auditPaging } from '@roomscale/shared';
import { auditApi, type CallInput } from '@roomscale/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { type Answer, callEndpoint } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { builtPlanSteps } from '../../test/plans.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import { auditPageOf, auditStatement } from './service.ts';

let t: TestApp;
let root: Person;
let w: Awaited<ReturnType<typeof team>>;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true });
  w = await team(t, 'Paged team');
});
afterAll(() => t.close());

/**
 * `n` entries of the team, three to a time (ties the id orders) and times with microseconds
 * (which a JavaScript date would lose), one statement.
 */
async function seed(n: number, organizationId = w.id) {
  await t.ctx.db.transaction(async (tx) => {
    // A seed of 150,000 rows takes longer than a request may.
    if (process.env.TEST_PG_URL) await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into audit_log (at, action, organization_id, organization_name)
      select timestamptz '2026-01-01T00:00:00Z' + (i / 3) * interval '1.000001 second',
        'team.edit', ${organizationId}::uuid, 'Paged team'
      from generate_series(1, ${n}::int) i`);
    await tx.execute(sql`analyze audit_log`);
  });
}

/** The whole log, as a super admin reads it. */
const log = (query: CallInput<typeof auditApi.list>['query']) =>
  callEndpoint(t, auditApi.list, { query, token: root.session });
/** The team's log, as its admin reads it. */
const teamLog = (query: CallInput<typeof auditApi.team>['query']) =>
  callEndpoint(t, auditApi.team, {
    params: { organizationId: w.id },
    query,
    token: w.admin.session,
  });
const page = (res: Answer<typeof auditApi.list | typeof auditApi.team>): AuditPage => {
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
};

describe('audit log pages from a cursor', () => {
  it('reads the same pages from nextCursor as by page number, to an end without a cursor', async () => {
    await seed(130);
    const newestFirst = await t.ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.organizationId} = ${w.id}`)
      .orderBy(sql`${auditLog.at} desc, ${auditLog.id} desc`);
    expect(newestFirst).toHaveLength(130);

    const q = { PageSize: 20, OrganizationId: w.id };
    const byCursor: AuditPage[] = [page(await log({ Page: 1, ...q }))];
    while (byCursor.at(-1)!.nextCursor) {
      const { nextCursor, currentPage } = byCursor.at(-1)!;
      byCursor.push(
        page(await log({ Page: currentPage + 1, After: nextCursor ?? undefined, ...q })),
      );
    }
    expect(byCursor).toHaveLength(7);
    expect(byCursor.flatMap((p) => p.results.map((e) => e.id))).toEqual(
      newestFirst.map((r) => r.id),
    );
    for (const [i, fromCursor] of byCursor.entries()) {
      const byNumber = page(await log({ Page: i + 1, ...q }));
      // The same page, the same count and numbering, and the same cursor onwards.
      expect(fromCursor).toEqual(byNumber);
    }
    expect(byCursor.at(-1)).toMatchObject({ entryCount: 130, pageCount: 7, lastRowOnPage: 130 });

    // A team admin's log pages the same way.
    const second = page(
      await teamLog({ Page: 2, PageSize: 20, After: byCursor[0]!.nextCursor ?? undefined }),
    );
    expect(second.results).toEqual(byCursor[1]!.results);
  });

  it('refuses a cursor it did not write, and a page number past the offset bound', async () => {
    expectProblem(await log({ Page: 2, PageSize: 20, After: 'yesterday' }), 400, 'After');
    expectProblem(await log({ Page: 2, PageSize: 20, After: '1_2' }), 400, 'After');
    const deepest = auditPaging.offsetMax / 25 + 1;
    expect(page(await log({ Page: deepest, PageSize: 25 })).currentPage).toBe(deepest);
    const tooDeep = await log({ Page: deepest + 1, PageSize: 25 });
    expectProblem(tooDeep, 400, 'Page');
    expect(tooDeep.problem).toMatchObject({ errors: { Page: [auditMessages.tooDeep] } });
    // From a cursor, a page is as deep as the cursor says.
    const cursor = `${Date.parse('2026-01-01') * 1000}_${crypto.randomUUID()}`;
    expect(page(await log({ Page: deepest + 1, PageSize: 25, After: cursor })).currentPage).toBe(
      deepest + 1,
    );
  });
});

// PGlite is the embedded default; the plans that must hold at millions of entries are PostgreSQL's.
describe.skipIf(!process.env.TEST_PG_URL)('audit log pages on PostgreSQL', () => {
  it('read the first page and a deep page from a cursor along an index, sorting nothing', async () => {
    const other = await team(t, 'Other team');
    await seed(150_000);
    await seed(50_000, other.id);
    const deep = (
      (await t.ctx.db.execute(sql`
        select (extract(epoch from at) * 1000000)::bigint::text || '_' || id::text as cursor
        from audit_log order by at desc, id desc offset 120000 limit 1`)) as unknown as {
        rows: { cursor: string }[];
      }
    ).rows[0]!;
    for (const [what, q, index] of [
      ['first page', {}, 'audit_log_at'],
      ['deep page', { After: deep.cursor }, 'audit_log_at'],
      ["a team's first page", { OrganizationId: w.id }, 'audit_log_org_at'],
      ["a team's deep page", { OrganizationId: w.id, After: deep.cursor }, 'audit_log_org_at'],
    ] as const) {
      const { kind, values } = auditPageOf({ Page: 1, PageSize: 25, ...q });
      const statement = auditStatement(t.ctx.db, kind, 25, values);
      // The screens' page size: a named statement, which PostgreSQL keeps generic.
      expect(statement.name, what).not.toBe('');
      const custom = await builtPlanSteps(t.ctx.db, statement, values, 'custom');
      const generic = await builtPlanSteps(t.ctx.db, statement, values, 'generic');
      // The page and the count, each in the plan for these values and in the generic plan.
      for (const steps of [custom, generic]) {
        expect(
          steps.filter((n) => n['Index Name'] === index),
          `${what}: ${JSON.stringify(steps)}`,
        ).toHaveLength(2);
      }
      for (const steps of [custom, generic]) {
        expect(
          steps.map((n) => n['Node Type']),
          what,
        ).not.toContain('Seq Scan');
        expect(
          steps.map((n) => n['Node Type']),
          what,
        ).not.toContain('Sort');
        // A deep page starts at the cursor in the index, not at the newest entry.
        if ('After' in q)
          for (const scan of steps.filter((n) => n['Index Name'] === index))
            expect(scan['Index Cond'], what).toMatch(/ROW\(at, id\) </);
      }
    }
  }, 120_000);
});
