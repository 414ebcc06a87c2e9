import { fileLimits } from '@roomscale/shared';
import { type CallInput, meetingsApi } from '@roomscale/shared/contract';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeOf } from '../../db/probe.ts';
import { meetingParticipants, meetings, roomData, users } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { genericPlanSteps, type PlanNode, planSteps } from '../../test/plans.ts';
import {
  addMember,
  addRoom,
  advance,
  createMeeting,
  defaultTemplate,
  meetingBody,
  type Person,
  person,
  team,
} from '../../test/workspace.ts';
import {
  adminCount,
  listedPageStatement,
  listedStatementName,
  listPage,
  type MeetingListScope,
  type MeetingListWindow,
  memberCount,
} from './list.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hour = 3600_000;
const at = (hoursFromNow: number) => new Date(t.clock.now().getTime() + hoursFromNow * hour);
type Query = CallInput<typeof meetingsApi.list>['query'];
const listCall = (teamId: string, by: Person, query: Query) =>
  callEndpoint(t, meetingsApi.list, {
    params: { organizationId: teamId },
    query,
    token: by.session,
  });
async function list(teamId: string, by: Person, query: Query) {
  const res = await listCall(teamId, by, query);
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}
const names = (p: { results: { name: string }[] }) => p.results.map((m) => m.name);

