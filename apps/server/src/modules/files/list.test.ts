import { fileLimits } from '@roomscale/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeOf } from '../../db/probe.ts';
import { fileItems } from '../../db/schema.ts';
import { createTeam, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type PlanNode, planSteps } from '../../test/plans.ts';
import {
  type Built,
  isNamedShape,
  type ListQuery,
  listQuery,
  shapeOf,
  statementOf,
  valuesOf,
} from './list.ts';
import { listFiles } from './service.ts';
import { teamSpace } from './space.ts';

let t: TestApp;
let team: { id: string };
let user: { id: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  team = await createTeam(t, user.id);
});
afterAll(() => t.close());

const space = () =>
  teamSpace(
    { userId: user.id, email: user.email, superAdmin: false, sessionId: 's' } as never,
    {
      organizationId: team.id,
      role: 'Admin',
    } as never,
  );

/** `folders` folders at the root, each holding `perFolder` images; one statement each. */
async function seed(folders: number, perFolder: number) {
  await t.ctx.db.execute(sql`
    insert into file_items (organization_id, owner_user_id, name, type, scope, created)
    select ${team.id}::uuid, ${user.id}::uuid, 'Folder ' || lpad(i::text, 6, '0'), 1, 1,
      now() - (i || ' minutes')::interval
    from generate_series(1, ${folders}::int) i`);
  await t.ctx.db.execute(sql`
    insert into file_items (organization_id, owner_user_id, parent_id, name, type, scope, created)
    select f.organization_id, f.owner_user_id, f.id, 'Image ' || n || '.png', 2, 1,
      f.created + (n || ' seconds')::interval
    from file_items f cross join generate_series(1, ${perFolder}::int) n
    where f.organization_id = ${team.id}::uuid and f.type = 1`);
  await t.ctx.db.execute(sql`analyze file_items`);
}

const folderPage = (page = 1, parentFileId: string | null = null): ListQuery => ({
  pagination: { page, pageSize: fileLimits.pageSize },
  parentFileId,
  hierarchical: true,
  includedFileTypes: [],
  excludedFileTypes: [],
  scopes: ['Organization' as const],
  sources: [],
  sortBy: 'NameAscending' as const,
});
const recentPage = (): ListQuery => ({
  ...folderPage(),
  hierarchical: false,
  excludedFileTypes: ['Folder'],
  scopes: ['Organization', 'User'],
  sortBy: 'CreatedDescending',
});
/** The notes and pictures made in VR (source VR: the seeded images are). */
const notesPage = (): ListQuery => ({
  ...recentPage(),
  excludedFileTypes: [],
  includedFileTypes: ['Note', 'Image'],
  sources: ['VR'],
  pagination: { page: 1, pageSize: fileLimits.recentPageSize },
});

const plan = (query: SQLWrapper) => planSteps(t.ctx.db, query);

