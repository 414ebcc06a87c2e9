import { and, asc, desc, eq, gte, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  organizations,
  usageMemberDays,
  usageTeamDays,
  usageTeamLicenses,
  usageTeamWeeks,
  usageUserDays,
} from '../../db/schema.ts';
import { type Time, timeValue, type Value } from '../../db/values.ts';
import { licenseCount } from '../licenses/accounting.ts';
import type { WeekRange } from './weeks.ts';

/**
 * The reads of the usage insight calls. Each is a statement over the daily totals or walks an
 * index (docs/usage.md 'Indexes'); `insight.test.ts` reads their plans on PostgreSQL.
 */

const num = (e: SQL) => sql<number>`coalesce(${e}, 0)`.mapWith(Number);

/** The week (1 to weeks) of a UTC day column: weeks are cut by the range's UTC bounds. */
const weekOf = (day: SQLWrapper, r: WeekRange) =>
  sql<number>`width_bucket(${day}, ${`{${r.utcBounds.join(',')}}`}::date[])`.mapWith(Number);

const first = (r: WeekRange) => r.utcBounds[0]!;
const end = (r: WeekRange) => r.utcBounds[r.utcBounds.length - 1]!;

/** A team's days summed per week: time in VR, meetings held, attendees (usage_team_days key). */
export const teamWeeks = (db: Db, organizationId: string, r: WeekRange) =>
  db
    .select({
      week: weekOf(usageTeamDays.day, r),
      secondsInVr: num(sql`sum(${usageTeamDays.secondsInVr})`),
      meetingsHeld: num(sql`sum(${usageTeamDays.meetingsHeld})`),
      userAttendees: num(sql`sum(${usageTeamDays.userAttendees})`),
      guestAttendees: num(sql`sum(${usageTeamDays.guestAttendees})`),
    })
    .from(usageTeamDays)
    .where(
      and(
        eq(usageTeamDays.organizationId, organizationId),
        gte(usageTeamDays.day, first(r)),
        lt(usageTeamDays.day, end(r)),
      ),
    )
    .groupBy(sql`1`);

/**
 * A team's distinct members in VR per week, and of them those holding a License (licenses
 * used): the week's member days (usage_member_days key).
 */
export const memberWeeks = (db: Db, organizationId: string, r: WeekRange) =>
  db
    .select({
      week: weekOf(usageMemberDays.day, r),
      activeUsers: num(
        sql`count(distinct ${usageMemberDays.userId}) filter (where ${usageMemberDays.inVr})`,
      ),
      licensesUsed: num(
        sql`count(distinct ${usageMemberDays.userId}) filter (where ${usageMemberDays.inVr} and ${usageMemberDays.licensed})`,
      ),
    })
    .from(usageMemberDays)
    .where(
      and(
        eq(usageMemberDays.organizationId, organizationId),
        gte(usageMemberDays.day, first(r)),
        lt(usageMemberDays.day, end(r)),
      ),
    )
    .groupBy(sql`1`);

/**
 * A team's distinct members in VR per week and licenses used, kept by the rollup per ISO week
 * (UTC): one row a week (usage_team_weeks key). Only for a range whose weeks are UTC weeks
 * (`utcWeeks`); other zones read `memberWeeks`.
 */
export const teamWeekCounts = (db: Db, organizationId: string, r: WeekRange) =>
  db
    .select({
      week: weekOf(usageTeamWeeks.week, r),
      activeUsers: usageTeamWeeks.activeUsers,
      licensesUsed: usageTeamWeeks.licensesUsed,
    })
    .from(usageTeamWeeks)
    .where(
      and(
        eq(usageTeamWeeks.organizationId, organizationId),
        gte(usageTeamWeeks.week, first(r)),
        lt(usageTeamWeeks.week, end(r)),
      ),
    );

/**
 * The licenses a team held, per week: the count of the week's last day recorded
 * (usage_team_licenses key), and the last day recorded before the period (week 0), which the
 * weeks without a record carry on.
 */
export const licensesHeldWeeks = (db: Db, organizationId: string, r: WeekRange) =>
  db
    .selectDistinctOn([sql`1`], {
      week: weekOf(usageTeamLicenses.day, r),
      licensesHeld: usageTeamLicenses.licensesHeld,
    })
    .from(usageTeamLicenses)
    .where(
      and(
        eq(usageTeamLicenses.organizationId, organizationId),
        lt(usageTeamLicenses.day, end(r)),
        // Week 0: the days before the period, of which only the last is read.
        sql`${usageTeamLicenses.day} >= (select coalesce(max(p.day), ${first(r)}::date)
          from usage_team_licenses p
          where p.organization_id = ${organizationId} and p.day < ${first(r)}::date)`,
      ),
    )
    .orderBy(sql`1`, desc(usageTeamLicenses.day));

/** The platform's distinct users in VR and their time per week (usage_user_days_day). */
export const platformUserWeeks = (db: Db, r: WeekRange) =>
  db
    .select({
      week: weekOf(usageUserDays.day, r),
      activeUsers: num(
        sql`count(distinct ${usageUserDays.userId}) filter (where ${usageUserDays.checkIns} > 0)`,
      ),
      secondsInVr: num(sql`sum(${usageUserDays.secondsInVr})`),
    })
    .from(usageUserDays)
    .where(and(gte(usageUserDays.day, first(r)), lt(usageUserDays.day, end(r))))
    .groupBy(sql`1`);

