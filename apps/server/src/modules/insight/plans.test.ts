import { insightLimits } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type PlanNode, planSteps } from '../../test/plans.ts';
import { deviceCount, deviceCountCap, devicePage } from './devices.ts';
import {
  lastInVrOfRows,
  licensesHeldWeeks,
  meetingJoiners,
  memberWeeks,
  notInVrSince,
  platformTeamWeeks,
  teamWeekCounts,
  teamWeeks,
} from './queries.ts';
import { weekRange } from './weeks.ts';

/**
 * The insight reads at scale on PostgreSQL (the planner's choices follow the table sizes): a
 * team's weeks walk the daily totals' keys for its 12 weeks, the per-user reads the check-ins'
 * (user, time) index, a meeting's joins its (meeting, time) index.
 */
describe.runIf(process.env.TEST_PG_URL)('insight plans at scale', () => {
  let t: TestApp;
  let teamId: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t);
    userId = user.id;
    const teams: string[] = [];
    for (let i = 0; i < 30; i++) teams.push((await createTeam(t, user.id, `Team ${i}`)).id);
    teamId = teams[0]!;
    const ids = sql.raw(`array[${teams.map((id) => `'${id}'::uuid`).join(',')}]`);
    // Three years of days for 30 teams; a member's day for each; 200,000 check-ins of 2,000 users.
    await t.ctx.db.execute(sql`insert into usage_team_days
      select o, d::date, 5, 3, 5, 3600, 1, 2, 1, 0
      from unnest(${ids}) o, generate_series(now() - interval '1095 days', now(), interval '1 day') d`);
    await t.ctx.db.execute(sql`insert into usage_member_days
      select o, d::date, ${userId}::uuid, true, true, 1, 600, 0
      from unnest(${ids}) o, generate_series(now() - interval '1095 days', now(), interval '1 day') d`);
    // 2,000 more users (copies of the first), each with 90 days in VR.
    await t.ctx.db.execute(sql`insert into users
      select (jsonb_populate_record(null::users, to_jsonb(u) || jsonb_build_object(
        'id', gen_random_uuid(), 'email', i || '-' || u.email))).*
      from users u, generate_series(1, 2000) i where u.id = ${userId}::uuid`);
    await t.ctx.db.execute(sql`insert into usage_user_days
      select u.id, d::date, 12, 1, 3600, 0, d, d + interval '1 hour'
      from users u, generate_series(now() - interval '90 days', now(), interval '1 day') d`);
    await t.ctx.db.execute(sql`insert into usage_check_ins (at, user_id, seat_key, device_name, conflicted)
      select now() - (i || ' minutes')::interval, md5((i % 2000)::text)::uuid, 's', 'Quest', false
      from generate_series(1, 200000) i`);
    await t.ctx.db.execute(sql`insert into usage_meeting_joins (at, meeting_id, user_id)
      select now() - (i || ' minutes')::interval, md5((i % 5000)::text)::uuid, md5((i % 2000)::text)::uuid
      from generate_series(1, 50000) i`);
    // Their weeks, licenses held and each member's last day in VR, as the rollup keeps them.
    await t.ctx.db.execute(sql`insert into usage_member_weeks
      select o, date_trunc('week', d)::date, ${userId}::uuid, true, true
      from unnest(${ids}) o, generate_series(now() - interval '1095 days', now(), interval '7 days') d`);
    await t.ctx.db.execute(sql`insert into usage_team_weeks
      select organization_id, week, 1, 1 from usage_member_weeks`);
    await t.ctx.db.execute(sql`insert into usage_team_licenses
      select o, d::date, 10
      from unnest(${ids}) o, generate_series(now() - interval '1095 days', now(), interval '1 day') d`);
    // The 2,000 users members of the first team, each in VR within the last 90 days.
    await t.ctx.db.execute(sql`insert into memberships (organization_id, user_id, role, license_type)
      select ${teamId}::uuid, u.id, 'User', 'License' from users u where u.id <> ${userId}::uuid`);
    await t.ctx.db.execute(sql`insert into usage_member_last_in_vr
      select o, u.id, now() - random() * interval '90 days'
      from unnest(${ids}) o, users u`);
    // Every user holds a seat (the triggers copy each beside the teams of its user), and the
    // 2,000 are members of the second team too: the team's devices are half the copies.
    await t.ctx.db.execute(sql`insert into seats
      select u.id, 'seat-' || u.id, 'Quest 3', now() - interval '1 day',
        now() - random() * interval '1 day'
      from users u`);
    await t.ctx.db.execute(sql`insert into memberships (organization_id, user_id, role, license_type)
      select ${teams[1]!}::uuid, u.id, 'User', 'Trial' from users u where u.id <> ${userId}::uuid`);
    // The platform holds more people than the team: 20,000 users of other teams or none.
    await t.ctx.db.execute(sql`insert into users
      select (jsonb_populate_record(null::users, to_jsonb(u) || jsonb_build_object(
        'id', gen_random_uuid(), 'email', 'platform-' || i || '-' || u.email))).*
      from users u, generate_series(1, 20000) i where u.id = ${userId}::uuid`);
    await t.ctx.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => t?.close());

  const indexes = async (q: Parameters<typeof planSteps>[1]) =>
    (await planSteps(t.ctx.db, q)).map((n) => n['Index Name'] ?? n['Node Type']);

  it("a team's weeks read the daily totals' keys", async () => {
    const r = weekRange(new Date(), 'Europe/Berlin');
    expect(await indexes(teamWeeks(t.ctx.db, teamId, r))).toContain(
      'usage_team_days_organization_id_day_pk',
    );
    expect(await indexes(memberWeeks(t.ctx.db, teamId, r))).toContain(
      'usage_member_days_organization_id_day_user_id_pk',
    );
    expect(await indexes(platformTeamWeeks(t.ctx.db, r))).toContain('usage_team_days_day');
  });

  it("a team's weekly totals and licenses held read their keys, 12 weeks of rows", async () => {
    const r = weekRange(new Date(), 'Europe/Berlin');
    const weeks = await planSteps(t.ctx.db, teamWeekCounts(t.ctx.db, teamId, r));
    expect(weeks.map((n) => n['Index Name'])).toContain('usage_team_weeks_organization_id_week_pk');
    expect(weeks.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    const held = await indexes(licensesHeldWeeks(t.ctx.db, teamId, r));
    expect(held).toContain('usage_team_licenses_organization_id_day_pk');
    expect(held).not.toContain('Seq Scan');
  });

  it("'Licensed, not in VR for 30 days' reads the team's recent members by their index", async () => {
    const plan = await planSteps(
      t.ctx.db,
      sql`select count(*) from memberships m
        where m.organization_id = ${teamId}::uuid and m.license_type = 'License'
          and ${notInVrSince(sql`m.user_id`, teamId, new Date(Date.now() - insightLimits.notInVrDays * 86_400_000))}`,
    );
    const steps = plan.map((n) => n['Index Name'] ?? n['Node Type']);
    expect(steps).toContain('usage_member_last_in_vr_organization_at');
    expect(steps).toContain('usage_check_ins_user_at');
    const scanned = plan.filter((n) => n['Node Type'] === 'Seq Scan');
    expect(scanned.map((n) => n['Relation Name'])).not.toContain('usage_member_last_in_vr');
    expect(scanned.map((n) => n['Relation Name'])).not.toContain('usage_check_ins');
  });

  it("'Last in VR', the devices' app version and a meeting's joins read their indexes", async () => {
    const last = lastInVrOfRows(sql`u.id`, teamId, sql`array[${userId}::uuid]`);
    const steps = await indexes(
      sql`select ${last.at} from (select ${userId}::uuid as id) u ${last.from}`,
    );
    expect(steps).toContain('usage_user_last_check_in_pkey');
    expect(steps).toContain('usage_member_last_in_vr_organization_id_user_id_pk');
    const devices = await indexes(devicePage(teamId, null, 50, 0));
    expect(devices).toContain('usage_check_ins_user_at');
    // The latest refused device: one probe of the refused check-ins, not a walk of the day's.
    expect(devices).toContain('usage_check_ins_user_conflicted_at');
    expect(await indexes(devicePage(teamId, 'quest%', 50, 0))).toContain('usage_check_ins_user_at');
    const joins = await indexes(meetingJoiners('00000000-0000-4000-8000-000000000000'));
    expect(joins).toContain('usage_meeting_joins_meeting_at');
    expect(joins).not.toContain('Seq Scan');
  });

  it("the devices list's page and count walk the team's seats by last seen: no sort, no scan", async () => {
    const page = await planSteps(t.ctx.db, devicePage(teamId, null, 25, 0));
    const steps = page.map((n) => n['Index Name'] ?? n['Node Type']);
    expect(steps).toContain('team_seats_last_seen');
    expect(steps).not.toContain('Seq Scan');
    expect(steps).not.toContain('WindowAgg');
    // The one sort by last seen is of the page's own rows (the statement's last order).
    const sorts = (page as (PlanNode & { 'Sort Key'?: string[]; 'Plan Rows'?: number })[]).filter(
      (n) => n['Node Type'] === 'Sort' && String(n['Sort Key']).includes('last_seen_at'),
    );
    expect(sorts.map((n) => n['Plan Rows'])).toEqual([25]);
    const count = await planSteps(t.ctx.db, deviceCount(teamId, null, deviceCountCap(25, 0)));
    expect(count.map((n) => n['Index Name'])).toContain('team_seats_last_seen');
    expect(count.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(count.map((n) => n['Node Type'])).not.toContain('Sort');
  });
});
