import {
  guestLimits,
  type RoomSharingType,
  type RoomTemplateFilter,
  roomLimits,
} from '@roomscale/shared';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeOf } from '../../db/probe.ts';
import { roomData, rooms, roomTemplateOrganizations } from '../../db/schema.ts';
import type { Caller, TeamContext } from '../../platform/http/access.ts';
import { createTeam, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { builtPlanSteps, namedRuns, type PlanNode, planSteps } from '../../test/plans.ts';
import { listPublicTemplates } from '../guests/service.ts';
import { ensureDefaultRoomTemplates } from '../roomTemplates/defaults.ts';
import {
  listQuery,
  publicTemplatesQuery,
  type RoomListQuery,
  readPublicTemplates,
  readRoomList,
  shapeOf,
  statementOf,
  valuesOf,
} from './list.ts';
import { publicTemplate, visibleInTeam } from './policy.ts';
import { roomSelection } from './presenter.ts';
import { listRooms } from './service.ts';

let t: TestApp;
let teamId = '';
let admin = { id: '' };
let member = { id: '' };
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t);
  member = await createUser(t);
  const other = await createUser(t);
  teamId = (await createTeam(t, admin.id)).id;
  const elsewhere = (await createTeam(t, other.id, 'Elsewhere')).id;
  await t.ctx.db.execute(sql`insert into memberships (organization_id, user_id, role, license_type)
    values (${teamId}, ${member.id}, 'User', 'Trial'), (${teamId}, ${other.id}, 'User', 'Trial')`);
  await ensureDefaultRoomTemplates(t.ctx.db, t.clock.now());
  const now = t.clock.now();
  // The team's rooms (two pages and more), private rooms of the member, of another member and of
  // nobody (their owner gone), the team's templates, another team's rooms; times with
  // microseconds and changes on some.
  await t.ctx.db.execute(sql`
    insert into rooms (name, max_users, sharing_type, is_template, organization_id, owner_user_id,
      capabilities, created, last_modified, last_modified_by)
    select case when i % 7 = 0 then 'room ' else 'Room ' end || lpad(i::text, 2, '0'), i,
      (array['OwnerOrganization', 'OwnerUser', 'OwnerUser', 'OwnerUser'])[1 + i % 4],
      i % 9 = 0, ${teamId}::uuid,
      (array[null, ${member.id}::uuid, ${other.id}::uuid, null])[1 + i % 4], '["Whiteboard", "Notes"]',
      ${now.toISOString()}::timestamptz - (i || ' minutes 0.000789 seconds')::interval,
      case when i % 2 = 0 then ${now.toISOString()}::timestamptz - interval '1.234567 seconds' end,
      case when i % 2 = 0 then ${admin.id}::uuid end
    from generate_series(1, 70) i`);
  await t.ctx.db.execute(sql`
    insert into rooms (name, max_users, sharing_type, organization_id)
    select 'Their room ' || i, 4, 'OwnerOrganization', ${elsewhere}::uuid from generate_series(1, 5) i`);
  // Platform templates: shared with everyone, with the team, with another team, with nobody.
  await t.ctx.db.execute(sql`
    insert into rooms (name, max_users, sharing_type, is_template)
    select 'Template ' || s || ' ' || i, 8, s, true
    from unnest(array['Public', 'OrganizationAllowlist', 'None']) s, generate_series(1, 30) i`);
  await t.ctx.db.execute(sql`
    insert into ${roomTemplateOrganizations} (room_id, organization_id)
    select id, case when name like '%1' then ${elsewhere}::uuid else ${teamId}::uuid end
    from rooms where name like 'Template OrganizationAllowlist %' and name not like '%2'`);
  // Another member's private room in a meeting the member takes part in, one in an ended one.
  for (const [name, hours] of [
    ['Room 02', 2],
    ['Room 06', -2],
  ] as const) {
    await t.ctx.db.execute(sql`
      with m as (insert into meetings (organization_id, code, name, start_date, end_date)
        values (${teamId}, ${`code-${name}`}, 'Review', ${now.toISOString()}::timestamptz - interval '3 hours',
          ${now.toISOString()}::timestamptz + (${hours} || ' hours')::interval) returning id),
      r as (insert into meeting_rooms (meeting_id, room_id, position)
        select m.id, rooms.id, 0 from m, rooms where rooms.name = ${name} and organization_id = ${teamId})
      insert into meeting_participants (meeting_id, user_id, email, participant_type)
      select m.id, ${member.id}::uuid, 'member@example.com', 'Participant' from m`);
  }
  // Room data, locked and of the session, on some rooms.
  await t.ctx.db.execute(sql`
    insert into ${roomData} (room_id, kind, is_static, data)
    select r.id, 'kind ' || k, k % 3 = 0, '{}' from rooms r, generate_series(1, 7) k
    where r.name like '%1%' and k <= length(r.name) % 8`);
  await t.ctx.db.execute(sql`analyze`);
});
afterAll(() => t.close());