describe('file lists cost what their page costs', () => {
  it('counts no further than the window past the page, then promises one more page', async () => {
    await seed(fileLimits.countWindow + 100, 0);
    const first = await listFiles(t.ctx, space(), folderPage(1));
    expect(first.entryCount).toBe(fileLimits.countWindow + 1);
    expect(first.results.map((f) => f.name)).toEqual(
      Array.from(
        { length: fileLimits.pageSize },
        (_, i) => `Folder ${String(i + 1).padStart(6, '0')}`,
      ),
    );
    // Further on, the count reaches the real end.
    const last = Math.ceil((fileLimits.countWindow + 100) / fileLimits.pageSize);
    const end = await listFiles(t.ctx, space(), folderPage(last));
    expect(end.entryCount).toBe(fileLimits.countWindow + 100);
    expect(end.pageCount).toBe(last);
  });

  it("reads a folder's page, its count and the folder's check in one statement", async () => {
    const [folder] = await t.ctx.db
      .select({ id: fileItems.id })
      .from(fileItems)
      .where(sql`${fileItems.name} = 'Folder 000001'`);
    await t.ctx.db.execute(sql`
      insert into file_items (organization_id, owner_user_id, parent_id, name, type, scope, created)
      select ${team.id}::uuid, ${user.id}::uuid, ${folder!.id}::uuid, 'Image ' || n || '.png', 2, 1,
        now() from generate_series(1, 3) n`);
    const probe = probeOf(t.ctx.db)!;
    let statements = 0;
    probe.onQuery = () => statements++;
    try {
      const page = await listFiles(t.ctx, space(), folderPage(1, folder!.id));
      expect(page.results.map((f) => [f.name, f.parentFileName])).toEqual(
        [1, 2, 3].map((n) => [`Image ${n}.png`, 'Folder 000001']),
      );
      expect(page.entryCount).toBe(3);
    } finally {
      probe.onQuery = null;
    }
    // The count carries the folder's check, and the page's rows come beside it.
    expect(statements).toBe(1);
    const image = await listFiles(t.ctx, space(), folderPage(1, folder!.id));
    await expect(
      listFiles(t.ctx, space(), folderPage(1, image.results[0]!.fileId)),
    ).rejects.toMatchObject({ status: 404 });
  });

  // PGlite is the embedded default; the plans that must hold at 100,000 files are PostgreSQL's.
  describe.skipIf(!process.env.TEST_PG_URL)('at 100,000 files', () => {
    let screens: [string, ListQuery, string][];
    beforeAll(async () => {
      await seed(20_000, 4);
      const [folder] = await t.ctx.db
        .select({ id: fileItems.id })
        .from(fileItems)
        .where(sql`${fileItems.name} = 'Folder 000001'`);
      screens = [
        ['the root', folderPage(), 'file_items_root_name'],
        ['a folder', folderPage(1, folder!.id), 'file_items_folder_name'],
        ['the newest files', recentPage(), 'file_items_created'],
        ['the notes', notesPage(), 'file_items_created'],
      ];
    }, 120_000);

    /**
     * No step reads the whole table; the count and the page each walk `index` in the list's
     * order (twice in the plan), with no sort.
     */
    function walksIndex(steps: PlanNode[], index: string) {
      const onFiles = steps.filter((n) => n['Relation Name'] === 'file_items');
      expect(onFiles.map((n) => n['Node Type'])).not.toContain('Seq Scan');
      expect(steps.map((n) => n['Node Type'])).not.toContain('Sort');
      expect(steps.filter((n) => n['Index Name'] === index).length).toBeGreaterThanOrEqual(2);
    }

    it('a page and its count, planned for their values, read an index, never the whole table', async () => {
      for (const [, query, index] of screens) {
        const shape = shapeOf(space(), query);
        const v = valuesOf(space(), query);
        walksIndex(await plan(listQuery(t.ctx.db, shape, v)), index);
      }
    });

    it("the screens' named statements keep walking the same index in their generic plans", async () => {
      for (const [name, query, index] of screens) {
        const shape = shapeOf(space(), query);
        expect(isNamedShape(shape), name).toBe(true);
        const statement = statementOf(t.ctx.db, shape);
        expect(statement.name, name).not.toBe('');
        const generic = await genericPlan(statement, valuesOf(space(), query));
        // A generic plan compares with the parameters, not with this call's values.
        expect(generic.map((n) => n['Index Cond'] ?? '').join(' ')).toMatch(/\$\d/);
        walksIndex(generic, index);
      }
    });
  });
});

/**
 * The plan PostgreSQL keeps for a named statement once it settles on a generic one (forced here):
 * the statement's own text, prepared in one session and explained with the call's values.
 */
async function genericPlan(statement: Built, v: ReturnType<typeof valuesOf>): Promise<PlanNode[]> {
  const values = statement.fill.map((f) => ('key' in f ? v[f.key] : f.value));
  return t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare generic_plan as ${statement.text}`));
    // EXECUTE takes its values as literals (a bound parameter is refused there).
    const literals = values.map((x) =>
      typeof x === 'number' ? String(x) : `'${String(x).replaceAll("'", "''")}'`,
    );
    const res = await tx.execute(
      sql.raw(`explain (format json) execute generic_plan(${literals.join(', ')})`),
    );
    await tx.execute(sql`deallocate generic_plan`);
    const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
    const json = Object.values(rows[0]!)[0];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
    return stepsOf(parsed[0]!.Plan);
  });
}
const stepsOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(stepsOf)];
