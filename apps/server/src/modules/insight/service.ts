import {
  insightLimits,
  insightMessages,
  type MeetingAttendance,
  type PlatformUsage,
  type TeamDevicePage,
  type TeamUsage,
  type teamDeviceListQuery,
  usageLimits,
} from '@roomscale/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { meetings } from '../../db/schema.ts';
import type { TeamContext } from '../../platform/http/access.ts';
import { likePattern, paged } from '../../platform/http/paging.ts';
import { badRequest, notFound } from '../../platform/http/problem.ts';
import { licensingSummary } from '../licenses/accounting.ts';
import { deviceCount, deviceCountCap, devicePage } from './devices.ts';
import { type DeviceRow, presentDevice, presentName } from './presenter.ts';
import {
  checkInsBetween,
  licensesHeldWeeks,
  licenseUseRanking,
  meetingInvitees,
  meetingJoiners,
  memberWeeks,
  platformTeamWeeks,
  platformUserWeeks,
  teamWeekCounts,
  teamWeeks,
} from './queries.ts';
import { byWeek, utcWeeks, weekRange } from './weeks.ts';

type Row = Record<string, unknown>;
const rowsOf = async <R = Row>(db: Db, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: R[] }).rows;

/**
 * A team's 12 weeks (team admins): the weekly sums of its day rows, in the caller's zone; its
 * active users and licenses used from the weekly totals when the zone's weeks are UTC weeks,
 * else from the member days; the licenses held each week as recorded by the rollup.
 */
export async function teamUsage(
  ctx: AppContext,
  team: TeamContext,
  q: { timeZone: string },
): Promise<TeamUsage> {
  const now = ctx.clock.now();
  const r = weekRange(now, q.timeZone);
  const [days, members, held, licensing] = await Promise.all([
    teamWeeks(ctx.db, team.organizationId, r),
    utcWeeks(r)
      ? teamWeekCounts(ctx.db, team.organizationId, r)
      : memberWeeks(ctx.db, team.organizationId, r),
    licensesHeldWeeks(ctx.db, team.organizationId, r),
    licensingSummary(ctx.db, team.organizationId, now),
  ]);
  const memberOf = new Map(members.map((m) => [m.week, m]));
  const heldPerWeek = heldEachWeek(r.weekStarts.length, held, licensing.licenseCount);
  return {
    timeZone: r.timeZone,
    from: r.from,
    to: r.to,
    licensesHeld: licensing.licenseCount,
    weeks: byWeek(r.weekStarts, days, (weekStart, d, week) => {
      const m = memberOf.get(week);
      return {
        weekStart,
        activeUsers: m?.activeUsers ?? 0,
        licensesUsed: m?.licensesUsed ?? 0,
        licensesHeld: heldPerWeek[week - 1]!,
        secondsInVr: d?.secondsInVr ?? 0,
        meetingsHeld: d?.meetingsHeld ?? 0,
        userAttendees: d?.userAttendees ?? 0,
        guestAttendees: d?.guestAttendees ?? 0,
      };
    }),
  };
}

/**
 * The licenses held in each of `weeks` weeks: the week's recorded count, else the last one
 * before it (week 0: before the period); weeks before any record the first recorded after
 * them, or `now` when none is (docs/usage.md 'Licenses held').
 */
export function heldEachWeek(
  weeks: number,
  rows: { week: number; licensesHeld: number }[],
  now: number,
): number[] {
  const of = new Map(rows.map((r) => [r.week, r.licensesHeld]));
  const held: (number | undefined)[] = [];
  let last = of.get(0);
  for (let w = 1; w <= weeks; w++) {
    last = of.get(w) ?? last;
    held.push(last);
  }
  let next = now;
  for (let i = weeks - 1; i >= 0; i--) {
    if (held[i] === undefined) held[i] = next;
    else next = held[i]!;
  }
  return held as number[];
}

/** The platform's 12 weeks and the teams using the most and the least of their licenses. */
export async function platformUsage(
  ctx: AppContext,
  q: { timeZone: string },
): Promise<PlatformUsage> {
  const now = ctx.clock.now();
  const r = weekRange(now, q.timeZone);
  const n = insightLimits.licenseRankCount;
  const [users, teams, most, least] = await Promise.all([
    platformUserWeeks(ctx.db, r),
    platformTeamWeeks(ctx.db, r),
    licenseUseRanking(ctx.db, r, now, 'most', n),
    licenseUseRanking(ctx.db, r, now, 'least', n),
  ]);
  const teamOf = new Map(teams.map((t) => [t.week, t]));
  const share = <T extends { licensesHeld: number; licensesUsed: number }>(t: T) => ({
    ...t,
    share: t.licensesHeld > 0 ? t.licensesUsed / t.licensesHeld : 0,
  });
  return {
    timeZone: r.timeZone,
    from: r.from,
    to: r.to,
    weeks: byWeek(r.weekStarts, users, (weekStart, u, week) => {
      const t = teamOf.get(week);
      return {
        weekStart,
        activeUsers: u?.activeUsers ?? 0,
        activeTeams: t?.activeTeams ?? 0,
        secondsInVr: u?.secondsInVr ?? 0,
        meetingsHeld: t?.meetingsHeld ?? 0,
      };
    }),
    mostLicenseUse: most.map(share),
    leastLicenseUse: least.map(share),
  };
}