describe('the meetings list', () => {
  it('keeps running meetings that started long ago first among the upcoming ones', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const colleague = await person(t);
    await addMember(t, w.id, colleague.id, 'User');
    const plan = (by: Person, name: string, start: number, end: number, who = [w.member]) =>
      createMeeting(
        t,
        w.id,
        by,
        meetingBody(
          t,
          [room.id],
          who.map((p) => ({ email: p.email })),
          { name, startDate: at(start).toISOString(), endDate: at(end).toISOString() },
        ),
      );
    await plan(colleague, 'Conference', -72, 48); // created by the colleague, who is no participant
    await plan(w.admin, 'Long and over', -96, 1);
    await plan(w.admin, 'Standup', 3, 3.5);
    await plan(w.admin, 'Workshop', -0.5, 5);
    await plan(w.admin, 'Retro', 26, 27, [w.member, colleague]);
    await advance(t, 2 * 3600, w.admin, w.member, colleague);

    for (const by of [w.admin, w.member]) {
      const upcoming = await list(w.id, by, { Page: 1, PageSize: 10 });
      expect(names(upcoming)).toEqual(['Conference', 'Workshop', 'Standup', 'Retro']);
      expect(upcoming.entryCount).toBe(4);
      const all = await list(w.id, by, { IncludePastMeetings: 'true', Page: 1, PageSize: 10 });
      expect(names(all)).toEqual(['Retro', 'Standup', 'Workshop', 'Conference', 'Long and over']);
      const second = await list(w.id, by, { Page: 2, PageSize: 3 });
      expect(names(second)).toEqual(['Retro']);
      expect(second).toMatchObject({ entryCount: 4, pageCount: 2 });
    }
    // The colleague sees the long-running meeting they created, and the one they take part in.
    const theirs = await list(w.id, colleague, { Page: 1, PageSize: 10 });
    expect(names(theirs)).toEqual(['Conference', 'Retro']);
    expect(theirs.entryCount).toBe(2);
    expect(names(await list(w.id, colleague, { Filter: 'retro', Page: 1, PageSize: 10 }))).toEqual([
      'Retro',
    ]);
  });

  it("serves a member's page, with who moderates what, in one statement", async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    for (const [i, moderator] of [false, true, false].entries()) {
      await createMeeting(
        t,
        w.id,
        w.admin,
        meetingBody(
          t,
          [room.id],
          [{ email: w.member.email, ...(moderator && { participantType: 'Moderator' }) }],
          {
            name: `Planned ${i}`,
            startDate: at(i + 1).toISOString(),
            endDate: at(i + 2).toISOString(),
          },
        ),
      );
    }
    const query = { Page: 1, PageSize: 2 };
    await listCall(w.id, w.member, query); // the session and the membership are read and kept
    const probe = probeOf(t.ctx.db)!;
    let statements = 0;
    probe.onQuery = () => statements++;
    const res = await listCall(w.id, w.member, query);
    probe.onQuery = null;
    expect(res.status, res.raw.body).toBe(200);
    const page = res.body;
    expect(page.results.map((m) => [m.name, m.canEdit])).toEqual([
      ['Planned 0', false],
      ['Planned 1', true],
    ]);
    // The membership (the route's access rule) is remembered from the call before
    // (platform/auth/membershipCache.ts); the page with its rooms and participants and the count
    // are one statement: nothing per row, and no second look at the participants for who
    // moderates.
    expect(statements).toBe(1);
  });

  it("follows a meeting moved in time on its participants' rows", async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const body = (start: number, end: number, who: Person[]) => ({
      ...meetingBody(
        t,
        [room.id],
        who.map((p) => ({ email: p.email })),
        { name: 'Moving', startDate: at(start).toISOString(), endDate: at(end).toISOString() },
      ),
      rooms: [room.id],
    });
    const m = await createMeeting(t, w.id, w.admin, body(2, 3, [w.member]));
    await createMeeting(t, w.id, w.admin, { ...body(10, 11, [w.member]), name: 'Fixed' });
    expect(names(await list(w.id, w.member, { Page: 1, PageSize: 10 }))).toEqual([
      'Moving',
      'Fixed',
    ]);
    // Moved past the other, with one more participant: every row carries the new times.
    const colleague = await person(t);
    await addMember(t, w.id, colleague.id, 'User');
    const later = body(30, 31, [w.member, colleague]);
    const moved = await callEndpoint(t, meetingsApi.edit, {
      params: { organizationId: w.id, meetingId: m.id },
      token: w.admin.session,
      body: later,
    });
    expect(moved.status, moved.raw.body).toBe(200);
    expect(names(await list(w.id, w.member, { Page: 1, PageSize: 10 }))).toEqual([
      'Fixed',
      'Moving',
    ]);
    expect(names(await list(w.id, colleague, { Page: 1, PageSize: 10 }))).toEqual(['Moving']);
    // The copies are the database's: a statement that writes other values is overruled.
    await t.ctx.db
      .update(meetingParticipants)
      .set({ startDate: at(100), endDate: at(101), organizationId: null })
      .where(eq(meetingParticipants.meetingId, m.id));
    const rows = await t.ctx.db
      .select()
      .from(meetingParticipants)
      .where(eq(meetingParticipants.meetingId, m.id));
    expect(rows.map((r) => r.email)).toEqual(
      expect.arrayContaining([w.member.email, colleague.email]),
    );
    const [meeting] = await t.ctx.db.select().from(meetings).where(eq(meetings.id, m.id));
    expect(meeting?.startDate).toEqual(new Date(later.startDate));
    for (const r of rows) {
      expect(r).toMatchObject({
        organizationId: w.id,
        startDate: meeting?.startDate,
        endDate: meeting?.endDate,
      });
    }
  });

  it('shows a member each meeting once: as participant, creator, both, or by invited address', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const guest = { email: `guest-${Date.now().toString(36)}@example.org` };
    const me = { email: w.member.email };
    const plan = (by: Person, name: string, start: number, people: { email: string }[]) =>
      createMeeting(
        t,
        w.id,
        by,
        meetingBody(t, [room.id], people, {
          name,
          startDate: at(start).toISOString(),
          endDate: at(start + 1).toISOString(),
        }),
      );
    await plan(w.member, 'Mine, with me', 1, [me]);
    await plan(w.member, 'Mine, without me', 2, [guest]);
    await plan(w.admin, 'Invited', 3, [me, guest]);
    const byAddress = await plan(w.admin, 'By address', 4, [me]);
    await plan(w.admin, 'Not mine', 5, [guest]);
    // An invitation that reached the member's address before it was linked to their account.
    await t.ctx.db
      .update(meetingParticipants)
      .set({ userId: null })
      .where(eq(meetingParticipants.meetingId, byAddress.id));

    const expected = ['Mine, with me', 'Mine, without me', 'Invited', 'By address'];
    const first = await list(w.id, w.member, { Page: 1, PageSize: 3 });
    const second = await list(w.id, w.member, { Page: 2, PageSize: 3 });
    expect([...names(first), ...names(second)]).toEqual(expected);
    expect(first).toMatchObject({ entryCount: 4, pageCount: 2 });
    const all = await list(w.id, w.member, { IncludePastMeetings: 'true', Page: 1, PageSize: 10 });
    expect(names(all)).toEqual([...expected].reverse());
    expect(all.entryCount).toBe(4);
    expect((await list(w.id, w.admin, { Page: 1, PageSize: 10 })).entryCount).toBe(5);
  });
});