type Member = { id: string; role: 'Admin' | 'User' };
const asAdmin = (): Member => ({ id: admin.id, role: 'Admin' });
const asMember = (): Member => ({ id: member.id, role: 'User' });
const callOf = (c: Member) => ({ team: teamId, user: c.id, role: c.role, now: t.clock.now() });

/** The list as drizzle read it before: the count, then the page, from the policy's rule. */
async function drizzleList(query: RoomListQuery, c: Member) {
  const filters: (SQL | undefined)[] = [
    visibleInTeam({ organizationId: teamId, userId: c.id, role: c.role }, t.clock.now()),
  ];
  if (query.templateFilter === 'Rooms') filters.push(eq(rooms.isTemplate, false));
  if (query.templateFilter === 'Templates') filters.push(eq(rooms.isTemplate, true));
  if (query.shareTypeFilter.length > 0) {
    filters.push(inArray(rooms.sharingType, query.shareTypeFilter));
  }
  const where = and(...filters);
  const [total] = await t.ctx.db.select({ n: count() }).from(rooms).where(where);
  const rows = await t.ctx.db
    .select(roomSelection)
    .from(rooms)
    .where(where)
    .orderBy(sql`lower(${rooms.name})`, asc(rooms.id))
    .limit(roomLimits.pageSize)
    .offset((query.page - 1) * roomLimits.pageSize);
  return { entryCount: total?.n ?? 0, rows };
}

const filters: [RoomTemplateFilter, RoomSharingType[]][] = [
  ['Rooms', ['OwnerOrganization', 'OwnerUser']],
  ['Rooms', []],
  ['Rooms', ['OwnerUser']],
  ['Templates', []],
  ['Templates', ['Public', 'OrganizationAllowlist']],
  ['All', []],
  ['All', ['None', 'OwnerOrganization', 'OwnerOrganization']],
];

/** The statements `fn` runs. */
async function statementsOf(fn: () => Promise<unknown>) {
  const probe = probeOf(t.ctx.db)!;
  let statements = 0;
  probe.onQuery = () => statements++;
  try {
    await fn();
  } finally {
    probe.onQuery = null;
  }
  return statements;
}

describe('the Rooms list and the guests’ templates', () => {
  it('read their page and its count in one statement', async () => {
    const query: RoomListQuery = {
      templateFilter: 'Rooms',
      shareTypeFilter: ['OwnerOrganization', 'OwnerUser'],
      page: 1,
    };
    let page: Awaited<ReturnType<typeof listRooms>> | undefined;
    expect(
      await statementsOf(async () => {
        page = await listRooms(
          t.ctx,
          { userId: admin.id } as Caller,
          { organizationId: teamId, role: 'Admin' } as TeamContext,
          query,
        );
      }),
    ).toBe(1);
    expect(page!.results).toHaveLength(roomLimits.pageSize);
    expect(await statementsOf(() => listPublicTemplates(t.ctx, 1))).toBe(1);
  });

  it('hold the rows the access rule shows, in its order, with their counts of room data, on every page', async () => {
    for (const c of [asAdmin(), asMember()]) {
      for (const [templateFilter, shareTypeFilter] of filters) {
        for (const page of [1, 2, 3, 5]) {
          const query = { templateFilter, shareTypeFilter, page };
          const label = `${c.role} ${templateFilter} [${shareTypeFilter}] page ${page}`;
          const expected = await drizzleList(query, c);
          const got = await readRoomList(t.ctx.db, query, callOf(c));
          expect(got, label).toEqual(expected);
        }
      }
    }
    // The cases above meet what the rule tells apart.
    const all = await drizzleList(
      { templateFilter: 'All', shareTypeFilter: [], page: 1 },
      asMember(),
    );
    expect(all.entryCount).toBeGreaterThan(roomLimits.pageSize);
    const names = async (c: Member) =>
      (
        await Promise.all(
          [1, 2, 3, 4].map((page) =>
            readRoomList(t.ctx.db, { templateFilter: 'All', shareTypeFilter: [], page }, callOf(c)),
          ),
        )
      ).flatMap((p) => p.rows.map((r) => r.room.name));
    const byMember = await names(asMember());
    const byAdmin = await names(asAdmin());
    expect(byMember).toContain('Room 02'); // another's, in the member's open meeting
    expect(byMember).not.toContain('Room 06'); // another's, its meeting ended
    expect(byMember).not.toContain('Room 03'); // nobody's: the admins'
    expect(byAdmin).toContain('Room 03');
    expect(byMember).toContain('Template OrganizationAllowlist 3');
    expect(byMember).not.toContain('Template OrganizationAllowlist 1');
    expect(byMember).not.toContain('Template None 1');
    expect(byMember).not.toContain('Their room 1');
  });

  it('the guests’ templates: the Public ones, page by page, as drizzle read them', async () => {
    const [total] = await t.ctx.db.select({ n: count() }).from(rooms).where(publicTemplate);
    expect(total!.n).toBeGreaterThan(guestLimits.templatesPageSize);
    for (const page of [1, 2, 3]) {
      const rows = await t.ctx.db
        .select({
          id: rooms.id,
          name: rooms.name,
          description: rooms.description,
          sharingType: rooms.sharingType,
          imageUrl: rooms.imageUrl,
        })
        .from(rooms)
        .where(publicTemplate)
        .orderBy(sql`lower(${rooms.name})`, asc(rooms.id))
        .limit(guestLimits.templatesPageSize)
        .offset((page - 1) * guestLimits.templatesPageSize);
      expect(await readPublicTemplates(t.ctx.db, page), `page ${page}`).toEqual({
        entryCount: total!.n,
        rows,
      });
    }
  });
});