/** The platform's active teams and meetings held per week (usage_team_days_day). */
export const platformTeamWeeks = (db: Db, r: WeekRange) =>
  db
    .select({
      week: weekOf(usageTeamDays.day, r),
      activeTeams: num(sql`count(distinct ${usageTeamDays.organizationId})`),
      meetingsHeld: num(sql`sum(${usageTeamDays.meetingsHeld})`),
    })
    .from(usageTeamDays)
    .where(and(gte(usageTeamDays.day, first(r)), lt(usageTeamDays.day, end(r))))
    .groupBy(sql`1`);

/**
 * The teams holding licenses, ranked by the share of them used over the period (distinct
 * licensed members in VR, each team's member days by its key), the most or the least first.
 */
export function licenseUseRanking(
  db: Db,
  r: WeekRange,
  now: Date,
  order: 'most' | 'least',
  limit: number,
) {
  const held = licenseCount(sql`${organizations.id}`, now);
  const used = sql<number>`(select count(distinct md.user_id)::int from usage_member_days md
    where md.organization_id = ${organizations.id}
      and md.day >= ${first(r)}::date and md.day < ${end(r)}::date
      and md.licensed and md.in_vr)`.mapWith(Number);
  const ranked = db
    .select({
      organizationId: sql<string>`t.id`,
      name: sql<string>`t.name`,
      licensesHeld: sql<number>`t.held`.mapWith(Number),
      licensesUsed: sql<number>`t.used`.mapWith(Number),
    })
    .from(
      db
        .select({
          id: organizations.id,
          name: organizations.name,
          held: sql`${held}`.as('held'),
          used: sql`${used}`.as('used'),
        })
        .from(organizations)
        .as('t'),
    )
    .where(sql`t.held > 0`);
  const share = sql`t.used::float8 / t.held`;
  return ranked
    .orderBy(order === 'most' ? desc(share) : asc(share), sql`t.name`, sql`t.id`)
    .limit(limit);
}

/**
 * 'Last in VR' of a member of the team: the later of their latest check-in among the facts
 * (`usage_user_last_check_in`, which the triggers of migration 0030 keep equal to the latest of
 * the user's `usage_check_ins`) and the one the rollup kept beyond the raw facts
 * (`usage_member_last_in_vr`), null if never. Read for the rows of a list at once: its two places
 * read for all the rows (`ids`, an array of their user ids), each by its key with `= any(ids)`,
 * and joined to the rows (`from`, after them; `userId` names a row's user), the later of the two
 * in `at`. A subquery per row cost more than reading the row (on a small table PostgreSQL scans
 * it for each row). Read by the keys, never the whole table: a join on the user alone let PostgreSQL
 * hash all of `usage_user_last_check_in` (one row per user in VR) for a page of 50.
 */
export const lastInVrOfRows = (userId: SQL, organizationId: Value, ids: SQL) => ({
  from: sql`left join (select k.user_id, k.at from usage_user_last_check_in k
      where k.user_id = any(${ids})) last_k on last_k.user_id = ${userId}
    left join (select l.user_id, l.last_in_vr_at from usage_member_last_in_vr l
      where l.organization_id = ${organizationId} and l.user_id = any(${ids})) last_l
      on last_l.user_id = ${userId}`,
  at: sql`greatest(last_k.at, last_l.last_in_vr_at)`,
});

/**
 * A member with no check-in since `sinceAt`: none kept by the rollup (the team's members in
 * VR since then are one range of `usage_member_last_in_vr_organization_at`) and none among the
 * facts (`usage_check_ins_user_at`, one probe per member left).
 */
export const notInVrSince = (userId: SQL, organizationId: Value, sinceAt: Time) =>
  sql`(${userId} not in (select l.user_id from usage_member_last_in_vr l
      where l.organization_id = ${organizationId}
        and l.last_in_vr_at >= ${timeValue(sinceAt)}::timestamptz)
    and not exists (select 1 from usage_check_ins ci
      where ci.user_id = ${userId} and ci.at >= ${timeValue(sinceAt)}::timestamptz))`;

/**
 * Who joined a meeting (`usage_meeting_joins_meeting_at`): one row per person, their first and
 * last join, and for a user their next join of another meeting after it
 * (`usage_meeting_joins_user_at`), where their time in this one ends at the latest.
 */
export const meetingJoiners = (meetingId: string) => sql`
  select j.user_id, j.guest_id, j.guest_email, j.first_join, j.last_join,
    u.first_name, u.last_name, u.email,
    (select min(o.at) from usage_meeting_joins o
      where j.user_id is not null and o.user_id = j.user_id and o.at > j.last_join
        and o.meeting_id <> ${meetingId}) as next_join
  from (select user_id, guest_id, max(guest_email) as guest_email,
          min(at) as first_join, max(at) as last_join
        from usage_meeting_joins where meeting_id = ${meetingId}
        group by user_id, guest_id) j
  left join users u on u.id = j.user_id
  order by j.first_join, j.user_id, j.guest_id`;

/** One person's check-ins from `from` to `to` in time order (their `*_at` index). */
export const checkInsBetween = (
  person: { userId: string | null; guestId: string | null },
  from: Date,
  to: Date,
) =>
  person.userId
    ? sql`select at from usage_check_ins where user_id = ${person.userId}
        and at >= ${from.toISOString()}::timestamptz and at <= ${to.toISOString()}::timestamptz
        order by at`
    : sql`select at from usage_check_ins where guest_id = ${person.guestId}
        and at >= ${from.toISOString()}::timestamptz and at <= ${to.toISOString()}::timestamptz
        order by at`;

/** A meeting's invitees, with the user's names (`meeting_participants_meeting_email`). */
export const meetingInvitees = (meetingId: string) => sql`
  select p.user_id, p.email, u.first_name, u.last_name
  from meeting_participants p left join users u on u.id = p.user_id
  where p.meeting_id = ${meetingId}
  order by p.email`;