/**
 * `count` meetings of a team, half an hour long, an hour apart, the first half of them over, each
 * with a moderator (the admin) and a guest; each member takes part in every `every`-th one.
 * Plain SQL: one statement each.
 */
async function seed(
  teamId: string,
  admin: { id: string; email: string },
  count: number,
  members: { id: string; email: string; every: number }[],
) {
  const now = t.clock.now().toISOString();
  await t.ctx.db.execute(sql`
    insert into meetings (organization_id, code, name, start_date, end_date, created_by_user_id)
    select ${teamId}::uuid, 'S' || md5(${teamId}::text || i::text), 'Seeded ' || lpad(i::text, 6, '0'),
      ${now}::timestamptz + ((i - ${count}::int / 2) || ' hours')::interval - interval '45 minutes',
      ${now}::timestamptz + ((i - ${count}::int / 2) || ' hours')::interval - interval '15 minutes',
      ${admin.id}::uuid
    from generate_series(1, ${count}::int) i`);
  await t.ctx.db.execute(sql`
    insert into meeting_participants (meeting_id, user_id, email, participant_type)
    select m.id, ${admin.id}::uuid, ${admin.email}, 'Moderator' from meetings m
    where m.organization_id = ${teamId}::uuid
    union all
    select m.id, null, 'guest-' || right(m.code, 6) || '@example.org', 'Participant' from meetings m
    where m.organization_id = ${teamId}::uuid`);
  for (const p of members) {
    await t.ctx.db.execute(sql`
      insert into meeting_participants (meeting_id, user_id, email, participant_type)
      select m.id, ${p.id}::uuid, ${p.email}, 'Participant' from meetings m
      where m.organization_id = ${teamId}::uuid and substr(m.name, 8)::int % ${p.every}::int = 0`);
  }
  await t.ctx.db.execute(sql`analyze meetings`);
  await t.ctx.db.execute(sql`analyze meeting_participants`);
}

const callerOf = (p: { id: string; email: string }) => ({
  userId: p.id,
  email: p.email,
  sessionId: 's',
  superAdmin: false,
});

const literal = (v: unknown) =>
  typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/**
 * A statement run `runs` times by name on one connection, as the server's pool runs a named one
 * (PostgreSQL only): how many of those runs PostgreSQL planned for their values and how many
 * took the generic plan it keeps, and each run's answer.
 */
async function namedRuns(statement: SQLWrapper, runs: number) {
  const { sql: text, params } = new PgDialect({ casing: 'snake_case' }).sqlToQuery(
    statement.getSQL(),
  );
  return t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare meetings_list_runs as ${text}`));
    try {
      const answers: string[] = [];
      for (let i = 0; i < runs; i++) {
        const res = await tx.execute(
          sql.raw(`execute meetings_list_runs(${params.map(literal).join(', ')})`),
        );
        answers.push(JSON.stringify((res as unknown as { rows: unknown[] }).rows));
      }
      const res = await tx.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements
          where name = 'meetings_list_runs'`,
      );
      const [row] = (res as unknown as { rows: { generic_plans: string; custom_plans: string }[] })
        .rows;
      return { generic: Number(row!.generic_plans), custom: Number(row!.custom_plans), answers };
    } finally {
      await tx.execute(sql`deallocate meetings_list_runs`);
    }
  });
}