const screens = (): [string, RoomListQuery, Member][] => [
  [
    'rooms, first page',
    { templateFilter: 'Rooms', shareTypeFilter: ['OwnerOrganization', 'OwnerUser'], page: 1 },
    asAdmin(),
  ],
  [
    'rooms, a member',
    { templateFilter: 'Rooms', shareTypeFilter: ['OwnerOrganization', 'OwnerUser'], page: 1 },
    asMember(),
  ],
  [
    'rooms, second page',
    { templateFilter: 'Rooms', shareTypeFilter: ['OwnerOrganization', 'OwnerUser'], page: 2 },
    asAdmin(),
  ],
  ['templates', { templateFilter: 'Templates', shareTypeFilter: [], page: 1 }, asMember()],
  ['all', { templateFilter: 'All', shareTypeFilter: [], page: 1 }, asAdmin()],
];

/** The tables and indexes a plan reads, sorted (a bitmap's index scan names no table). */
const reads = (steps: PlanNode[]) =>
  steps
    .filter(
      (s) =>
        s['Relation Name'] === 'rooms' ||
        s['Relation Name'] === 'room_data' ||
        /^room(s|_data)_/.test(s['Index Name'] ?? ''),
    )
    .map((s) => `${s['Relation Name'] ?? ''} ${s['Index Name'] ?? s['Node Type']}`)
    .sort();

// PGlite is the embedded default; the plans that must hold are PostgreSQL's.
describe.skipIf(!process.env.TEST_PG_URL)('on PostgreSQL', () => {
  it('the screens’ statements run with their generic plan after a few runs, the same rows each', async () => {
    for (const [name, query, c] of screens()) {
      const statement = statementOf(t.ctx.db, shapeOf(query, c.role));
      expect(statement.name, name).not.toBe('');
      const v = valuesOf(query, teamId, c.id, t.clock.now());
      const runs = await namedRuns(t.databaseUrl!, statement, v, 10);
      expect(runs.generic, name).toBeGreaterThan(0);
      // The team, the user and the time reach even a plan made for this call's values unseen
      // (db/values.ts): it is the generic plan, so PostgreSQL keeps that on any platform.
      const custom = JSON.stringify(await builtPlanSteps(t.ctx.db, statement, v, 'custom'));
      for (const value of [teamId, c.id, String(v.now).slice(0, 10)])
        expect(custom, name).not.toContain(value);
      for (const answer of runs.answers) expect(answer).toEqual(runs.answers[0]);
    }
  });

  describe('on a platform of 2,000 teams of 20 rooms', () => {
    beforeAll(async () => {
      await t.ctx.db.execute(sql`
        insert into organizations (name, company_name, industry)
        select 'Scale team ' || i, 'Company', 'Technology' from generate_series(1, 2000) i`);
      await t.ctx.db.execute(sql`
        insert into rooms (name, max_users, sharing_type, organization_id)
        select 'Room ' || g, 4, case when g % 5 = 0 then 'OwnerUser' else 'OwnerOrganization' end, o.id
        from organizations o, generate_series(1, 20) g where o.name like 'Scale team %'`);
      await t.ctx.db.execute(sql`
        insert into ${roomData} (room_id, kind, is_static, data)
        select id, 'kind ' || k, k = 1, '{}' from rooms, generate_series(1, 2) k
        where organization_id is not null and random() < 0.3`);
      await t.ctx.db.execute(sql`analyze`);
    }, 120_000);

    it('a page and its count read the team’s rooms and the platform’s by index, never the whole table, generic or not', async () => {
      for (const [name, query, c] of screens()) {
        const shape = shapeOf(query, c.role);
        const v = valuesOf(query, teamId, c.id, t.clock.now());
        const custom = await planSteps(t.ctx.db, listQuery(t.ctx.db, shape, v));
        const statement = statementOf(t.ctx.db, shape);
        const generic = await builtPlanSteps(t.ctx.db, statement, v, 'generic');
        // A generic plan compares with the parameters, not with this call's values.
        expect(generic.map((n) => n['Index Cond'] ?? '').join(' '), name).toMatch(/\$\d/);
        expect(reads(generic), name).toEqual(reads(custom));
        expect(reads(generic), name).not.toContain('rooms Seq Scan');
        expect(reads(generic), name).toContain(' rooms_organization');
        expect(reads(generic), name).toContain('room_data room_data_room');
      }
      for (const firstPage of [true, false]) {
        const steps = await planSteps(
          t.ctx.db,
          publicTemplatesQuery(t.ctx.db, firstPage, firstPage ? 0 : 25),
        );
        expect(reads(steps)).not.toContain('rooms Seq Scan');
      }
    });
  });
});
