import { usageLimits } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { licenseCount } from '../licenses/accounting.ts';
import { activeMembershipSql } from '../organizations/membership.ts';

const DAY_MS = 86_400_000;

/** The UTC day `at` falls in, as `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The days a rollup at `now` recomputes: the last `usageLimits.rollupDays` up to today (UTC), none older than the facts kept. */
export function rollupDaysAt(now: Date, factRetentionDays: number): string[] {
  const today = Date.parse(utcDay(now));
  // The oldest day whose facts are all still kept: the sweep takes facts older than the horizon.
  const oldest = Date.parse(utcDay(new Date(now.getTime() - factRetentionDays * DAY_MS))) + DAY_MS;
  const days: string[] = [];
  for (let i = usageLimits.rollupDays - 1; i >= 0; i--) {
    const day = today - i * DAY_MS;
    if (day >= oldest) days.push(utcDay(new Date(day)));
  }
  return days;
}

/**
 * Each user's day from the facts: their check-ins (all devices, as one timeline) cut into
 * sessions where a check-in comes more than `gapSeconds` after the one before; a session lasts
 * from its first check-in to its last. A gap of exactly `gapSeconds` keeps the session going.
 */
const userDays = (day: string, from: string, to: string, gapSeconds: number) => sql`
  insert into usage_user_days as d (user_id, day, check_ins, sessions, seconds_in_vr,
    meetings_joined, first_seen_at, last_seen_at)
  with c as (
    select user_id, at,
      case when at - lag(at) over (partition by user_id order by at)
        <= make_interval(secs => ${gapSeconds}::int) then 0 else 1 end as starts
    from usage_check_ins
    where user_id is not null and at >= ${from}::timestamptz and at < ${to}::timestamptz
  ), numbered as (
    select user_id, at,
      sum(starts) over (partition by user_id order by at rows unbounded preceding) as session
    from c
  ), sessions as (
    select user_id, min(at) as first, max(at) as last, count(*) as check_ins
    from numbered group by user_id, session
  ), vr as (
    select user_id, sum(check_ins)::int as check_ins, count(*)::int as sessions,
      round(sum(extract(epoch from last - first)))::int as seconds, min(first) as first,
      max(last) as last
    from sessions group by user_id
  ), joins as (
    select user_id, count(distinct meeting_id)::int as meetings
    from usage_meeting_joins
    where user_id is not null and at >= ${from}::timestamptz and at < ${to}::timestamptz
    group by user_id
  )
  select u.id, ${day}::date, coalesce(vr.check_ins, 0), coalesce(vr.sessions, 0),
    coalesce(vr.seconds, 0), coalesce(joins.meetings, 0), vr.first, vr.last
  from vr full join joins on joins.user_id = vr.user_id
    join users u on u.id = coalesce(vr.user_id, joins.user_id)
  on conflict (user_id, day) do update set check_ins = excluded.check_ins,
    sessions = excluded.sessions, seconds_in_vr = excluded.seconds_in_vr,
    meetings_joined = excluded.meetings_joined, first_seen_at = excluded.first_seen_at,
    last_seen_at = excluded.last_seen_at`;

/**
 * The user's day credited to each team they are an active member of now, with the license they
 * hold; the meetings they joined counted per team. Guests have no user day, so no member day.
 */
const memberDays = (day: string, from: string, to: string) => sql`
  insert into usage_member_days (organization_id, day, user_id, licensed, in_vr, sessions,
    seconds_in_vr, meetings_joined)
  select m.organization_id, d.day, d.user_id, m.license_type = 'License', d.check_ins > 0,
    d.sessions, d.seconds_in_vr,
    (select count(distinct j.meeting_id) from usage_meeting_joins j
      where j.user_id = d.user_id and j.organization_id = m.organization_id
        and j.at >= ${from}::timestamptz and j.at < ${to}::timestamptz)::int
  from usage_user_days d
    join memberships m on m.user_id = d.user_id and ${activeMembershipSql('m')}
  where d.day = ${day}::date
  on conflict (organization_id, day, user_id) do update set licensed = excluded.licensed,
    in_vr = excluded.in_vr, sessions = excluded.sessions, seconds_in_vr = excluded.seconds_in_vr,
    meetings_joined = excluded.meetings_joined`;

