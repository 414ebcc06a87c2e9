import { fileLimits } from '@roomscale/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedCountQuery } from '../../db/count.ts';
import { fileItems } from '../../db/schema.ts';
import { createTeam, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { planSteps } from '../../test/plans.ts';
import { listFiles, listFilter, listOrder, listPage } from './service.ts';
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

const folderPage = (page = 1) => ({
  pagination: { page, pageSize: fileLimits.pageSize },
  parentFileId: null,
  hierarchical: true,
  includedFileTypes: [],
  excludedFileTypes: [],
  scopes: ['Organization' as const],
  sources: [],
  sortBy: 'NameAscending' as const,
});
const recentPage = () => ({
  ...folderPage(),
  hierarchical: false,
  excludedFileTypes: ['Folder' as const],
  scopes: ['Organization' as const, 'User' as const],
  sortBy: 'CreatedDescending' as const,
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

  // PGlite is the embedded default; the plans that must hold at 100,000 files are PostgreSQL's.
  it.skipIf(!process.env.TEST_PG_URL)(
    'a folder page, the recent files and their counts read an index, never the whole table',
    async () => {
      await seed(20_000, 4);
      for (const query of [folderPage(), recentPage()]) {
        const where = await listFilter(t.ctx.db, space(), query);
        const page = await plan(listPage(t.ctx.db, where, query));
        const count = await plan(
          cappedCountQuery(t.ctx.db, fileItems, where, fileLimits.countWindow, listOrder(query)),
        );
        for (const steps of [page, count]) {
          const onFiles = steps.filter((n) => n['Relation Name'] === 'file_items');
          expect(onFiles.map((n) => n['Node Type'])).not.toContain('Seq Scan');
        }
        expect(page.map((n) => n['Node Type'])).not.toContain('Sort');
        expect(page.map((n) => n['Index Name'])).toContain(
          query.hierarchical ? 'file_items_root_name' : 'file_items_created',
        );
      }
    },
  );
});