describe('the meetings list costs what its page costs', () => {
  it('counts no further than the window past the page, then promises one more page', async () => {
    const w = await team(t);
    const total = 2 * (fileLimits.countWindow + 100);
    await seed(w.id, w.admin, total, [{ ...w.member, every: 1 }]);
    const upcoming = total / 2;
    for (const by of [w.admin, w.member]) {
      const first = await list(w.id, by, { Page: 1, PageSize: 10 });
      expect(first.entryCount).toBe(fileLimits.countWindow + 1);
      expect(names(first)[0]).toBe(`Seeded ${String(upcoming + 1).padStart(6, '0')}`);
      const last = Math.ceil(upcoming / 10);
      const end = await list(w.id, by, { Page: last, PageSize: 10 });
      expect(end).toMatchObject({ entryCount: upcoming, pageCount: last });
      expect(names(end).at(-1)).toBe(`Seeded ${String(total).padStart(6, '0')}`);
    }
  });

  const plan = (query: SQLWrapper) => planSteps(t.ctx.db, query);
  // Tables that grow with the team's meetings: never read whole, in any plan.
  const big = ['meetings', 'meeting_participants', 'meeting_rooms'];

  // PGlite is the embedded default; the plans that must hold at 100,000 meetings are PostgreSQL's.
  it.skipIf(!process.env.TEST_PG_URL)(
    'every variant of the list and its count reads indexes, never a whole table',
    async () => {
      const w = await team(t);
      const rare = await person(t);
      await addMember(t, w.id, rare.id, 'User');
      // 100,000 meetings, the member in 5,000 of them and another in 100, half of those over.
      await seed(w.id, w.admin, 100_000, [
        { ...w.member, every: 20 },
        { ...rare, every: 1000 },
      ]);
      const scopes: [string, MeetingListScope][] = [
        ['admin', { organizationId: w.id, caller: callerOf(w.admin), admin: true }],
        ['member', { organizationId: w.id, caller: callerOf(w.member), admin: false }],
        ['rare member', { organizationId: w.id, caller: callerOf(rare), admin: false }],
      ];
      for (const [who, scope] of scopes) {
        for (const includePast of [false, true]) {
          for (const [filter, pageNo] of [
            ['', 1],
            ['', 2],
            ['seeded 00', 2],
          ] as const) {
            const window: MeetingListWindow = {
              now: t.clock.now(),
              includePast,
              filter,
              page: pageNo,
              pageSize: 10,
            };
            const variant = `${who}, ${includePast ? 'all' : 'upcoming'}, filter '${filter}', page ${pageNo}`;
            const page = await plan(listPage(t.ctx.db, scope, window));
            const count = await plan(
              (scope.admin ? adminCount : memberCount)(t.ctx.db, scope, window),
            );
            for (const [what, steps] of Object.entries({ page, count })) {
              const scans = steps.filter((n) => big.includes(n['Relation Name'] ?? ''));
              expect(
                scans.map((n) => `${n['Relation Name']}: ${n['Node Type']}`),
                `${variant}: ${what}`,
              ).not.toContainEqual(expect.stringContaining('Seq Scan'));
              expect(scans.length, `${variant}: ${what}`).toBeGreaterThan(0);
            }
            const used = new Set(page.map((n) => n['Index Name']));
            // Counts walk the range's own index (an admin's), or the member's own rows.
            const counted = count.map((n) => n['Index Name']);
            const own = [
              'meeting_participants_user_list',
              'meeting_participants_email_list',
              'meetings_creator_start',
            ];
            if (scope.admin) {
              expect(counted, `${variant}: count`).toContain(
                includePast ? 'meetings_organization_start' : 'meetings_organization_end',
              );
              // The walk in the list's order.
              expect([...used], variant).toContain('meetings_organization_start');
            } else {
              // The member's own rows, by user and by address, and what they created: never a
              // walk of the team's meetings, whose length is the team's.
              for (const index of own) {
                expect([...used], variant).toContain(index);
                expect(counted, `${variant}: count`).toContain(index);
              }
              expect([...used, ...counted], variant).not.toContain('meetings_organization_start');
              expect(counted, variant).not.toContain('meetings_organization_end');
            }
            // The statement that serves the page: the page's walks, the count's, the page's rooms
            // and participants, planned for this call's values and, for the kinds that run as
            // named statements, once for any values (the generic plan PostgreSQL keeps for them):
            // the same indexes both ways.
            const statement = listedPageStatement(t.ctx.db, scope, window);
            const named = listedStatementName(scope, window) !== '';
            expect(named, variant).toBe(filter === '' && (scope.admin || !includePast));
            const plans = { custom: await plan(statement) } as Record<string, PlanNode[]>;
            if (named) {
              plans.generic = await genericPlanSteps(t.ctx.db, statement);
              expect(
                plans.generic.some((n) => /\$\d/.test(n['Index Cond'] ?? '')),
                `${variant}: a generic plan`,
              ).toBe(true);
              // Whatever the values, the indexes the plan for this call's values reads.
              const read = (steps: PlanNode[]) =>
                [...new Set(steps.map((n) => n['Index Name']).filter(Boolean))].sort();
              expect(read(plans.generic), `${variant}: generic plan`).toEqual(read(plans.custom!));
              // And PostgreSQL keeps it for the screens' first pages of upcoming meetings, whose
              // size and count's cap are written in (list.ts `written`): planning cost more than
              // running the statement.
              if (pageNo === 1 && !includePast) {
                const runs = await namedRuns(statement, 10);
                expect(runs.generic, `${variant}: runs with the generic plan`).toBeGreaterThan(0);
                expect(new Set(runs.answers).size, variant).toBe(1);
              }
            }
            for (const [mode, steps] of Object.entries(plans)) {
              const at = `${variant}: ${mode} plan`;
              const scans = steps.filter((n) => big.includes(n['Relation Name'] ?? ''));
              expect(
                scans.map((n) => `${n['Relation Name']}: ${n['Node Type']}`),
                at,
              ).not.toContainEqual(expect.stringContaining('Seq Scan'));
              const indexes = steps.map((n) => n['Index Name']);
              expect(indexes, at).toContain('meeting_participants_meeting_email');
              if (scope.admin) {
                expect(indexes, at).toContain('meetings_organization_start');
                if (!includePast) expect(indexes, at).toContain('meetings_organization_end');
              } else {
                for (const index of own) expect(indexes, at).toContain(index);
                expect(indexes, at).not.toContain('meetings_organization_start');
                expect(indexes, at).not.toContain('meetings_organization_end');
              }
              if (!includePast) {
                expect(indexes, at).toContain('meetings_organization_long_running');
                const walks = steps.filter((n) =>
                  ['meetings_organization_start', ...own].includes(n['Index Name'] ?? ''),
                );
                for (const n of walks) expect(n['Index Cond'], at).toMatch(/start_date >/);
              }
            }
            if (!includePast) {
              expect([...used], variant).toContain('meetings_organization_long_running');
              // Upcoming walks start at a range, never at the team's or the member's oldest.
              const walks = [...page, ...(scope.admin ? [] : count)].filter((n) =>
                ['meetings_organization_start', ...own].includes(n['Index Name'] ?? ''),
              );
              for (const n of walks) expect(n['Index Cond'], variant).toMatch(/start_date >/);
            }
          }
        }
      }
    },
    // 100,000 meetings seeded, and each kind planned three ways and run ten times.
    120_000,
  );
});