/** A team's day: its members' use (from their member days) and its meetings' attendance. */
const teamDays = (day: string, from: string, to: string) => sql`
  insert into usage_team_days as t (organization_id, day, active_users, licensed_active_users,
    sessions, seconds_in_vr, meetings_held, user_attendees, guest_attendees, room_changes)
  with members as (
    select organization_id,
      count(*) filter (where in_vr)::int as active,
      count(*) filter (where in_vr and licensed)::int as licensed_active,
      sum(sessions)::int as sessions, sum(seconds_in_vr)::int as seconds
    from usage_member_days where day = ${day}::date group by organization_id
  ), joins as (
    select organization_id, count(distinct meeting_id)::int as held,
      count(distinct user_id)::int as users, count(distinct guest_id)::int as guests
    from usage_meeting_joins
    where organization_id is not null and at >= ${from}::timestamptz and at < ${to}::timestamptz
    group by organization_id
  ), rooms as (
    select organization_id, count(*)::int as changes
    from usage_room_changes
    where organization_id is not null and at >= ${from}::timestamptz and at < ${to}::timestamptz
    group by organization_id
  ), teams as (
    select organization_id from members union select organization_id from joins
    union select organization_id from rooms
  )
  select o.id, ${day}::date, coalesce(members.active, 0), coalesce(members.licensed_active, 0),
    coalesce(members.sessions, 0), coalesce(members.seconds, 0), coalesce(joins.held, 0),
    coalesce(joins.users, 0), coalesce(joins.guests, 0), coalesce(rooms.changes, 0)
  from teams join organizations o on o.id = teams.organization_id
    left join members on members.organization_id = o.id
    left join joins on joins.organization_id = o.id
    left join rooms on rooms.organization_id = o.id
  on conflict (organization_id, day) do update set active_users = excluded.active_users,
    licensed_active_users = excluded.licensed_active_users, sessions = excluded.sessions,
    seconds_in_vr = excluded.seconds_in_vr, meetings_held = excluded.meetings_held,
    user_attendees = excluded.user_attendees, guest_attendees = excluded.guest_attendees,
    room_changes = excluded.room_changes`;

/** The Monday (UTC) of the ISO week a UTC day falls in, as `YYYY-MM-DD`. */
export function isoWeekOf(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return utcDay(new Date(ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS));
}

/**
 * The ISO weeks (UTC) of the members with a day `day`: each member's week recomputed from their
 * member days of that week (in VR on one of them; in VR on a day they held a License).
 */
const memberWeeks = (day: string, week: string) => sql`
  insert into usage_member_weeks (organization_id, week, user_id, in_vr, licensed_in_vr)
  select md.organization_id, ${week}::date, md.user_id, bool_or(md.in_vr),
    bool_or(md.in_vr and md.licensed)
  from usage_member_days today
    cross join generate_series(${week}::date, ${week}::date + 6, interval '1 day') w(day)
    join usage_member_days md on md.organization_id = today.organization_id
      and md.day = w.day::date and md.user_id = today.user_id
  where today.day = ${day}::date
  group by md.organization_id, md.user_id
  on conflict (organization_id, week, user_id) do update set in_vr = excluded.in_vr,
    licensed_in_vr = excluded.licensed_in_vr`;

/** The weeks of the teams with a member day `day`: their member weeks counted. */
const teamWeeks = (day: string, week: string) => sql`
  insert into usage_team_weeks (organization_id, week, active_users, licenses_used)
  select mw.organization_id, ${week}::date, count(*) filter (where mw.in_vr)::int,
    count(*) filter (where mw.licensed_in_vr)::int
  from usage_member_weeks mw
  where mw.week = ${week}::date and mw.organization_id in
    (select organization_id from usage_member_days where day = ${day}::date)
  group by mw.organization_id
  on conflict (organization_id, week) do update set active_users = excluded.active_users,
    licenses_used = excluded.licenses_used`;

/** Each member in VR on `day`: their last check-in of it, if later than the one kept. */
const memberLastInVr = (day: string) => sql`
  insert into usage_member_last_in_vr as l (organization_id, user_id, last_in_vr_at)
  select md.organization_id, md.user_id, ud.last_seen_at
  from usage_member_days md
    join usage_user_days ud on ud.user_id = md.user_id and ud.day = md.day
  where md.day = ${day}::date and md.in_vr and ud.last_seen_at is not null
  on conflict (organization_id, user_id) do update
    set last_in_vr_at = greatest(l.last_in_vr_at, excluded.last_in_vr_at)`;

