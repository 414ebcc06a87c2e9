import { fileLimits } from '@roomscale/shared';
import { type SQL, sql } from 'drizzle-orm';
import { activeMembershipSql } from '../organizations/membership.ts';

/**
 * The reads of the team's devices list (docs/usage.md "Devices"): the seats of the team's active
 * members, latest seen first, then by user id.
 *
 * The list as it opens (no search) walks `team_seats`: a copy of each member's seat time beside
 * the team, kept by triggers in the statement that writes the seat or the membership (migration
 * 0027). Its index `team_seats_last_seen` (team, last seen desc, user) holds the page's rows
 * first, so a page reads its own rows and their seats, whatever the team and the platform hold
 * (joining every membership of the team to its seat and sorting them all made the page grow with
 * the team: docs/performance.md). Its count walks the same index and stops a
 * window past the page, as the other long lists count (db/count.ts): past `cap` it is `cap + 1`,
 * a lower bound that promises another page.
 *
 * A search matches names and emails, which the index does not hold: it joins the team's members
 * to their seats and users, counts every match and sorts them, as before.
 */

/** How far the unfiltered list counts: a window past the page (`fileLimits.countWindow`). */
export const deviceCountCap = (limit: number, offset: number) =>
  offset + limit + fileLimits.countWindow;

/**
 * The team's seat rows, counted up to `cap + 1`. In the list's order, so the count walks the
 * page's index (`team_seats_last_seen`, index only) and stops there whatever the table holds.
 */
const cappedSeatCount = (organizationId: string, cap: number) =>
  sql`(select count(*)::int from (select 1 from team_seats c
    where c.organization_id = ${organizationId}
    order by c.last_seen_at desc, c.user_id limit ${cap + 1}) n)`;

/** Active members of the team holding a seat, matching the search: the rows of a search. */
const matchingRows = (organizationId: string, pattern: string) => sql`
  from memberships m join seats s on s.user_id = m.user_id join users u on u.id = m.user_id
  where m.organization_id = ${organizationId} and ${activeMembershipSql('m')}
    and (s.device_name ilike ${pattern} or u.email ilike ${pattern}
      or (u.first_name || ' ' || u.last_name) ilike ${pattern})`;

/** How many devices the list holds: capped at `cap + 1` unfiltered, every match of a search. */
export const deviceCount = (organizationId: string, pattern: string | null, cap: number) =>
  pattern === null
    ? sql`select ${cappedSeatCount(organizationId, cap)} as n`
    : sql`select count(*)::int as n ${matchingRows(organizationId, pattern)}`;

/** One page of seats, each row with the list's count (`total`). */
const pageRows = (organizationId: string, pattern: string | null, limit: number, offset: number) =>
  pattern === null
    ? sql`
  select s.user_id, s.seat_key, s.device_name, s.assigned_at, s.last_seen_at,
    ${cappedSeatCount(organizationId, deviceCountCap(limit, offset))} as total
  from team_seats ts join seats s on s.user_id = ts.user_id
  where ts.organization_id = ${organizationId}
  order by ts.last_seen_at desc, ts.user_id
  limit ${limit} offset ${offset}`
    : sql`
  select s.user_id, s.seat_key, s.device_name, s.assigned_at, s.last_seen_at,
    count(*) over () as total
  ${matchingRows(organizationId, pattern)}
  order by s.last_seen_at desc, s.user_id
  limit ${limit} offset ${offset}`;

/**
 * One page of the team's devices, latest seen first, each row with the list's count (`total`;
 * a page past the end needs `deviceCount`). The page is cut first, then each row's name, its app
 * version and the latest refused device since it took the seat, within the day before its last
 * check-in (`usage_check_ins_user_at`; the refused ones `usage_check_ins_user_conflicted_at`). The app version is the holder's check-in from that seat
 * key at its last check-in (the seat call writes both at the same instant: one probe of the
 * index); if that fact is missing (lost, swept), its latest one from that seat key since it took
 * the seat.
 */
export const devicePage = (
  organizationId: string,
  pattern: string | null,
  limit: number,
  offset: number,
): SQL => sql`
  with page as (${pageRows(organizationId, pattern, limit, offset)})
  select page.*, u.first_name, u.last_name, u.email,
    (select v.app_version from (
      (select ci.app_version from usage_check_ins ci
        where ci.user_id = page.user_id and ci.at = page.last_seen_at
          and ci.seat_key = page.seat_key and not ci.conflicted
        limit 1)
      union all
      (select ci.app_version from usage_check_ins ci
        where ci.user_id = page.user_id and ci.at <= page.last_seen_at
          and ci.at >= page.assigned_at and ci.seat_key = page.seat_key and not ci.conflicted
        order by ci.at desc limit 1)) v
      limit 1) as app_version,
    (select ci.device_name from usage_check_ins ci
      where ci.user_id = page.user_id and ci.conflicted and ci.seat_key <> page.seat_key
        and ci.at >= greatest(page.assigned_at, page.last_seen_at - interval '1 day')
      order by ci.at desc limit 1) as conflicting_device_name
  from page join users u on u.id = page.user_id
  order by page.last_seen_at desc, page.user_id`;
