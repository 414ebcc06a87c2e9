import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeOf } from '../../db/probe.ts';
import { memberships, teamInvitations, userLogins } from '../../db/schema.ts';
import { createTeam, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { builtPlanSteps, namedRuns, type PlanNode } from '../../test/plans.ts';
import { type ListQuery, shapeOf, statementOf, valuesOf } from './list.ts';
import { listTeamUsers } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const query = (q: Partial<ListQuery> = {}): ListQuery => ({
  Page: 1,
  PageSize: 50,
  Filter: '',
  ...q,
});
const as = (organizationId: string, role: 'Admin' | 'User') =>
  ({ organizationId, role }) as Parameters<typeof listTeamUsers>[1];

/** How many statements `fn` runs on the test app's database. */
async function statementsOf<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const probe = probeOf(t.ctx.db)!;
  let statements = 0;
  probe.onQuery = () => statements++;
  try {
    return { result: await fn(), statements };
  } finally {
    probe.onQuery = null;
  }
}

describe('the team users page', () => {
  let team: string;
  let admin: { id: string };
  let member: { id: string };
  let quest: { id: string };
  let made: { id: string };
  beforeAll(async () => {
    admin = await createUser(t, { firstName: 'Ada', lastName: 'Admin' });
    team = (await createTeam(t, admin.id)).id;
    member = await createUser(t, { firstName: 'Bea', lastName: 'Member' });
    quest = await createUser(t, { firstName: 'Cy', lastName: 'Quest' });
    made = await createUser(t, {
      firstName: 'Dee',
      lastName: 'Made',
      password: null,
      activated: false,
    });
    await t.ctx.db.insert(memberships).values(
      [member, quest, made].map((u, i) => ({
        organizationId: team,
        userId: u.id,
        role: 'User' as const,
        licenseType: i === 0 ? ('License' as const) : ('Trial' as const),
      })),
    );
    await t.ctx.db.insert(userLogins).values([
      { userId: quest.id, loginProviderId: 'Oculus', providerKey: 'q', displayName: 'Q' },
      { userId: member.id, loginProviderId: 'Google', providerKey: 'g', displayName: 'G' },
    ]);
    const invitee = async (email: string, expiresAt: Date) => {
      const u = await createUser(t, { firstName: 'Zoe', lastName: email });
      await t.ctx.db.insert(teamInvitations).values({
        organizationId: team,
        userId: u.id,
        email,
        kind: 'existing_account',
        status: 'pending',
        role: 'User',
        licenseType: 'Trial',
        expiresAt,
      });
    };
    const soon = new Date(Date.now() + 86_400_000);
    await invitee('b-invited@example.com', soon);
    await invitee('a-invited@example.com', soon);
    await invitee('expired@example.com', new Date(Date.now() - 1000));
    await t.ctx.db.insert(teamInvitations).values({
      organizationId: team,
      userId: made.id,
      email: 'dee@example.com',
      kind: 'new_account',
      status: 'accepted',
      role: 'User',
      licenseType: 'Trial',
      expiresAt: soon,
    });
    await t.ctx.db.execute(sql`insert into usage_member_last_in_vr (organization_id, user_id, last_in_vr_at)
      values (${team}::uuid, ${member.id}::uuid, '2026-01-02T03:04:05.678Z'),
        (${team}::uuid, ${quest.id}::uuid, '2026-01-01T00:00:00Z')`);
  });

  it('reads the counts, the licenses, the members and the pending invitees after them in one statement', async () => {
    const { result, statements } = await statementsOf(() =>
      listTeamUsers(t.ctx, as(team, 'Admin'), query({ Page: 2, PageSize: 3 }), admin.id),
    );
    expect(statements).toBe(1);
    expect(result).toMatchObject({ licensesInUse: 1, invitationsPending: 2 });
    expect(result.results).toMatchObject({ entryCount: 6, pageCount: 2, currentPage: 2 });
    // The last member, then the open invitations by address (the expired one is not listed).
    expect(result.results.results.map((u) => [u.email, u.invitationPending])).toEqual([
      [expect.stringContaining('@'), false],
      ['a-invited@example.com', true],
      ['b-invited@example.com', true],
    ]);
    expect(result.results.results[0]).toMatchObject({
      id: made.id,
      hasRoomscaleLogin: false,
      userActivated: false,
      profileEditable: true,
      lastInVrAt: null,
    });
    expect(result.results.results[1]).not.toHaveProperty('lastInVrAt');
  });

  it("shows each member's logins, and 'Last in VR' to an admin for everyone, to a member their own", async () => {
    const rows = async (role: 'Admin' | 'User', callerId: string) => {
      const { result, statements } = await statementsOf(() =>
        listTeamUsers(t.ctx, as(team, role), query({ PageSize: 4 }), callerId),
      );
      expect(statements).toBe(1);
      return result.results.results.map((u) => [
        u.firstName,
        u.hasSsoLogin,
        u.hasOculusLogin,
        u.lastInVrAt,
      ]);
    };
    expect(await rows('Admin', admin.id)).toEqual([
      ['Ada', false, false, null],
      ['Bea', true, false, '2026-01-02T03:04:05.678Z'],
      ['Cy', false, true, '2026-01-01T00:00:00.000Z'],
      ['Dee', false, false, null],
    ]);
    expect((await rows('User', member.id)).map((r) => r[3])).toEqual([
      null,
      '2026-01-02T03:04:05.678Z',
      null,
      null,
    ]);
  });

  it("filters members and invitees in the same statement; 'not in VR' leaves the invitees out", async () => {
    const { result, statements } = await statementsOf(() =>
      listTeamUsers(t.ctx, as(team, 'Admin'), query({ Filter: ' INVITED ' }), admin.id),
    );
    expect(statements).toBe(1);
    expect(result.results.results.map((u) => u.email)).toEqual([
      'a-invited@example.com',
      'b-invited@example.com',
    ]);
    expect(result.results.filter).toBe('INVITED');
    const notInVr = await listTeamUsers(
      t.ctx,
      as(team, 'Admin'),
      query({ LicensedNotInVr: true }),
      admin.id,
    );
    // Bea holds the team's License and was in VR in January: not within the last 30 days.
    expect(notInVr.results.results.map((u) => u.firstName)).toEqual(['Bea']);
    expect(notInVr.invitationsPending).toBe(0);
  });
  it("reads 'Last in VR' as the later of the latest check-in and the rollup's, as the rule over the facts does", async () => {
    // Ada: a check-in, no rollup row; Bea: one older than the rollup's; Cy: one later.
    await t.ctx.db.execute(sql`insert into usage_check_ins (at, user_id, seat_key, device_name, conflicted)
      values ('2026-02-01T10:00:00.5Z', ${admin.id}::uuid, 's', 'Quest', false),
        ('2025-12-01T00:00:00Z', ${member.id}::uuid, 's', 'Quest', false),
        ('2026-01-05T06:07:08.912345Z', ${quest.id}::uuid, 's', 'Quest', true),
        ('2026-01-04T00:00:00Z', ${quest.id}::uuid, 's', 'Quest', false)`);
    // The rule as it read the facts themselves: the latest by their (user, time) index.
    const byRule = await t.ctx.db.execute(sql`select u.id, greatest(
        (select ci.at from usage_check_ins ci where ci.user_id = u.id order by ci.at desc limit 1),
        (select l.last_in_vr_at from usage_member_last_in_vr l
          where l.organization_id = ${team}::uuid and l.user_id = u.id)) as at
      from users u where u.id in (${admin.id}::uuid, ${member.id}::uuid, ${quest.id}::uuid,
        ${made.id}::uuid)`);
    const expected = new Map(
      (byRule as unknown as { rows: { id: string; at: string | Date | null }[] }).rows.map(
        (r) => [r.id, r.at === null ? null : new Date(r.at).toISOString()] as const,
      ),
    );
    const { result, statements } = await statementsOf(() =>
      listTeamUsers(t.ctx, as(team, 'Admin'), query({ PageSize: 4 }), admin.id),
    );
    expect(statements).toBe(1);
    const shown = result.results.results.map((u) => [u.id, u.lastInVrAt]);
    expect(shown.map(([id]) => id).sort()).toEqual([...expected.keys()].sort());
    expect(shown).toEqual(shown.map(([id]) => [id, expected.get(id as string)]));
    expect(shown.map(([, at]) => at)).toEqual([
      '2026-02-01T10:00:00.500Z',
      '2026-01-02T03:04:05.678Z',
      '2026-01-05T06:07:08.912Z',
      null,
    ]);
    // The 'not in VR' list reads it by its own statement: the same for Bea.
    const notInVr = await listTeamUsers(
      t.ctx,
      as(team, 'Admin'),
      query({ LicensedNotInVr: true }),
      admin.id,
    );
    expect(notInVr.results.results.map((u) => [u.id, u.lastInVrAt])).toEqual([
      [member.id, expected.get(member.id)],
    ]);
  });
});