/**
 * Fills the weekly totals and the members' last day in VR from the daily totals kept before
 * they existed, once (marked in usage_rollup_backfills): every member week from the member days,
 * every team week from those, each member's latest user day in VR.
 */
const BACKFILL = 'weeks-last-in-vr';
async function backfill(tx: DbOrTx, now: Date) {
  const done = (await tx.execute(
    sql`select 1 from usage_rollup_backfills where name = ${BACKFILL}`,
  )) as unknown as { rows: unknown[] };
  if (done.rows.length > 0) return;
  await tx.execute(sql`
    insert into usage_member_weeks (organization_id, week, user_id, in_vr, licensed_in_vr)
    select organization_id, date_trunc('week', day)::date, user_id, bool_or(in_vr),
      bool_or(in_vr and licensed)
    from usage_member_days group by 1, 2, 3
    on conflict do nothing`);
  await tx.execute(sql`
    insert into usage_team_weeks (organization_id, week, active_users, licenses_used)
    select organization_id, week, count(*) filter (where in_vr)::int,
      count(*) filter (where licensed_in_vr)::int
    from usage_member_weeks group by 1, 2
    on conflict (organization_id, week) do update set active_users = excluded.active_users,
      licenses_used = excluded.licenses_used`);
  await tx.execute(sql`
    insert into usage_member_last_in_vr as l (organization_id, user_id, last_in_vr_at)
    select md.organization_id, md.user_id, max(ud.last_seen_at)
    from usage_member_days md
      join usage_user_days ud on ud.user_id = md.user_id and ud.day = md.day
    where md.in_vr and ud.last_seen_at is not null
    group by 1, 2
    on conflict (organization_id, user_id) do update
      set last_in_vr_at = greatest(l.last_in_vr_at, excluded.last_in_vr_at)`);
  await tx.execute(
    sql`insert into usage_rollup_backfills (name, done_at) values (${BACKFILL}, ${now.toISOString()}::timestamptz)`,
  );
}

const LOCK = sql`select pg_advisory_xact_lock(hashtext('roomscale.usage-rollup'))`;

/**
 * Recomputes one UTC day's totals from its facts, in one transaction: running it again (the
 * next hour, after a retry) writes the same rows. Rollups are serialized by a lock, so two
 * runs never write the same day's rows at once.
 */
export async function rollupDay(
  db: Db,
  day: string,
  gapSeconds = usageLimits.sessionGapSeconds,
  now = new Date(),
) {
  const from = `${day}T00:00:00.000Z`;
  const to = new Date(Date.parse(from) + DAY_MS).toISOString();
  const week = isoWeekOf(day);
  await db.transaction(async (tx: DbOrTx) => {
    await tx.execute(LOCK);
    await backfill(tx, now);
    await tx.execute(userDays(day, from, to, gapSeconds));
    await tx.execute(memberDays(day, from, to));
    await tx.execute(teamDays(day, from, to));
    await tx.execute(memberWeeks(day, week));
    await tx.execute(teamWeeks(day, week));
    await tx.execute(memberLastInVr(day));
  });
}

/**
 * The licenses each team holds at `now`, kept as its UTC day's count (the day's last run
 * wins): every team holding some, and a team that held some before (so a drop to none shows).
 * Past days cannot be counted again: holdings are not kept elsewhere.
 */
export async function recordLicensesHeld(db: Db, now: Date) {
  const held = licenseCount(sql`o.id`, now);
  await db.transaction(async (tx: DbOrTx) => {
    await tx.execute(LOCK);
    await tx.execute(sql`
      insert into usage_team_licenses (organization_id, day, licenses_held)
      select o.id, ${utcDay(now)}::date, t.held
      from organizations o, lateral (select ${held} as held) t
      where t.held > 0 or exists (select 1 from usage_team_licenses p where p.organization_id = o.id)
      on conflict (organization_id, day) do update set licenses_held = excluded.licenses_held`);
  });
}