describe("the page's meetings read at once", () => {
  // One lookup per meeting of the page (a participants' subquery per meeting, a meeting and its
  // rooms by key each) read a small table once for every meeting; each part of the page now reads
  // its table once for the whole page, by the page's ids.
  it('reads the meetings, their rooms, participants and users once for the page', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const colleague = await person(t);
    await addMember(t, w.id, colleague.id, 'User');
    for (let i = 0; i < 4; i++) {
      await createMeeting(
        t,
        w.id,
        w.admin,
        meetingBody(
          t,
          [room.id],
          [{ email: w.member.email }, { email: colleague.email }, { email: 'guest@example.org' }],
          {
            name: `Review ${i}`,
            startDate: at(i + 1).toISOString(),
            endDate: at(i + 2).toISOString(),
          },
        ),
      );
    }
    const details = ['meetings', 'meeting_participants', 'meeting_rooms', 'rooms', 'users'];
    for (const [who, caller, admin] of [
      ['member', w.member, false],
      ['admin', w.admin, true],
    ] as const) {
      const scope = { organizationId: w.id, caller: callerOf(caller), admin };
      const window = { now: t.clock.now(), includePast: false, filter: '', page: 1, pageSize: 10 };
      const statement = listedPageStatement(t.ctx.db, scope, window);
      const res = await t.ctx.db.execute(sql`explain (analyze, format json) ${statement}`);
      const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
      const json = Object.values(rows[0]!)[0];
      type Step = PlanNode & { 'Actual Loops': number; Plans?: Step[] };
      const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: Step }[];
      const steps = (n: Step): Step[] => [n, ...(n.Plans ?? []).flatMap(steps)];
      const reads = steps(parsed[0]!.Plan).filter((n) =>
        details.includes(n['Relation Name'] ?? ''),
      );
      expect(reads.length, who).toBeGreaterThan(0);
      expect(
        reads.filter((n) => n['Actual Loops'] > 1).map((n) => n['Relation Name']),
        `${who}: tables read once per meeting`,
      ).toEqual([]);
      const page = await list(w.id, caller, { Page: 1, PageSize: 10 });
      expect(names(page), who).toEqual(['Review 0', 'Review 1', 'Review 2', 'Review 3']);
    }
  });
});