/**
 * Seconds of use in time-ordered instants: sessions cut where a gap passes the session gap
 * (docs/usage.md 'Sessions of VR use'), each from its first instant to its last.
 */
export function sessionSeconds(times: number[]): number {
  const gap = usageLimits.sessionGapSeconds * 1000;
  let total = 0;
  let start = times[0];
  let last = times[0];
  for (const at of times.slice(1)) {
    if (at - last! > gap) {
      total += last! - start!;
      start = at;
    }
    last = at;
  }
  return start === undefined ? 0 : Math.round((total + last! - start) / 1000);
}

type JoinerRow = {
  user_id: string | null;
  guest_id: string | null;
  guest_email: string | null;
  first_join: Date | string;
  last_join: Date | string;
  next_join: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

/**
 * A started meeting's attendance (its moderators and the team's admins, by the route's rule):
 * each person who joined it, from their first join to their last check-in before the meeting
 * ended (or, for a user, before they joined another meeting), and how long: their joins and
 * check-ins in that time cut into sessions by the session rule. Invitees who never joined apart.
 */
export async function meetingAttendance(
  ctx: AppContext,
  team: TeamContext,
  meetingId: string,
): Promise<MeetingAttendance> {
  const [m] = await ctx.db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.organizationId, team.organizationId)));
  if (!m) throw notFound();
  const now = ctx.clock.now();
  if (m.startDate.getTime() > now.getTime()) throw badRequest(insightMessages.meetingNotStarted);
  const until = new Date(Math.min(m.endDate.getTime(), now.getTime()));
  const [joiners, invitees] = await Promise.all([
    rowsOf<JoinerRow>(ctx.db, meetingJoiners(meetingId)),
    rowsOf<{
      user_id: string | null;
      email: string;
      first_name: string | null;
      last_name: string | null;
    }>(ctx.db, meetingInvitees(meetingId)),
  ]);
  const attendees = await Promise.all(
    joiners.map(async (j) => {
      const firstJoin = new Date(j.first_join);
      const lastJoin = new Date(j.last_join);
      const end = new Date(
        Math.min(until.getTime(), j.next_join ? new Date(j.next_join).getTime() : Infinity),
      );
      const checkIns =
        end.getTime() > firstJoin.getTime()
          ? await rowsOf<{ at: Date | string }>(
              ctx.db,
              checkInsBetween({ userId: j.user_id, guestId: j.guest_id }, firstJoin, end),
            )
          : [];
      // The joins count as moments seen, beside the check-ins.
      const times = [
        firstJoin.getTime(),
        lastJoin.getTime(),
        ...checkIns.map((c) => new Date(c.at).getTime()),
      ].sort((a, b) => a - b);
      const lastSeen = times[times.length - 1]!;
      return {
        kind: j.user_id ? ('User' as const) : ('Guest' as const),
        userId: j.user_id,
        name: j.user_id ? presentName(j.first_name, j.last_name) : null,
        email: (j.user_id ? j.email : j.guest_email) ?? '',
        firstSeenAt: firstJoin.toISOString(),
        lastSeenAt: new Date(lastSeen).toISOString(),
        durationSeconds: sessionSeconds(times),
      };
    }),
  );
  const joinedUsers = new Set(attendees.map((a) => a.userId).filter(Boolean));
  const joinedEmails = new Set(attendees.map((a) => a.email.toLowerCase()));
  return {
    meetingId: m.id,
    name: m.name,
    code: m.code,
    startDate: m.startDate.toISOString(),
    endDate: m.endDate.toISOString(),
    attendees,
    neverJoined: invitees
      .filter(
        (p) =>
          !(p.user_id && joinedUsers.has(p.user_id)) && !joinedEmails.has(p.email.toLowerCase()),
      )
      .map((p) => ({
        userId: p.user_id,
        name: p.user_id ? presentName(p.first_name, p.last_name) : null,
        email: p.email,
      })),
  };
}

/** The team's devices (team admins): the members' seats, latest seen first, one page. */
export async function teamDevices(
  ctx: AppContext,
  team: TeamContext,
  q: z.output<typeof teamDeviceListQuery>,
): Promise<TeamDevicePage> {
  const filter = q.Filter?.trim() ?? '';
  const pattern = filter ? likePattern(filter) : null;
  const offset = (q.Page - 1) * q.PageSize;
  const rows = await rowsOf<DeviceRow & { total: number | string }>(
    ctx.db,
    devicePage(team.organizationId, pattern, q.PageSize, offset),
  );
  // The page's rows carry the count; a page past the end (or an empty list) has none.
  const cap = deviceCountCap(q.PageSize, offset);
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : offset === 0
        ? 0
        : Number(
            (await rowsOf<{ n: number }>(ctx.db, deviceCount(team.organizationId, pattern, cap)))[0]
              ?.n ?? 0,
          );
  const now = ctx.clock.now();
  return paged(
    rows.map((r) => presentDevice(r, now)),
    { page: q.Page, pageSize: q.PageSize, entryCount: total, filter },
  );
}