/** The Team > Users tab's pages, with and without the filters, and the meeting form's search. */
const screens: ListQuery[] = [
  query(),
  query({ Page: 3 }),
  query({ Filter: 'user 1' }),
  query({ LicensedNotInVr: true }),
  query({ Filter: 'user 1', LicensedNotInVr: true }),
  query({ Filter: 'user 1', PageSize: 5 }),
];

/** How a plan reads each table: its index, or the kind of scan, in a stable order. */
const reads = (steps: PlanNode[]) =>
  steps
    .filter((s) => s['Relation Name'])
    .map((s) => `${s['Relation Name']}: ${s['Index Name'] ?? s['Node Type']}`)
    .sort();

// PGlite is the embedded default; the plans that must hold on a large team are PostgreSQL's.
describe.skipIf(!process.env.TEST_PG_URL)('on a team of 2,000 among 20,000 memberships', () => {
  let team: string;
  beforeAll(async () => {
    const owner = await createUser(t);
    team = (await createTeam(t, owner.id, 'Big')).id;
    await t.ctx.db.execute(sql`
      insert into organizations (name, company_name, industry)
      select 'Other ' || i, 'Company', 'Technology' from generate_series(1, 9) i`);
    await t.ctx.db.execute(sql`
      insert into users (email, first_name, last_name)
      select 'big-' || i || '@example.com', 'User', '' || i from generate_series(1, 20000) i`);
    // The big team's 2,000, the others' 2,000 each; half of them hold a License.
    await t.ctx.db.execute(sql`
      insert into memberships (organization_id, user_id, role, license_type)
      select case when n <= 2000 then ${team}::uuid
          else (select id from organizations where name = 'Other ' || (n / 2000)) end,
        u.id, 'User', case when n % 2 = 0 then 'License' else 'Trial' end
      from (select id, substring(email from 'big-(\\d+)@')::int as n from users
        where email like 'big-%') u
      where n < 20000`);
    await t.ctx.db.execute(sql`
      insert into usage_member_last_in_vr (organization_id, user_id, last_in_vr_at)
      select m.organization_id, m.user_id, now() - ((u.n % 60) || ' days')::interval
      from memberships m join (select id, substring(email from 'big-(\\d+)@')::int as n
        from users where email like 'big-%') u on u.id = m.user_id`);
    await t.ctx.db.execute(sql`
      insert into usage_check_ins (at, user_id, seat_key, device_name, conflicted)
      select now() - ((d * 3) || ' days')::interval, m.user_id, 'seat', 'Quest', false
      from memberships m, generate_series(1, 5) d where m.organization_id = ${team}::uuid`);
    await t.ctx.db.execute(sql`
      insert into team_invitations (organization_id, user_id, email, kind, status, role,
        license_type, expires_at)
      select m.organization_id, m.user_id, 'invited-' || m.user_id || '@example.com',
        'existing_account', 'pending', 'User', 'Trial', now() + interval '3 days'
      from memberships m join (select id, substring(email from 'big-(\\d+)@')::int as n
        from users where email like 'big-%') u on u.id = m.user_id
      where m.license_type = 'Trial' and u.n % 20 = 1`);
    // Every user a login (half of the headset store's, half of an identity provider's), and the
    // accounts of one in ten made by their team's invitation.
    await t.ctx.db.execute(sql`
      insert into user_logins (user_id, login_provider_id, provider_key, display_name)
      select id, case when n % 2 = 0 then 'Oculus' else 'sso-example' end, 'key-' || n, 'Login'
      from (select id, substring(email from 'big-(\\d+)@')::int as n from users
        where email like 'big-%') u`);
    await t.ctx.db.execute(sql`
      insert into team_invitations (organization_id, user_id, email, kind, status, role,
        license_type, expires_at, answered_at)
      select m.organization_id, m.user_id, 'made-' || m.user_id || '@example.com',
        'new_account', 'accepted', 'User', 'Trial', now(), now()
      from memberships m join (select id, substring(email from 'big-(\\d+)@')::int as n
        from users where email like 'big-%') u on u.id = m.user_id
      where u.n % 10 = 3`);
    await t.ctx.db.execute(sql`vacuum analyze`);
  }, 120_000);

  it("each kind of list's generic plan reads the tables as the plan for the call's values does", async () => {
    for (const q of screens) {
      const statement = statementOf(t.ctx.db, shapeOf(q));
      expect(statement.name).not.toBe('');
      const v = valuesOf(team, q, new Date());
      const generic = await builtPlanSteps(t.ctx.db, statement, v, 'generic');
      const custom = await builtPlanSteps(t.ctx.db, statement, v, 'custom');
      expect(reads(generic), JSON.stringify(q)).toEqual(reads(custom));
      // The team's memberships are one range of an index, not the whole table.
      expect(reads(generic)).not.toContain('memberships: Seq Scan');
      // 'Last in VR' reads the page's rows of its two tables by their keys.
      expect(reads(generic)).toContain('usage_user_last_check_in: usage_user_last_check_in_pkey');
      expect(reads(generic)).not.toContain('usage_user_last_check_in: Seq Scan');
      expect(reads(generic)).not.toContain('usage_member_last_in_vr: Seq Scan');
      // The page's logins and the invitations that made their accounts, by the page's ids.
      expect(reads(generic)).not.toContain('user_logins: Seq Scan');
      expect(reads(generic)).not.toContain('team_invitations: Seq Scan');
    }
  });

  it('the team users page runs with its generic plan after a few runs, with the same answer', async () => {
    const statement = statementOf(t.ctx.db, shapeOf(query()));
    const v = valuesOf(team, query(), new Date());
    const runs = await namedRuns(t.databaseUrl!, statement, v, 10);
    expect(runs.generic).toBeGreaterThan(0);
    expect(runs.answers[0]).toHaveLength(50);
    for (const answer of runs.answers) expect(answer).toEqual(runs.answers[0]);
  });
});