describe('the meetings page as its meetings, one by one', () => {
  // The page is written by PostgreSQL as one JSON value, a single meeting from its rows: each
  // listed meeting must be, byte for byte, the answer of GET for it, whoever asks.
  it('lists each meeting exactly as GET shows it, to an admin, a member and a participant', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin, { name: 'Board room' });
    const lounge = await defaultTemplate(t, 'Lounge');
    const colleague = await person(t, { firstName: 'Émile', lastName: 'Zola' });
    await addMember(t, w.id, colleague.id, 'User');
    // A time with microseconds: the answer shows milliseconds, cut, as a JavaScript date does.
    await t.ctx.db
      .update(users)
      .set({ imageUpdated: sql`'2026-03-04 05:06:07.891999+00'::timestamptz` })
      .where(eq(users.id, colleague.id));
    await t.ctx.db.insert(roomData).values(
      [true, true, false].map((isStatic, i) => ({
        roomId: room.id,
        kind: 'Object',
        isStatic,
        data: `{"n":${i}}`,
      })),
    );
    const people = [
      { email: w.member.email, participantType: 'Moderator' as const },
      { email: colleague.email },
      { email: 'zed@example.org' },
      { email: 'amy@example.org' },
    ];
    const plan = (by: Person, name: string, start: number, end: number, more = {}) =>
      createMeeting(
        t,
        w.id,
        by,
        meetingBody(t, [room.id], people, {
          name,
          startDate: at(start).toISOString(),
          endDate: at(end).toISOString(),
          ...more,
        }),
      );
    await plan(w.admin, 'Ongoing', 1.75, 5, { temporaryRooms: [lounge] });
    await plan(w.member, 'Later', 5, 6, { description: null, timezoneLabel: 'UTC' });
    const over = await plan(w.admin, 'Over', 1, 1.5);
    await plan(colleague, 'Not theirs', 3, 4, { participants: [{ email: 'amy@example.org' }] });
    await advance(t, 2 * 3600, w.admin, w.member, colleague);
    // The clock stands still, and one meeting ends half a millisecond after now: to a JavaScript
    // date, cut to the millisecond, it has ended.
    const now = t.clock.now();
    const clockNow = t.clock.now;
    t.clock.now = () => new Date(now.getTime());
    await t.ctx.db
      .update(meetings)
      .set({ endDate: sql`${now.toISOString()}::timestamptz + interval '500 microseconds'` })
      .where(eq(meetings.id, over.id));

    let compared = 0;
    for (const by of [w.admin, w.member, colleague]) {
      for (const query of [
        { Page: 1, PageSize: 10 },
        { IncludePastMeetings: 'true', Page: 1, PageSize: 10 },
      ]) {
        const res = await listCall(w.id, by, query);
        expect(res.status, res.raw.body).toBe(200);
        const page = res.body;
        expect(page.results.length).toBeGreaterThan(0);
        for (const listed of page.results) {
          const one = await callEndpoint(t, meetingsApi.get, {
            params: { organizationId: w.id, meetingId: listed.id },
            token: by.session,
          });
          expect(one.status, one.raw.body).toBe(200);
          expect(JSON.stringify(listed), `${by.email} ${JSON.stringify(query)}`).toBe(one.raw.body);
          compared++;
        }
        if (query.IncludePastMeetings) {
          expect(page.results.find((m) => m.id === over.id)?.hasEnded).toBe(true);
        }
      }
    }
    t.clock.now = clockNow;
    // The meeting that ends half a millisecond after now is still among the upcoming ones.
    expect(compared).toBe(22);
  });
});
