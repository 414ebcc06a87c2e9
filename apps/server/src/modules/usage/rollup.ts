import { usageLimits } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
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

/**
 * Recomputes one UTC day's totals from its facts, in one transaction: running it again (the
 * next hour, after a retry) writes the same rows. Rollups are serialized by a lock, so two
 * runs never write the same day's rows at once.
 */
export async function rollupDay(db: Db, day: string, gapSeconds = usageLimits.sessionGapSeconds) {
  const from = `${day}T00:00:00.000Z`;
  const to = new Date(Date.parse(from) + DAY_MS).toISOString();
  await db.transaction(async (tx: DbOrTx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roomscale.usage-rollup'))`);
    await tx.execute(userDays(day, from, to, gapSeconds));
    await tx.execute(memberDays(day, from, to));
    await tx.execute(teamDays(day, from, to));
  });
}
