import { fileLimits, normalizeMeetingCode } from '@roomscale/shared';
import { and, asc, count, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCountQuery } from '../../db/count.ts';
import { LONG_MEETING, meetings } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { likePattern } from '../../platform/http/paging.ts';
import { createdBy, involvementIds, participantRow, participationIds } from './policy.ts';

/**
 * The meetings list as index walks, so a page costs what the page holds, not what the team holds
 * (issue 12). Upcoming and ongoing meetings (end after now) come soonest start first; with past
 * meetings, latest start first.
 *
 * - Order: `meetings_organization_start` (team, start, id) read forwards or backwards is the order
 *   itself, so a walk stops after the page.
 * - "End after now" is not a range of that index: ended meetings sit among the rest, and walking
 *   from the oldest start passes every past meeting. A running meeting that started more than
 *   `LONG_MEETING` ago is long-running, and those few are read through the partial index
 *   `meetings_organization_long_running`; every other meeting still to end started after
 *   now − `LONG_MEETING`, a range the walk starts at.
 * - Who sees what (policy.ts): an admin every meeting of the team; anyone else the meetings they
 *   take part in — `id in (…)`, which PostgreSQL serves by probing `meeting_participants` along
 *   the walk or by starting from the caller's own rows, as the statistics say — plus the ones they
 *   created, a walk of `meetings_creator_start`. A meeting may come from both; the page keeps it
 *   once.
 * - The count stops `fileLimits.countWindow` rows past the page, as the file lists do (db/count.ts):
 *   an admin's walks the range's index, `meetings_organization_end` or `_start`; a member's
 *   either walks it too, probing each meeting, or starts from the member's own rows (index-only)
 *   and looks each meeting up — whichever side is smaller (`memberCount`).
 * - Without rows of their own in a meeting's order, a member's cost still follows their own
 *   meetings where the team's walk would be longer: a page probes the team's meetings until it
 *   holds enough of theirs, or sorts theirs; a count reads at most the smaller side.
 */

export type MeetingListScope = { organizationId: string; caller: Caller; admin: boolean };
export type MeetingListWindow = {
  now: Date;
  includePast: boolean;
  /** Trimmed; empty for none. */
  filter: string;
  page: number;
  pageSize: number;
};

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const longMeeting = sql.raw(`interval '${LONG_MEETING}'`);

/** The team, and the name or code filter: every walk's own conditions. */
function teamFilter(scope: MeetingListScope, w: MeetingListWindow): SQL {
  return and(
    eq(meetings.organizationId, scope.organizationId),
    w.filter
      ? or(
          ilike(meetings.name, likePattern(w.filter)),
          ilike(meetings.code, likePattern(normalizeMeetingCode(w.filter))),
        )
      : undefined,
  )!;
}

/** One walk of `(id, start_date)` rows, in the list's order, at most `limit` of them. */
function walk(w: MeetingListWindow, where: SQL, limit: number): SQL {
  const dir = w.includePast ? sql`desc` : sql`asc`;
  return sql`(select ${meetings.id}, ${meetings.startDate} from ${meetings} where ${where}
    order by ${meetings.startDate} ${dir}, ${meetings.id} ${dir} limit ${limit})`;
}

/**
 * The long-running meetings, few, unordered (the page sorts them in). Asked for an order and a
 * limit, PostgreSQL would walk every past meeting for them: it cannot know how few match the
 * index predicate, having no statistics on `end_date - start_date`.
 */
const longRunning = (where: SQL, join: SQL) =>
  sql`(select ${meetings.id}, ${meetings.startDate} from ${meetings}${join} where ${where})`;

/**
 * Per long-running meeting, one probe of its participants for the caller, or its creator. A
 * lateral subquery with a limit stays a probe: written as `exists (…) or …`, PostgreSQL may
 * instead hash every participation of the caller to test the few rows.
 */
const seenHere = (caller: Caller) =>
  sql` cross join lateral (select 1 from meeting_participants mp
    where mp.meeting_id = ${meetings.id} and ${participantRow(caller)}
    union all select 1 where ${createdBy(caller)} limit 1) seen`;

/** The walks whose union, in order, is the list: each stops at `limit` rows. */
function walks(scope: MeetingListScope, w: MeetingListWindow, limit: number): SQL[] {
  const base = teamFilter(scope, w);
  const { caller, admin } = scope;
  const recent = w.includePast
    ? base
    : sql`${base} and ${meetings.startDate} > ${at(w.now)} - ${longMeeting}
        and ${meetings.endDate} > ${at(w.now)}`;
  const stillRunning = sql`${base} and ${meetings.endDate} - ${meetings.startDate} > ${longMeeting}
    and ${meetings.startDate} <= ${at(w.now)} - ${longMeeting} and ${meetings.endDate} > ${at(w.now)}`;
  const list = admin
    ? [walk(w, recent, limit)]
    : [
        walk(w, sql`${recent} and ${meetings.id} in (${participationIds(caller)})`, limit),
        walk(w, sql`${recent} and ${createdBy(caller)}`, limit),
      ];
  if (!w.includePast) list.push(longRunning(stillRunning, admin ? sql`` : seenHere(caller)));
  return list;
}

/** The ids of one page, in the list's order. */
function pageIds(scope: MeetingListScope, w: MeetingListWindow): SQL {
  const offset = (w.page - 1) * w.pageSize;
  const dir = w.includePast ? sql`desc` : sql`asc`;
  const union = sql.join(walks(scope, w, offset + w.pageSize), sql` union all `);
  return sql`select page.id from (select distinct on (u.start_date, u.id) u.id, u.start_date
    from (${union}) u order by u.start_date ${dir}, u.id ${dir}
    limit ${w.pageSize} offset ${offset}) page`;
}

/** The list's order, for the page's rows. */
const listOrder = (w: MeetingListWindow) =>
  w.includePast
    ? [desc(meetings.startDate), desc(meetings.id)]
    : [asc(meetings.startDate), asc(meetings.id)];

/** The page's meetings, in order. */
export function listPage(db: DbOrTx, scope: MeetingListScope, w: MeetingListWindow) {
  return db
    .select()
    .from(meetings)
    .where(sql`${meetings.id} in (${pageIds(scope, w)})`)
    .orderBy(...listOrder(w));
}

/** The team's own conditions and the time range, without the caller's: what a count reads. */
const inRange = (scope: MeetingListScope, w: MeetingListWindow) =>
  and(teamFilter(scope, w), w.includePast ? undefined : gt(meetings.endDate, w.now))!;

const countCap = (w: MeetingListWindow) => (w.page - 1) * w.pageSize + fileLimits.countWindow;

/** The order of the range's index (`meetings_organization_end`, `_start`): counts walk it. */
const rangeOrder = (w: MeetingListWindow) =>
  w.includePast ? listOrder(w) : [asc(meetings.endDate)];

/** An admin's count walks the index of its time range, so it stops at the cap. */
export function adminCount(db: DbOrTx, scope: MeetingListScope, w: MeetingListWindow) {
  return cappedCountQuery(db, meetings, inRange(scope, w), countCap(w), rangeOrder(w));
}

/**
 * Whether a member's count should walk the team's meetings of the range: fewer of those than of
 * the member's participations, each counted up to `countWindow` from an index. A member of a
 * small team may take part in thousands of meetings elsewhere; a member of a team of 100,000
 * meetings in a few of them. Either way the count costs the smaller side.
 */
function walkTheTeam(scope: MeetingListScope, w: MeetingListWindow): SQL {
  const limit = fileLimits.countWindow;
  const range = inRange(scope, { ...w, filter: '' });
  const team = sql`select count(*) from (select 1 from ${meetings} where ${range}
    order by ${sql.join(rangeOrder(w), sql`, `)} limit ${limit}) t`;
  const mine = sql`select count(*) from (select 1 from meeting_participants mp
    where mp.user_id = ${scope.caller.userId} limit ${limit}) p`;
  return sql`select team < ${limit} and team <= mine as walk
    from (select (${team}) team, (${mine}) mine) sizes`;
}

/**
 * A member's count, both ways in one statement; `sides.walk` (computed once, before either runs)
 * gates them, so PostgreSQL runs one and skips the other.
 * - Along the team's meetings of the range, one probe each (`seenHere`).
 * - From the member's own rows (index-only), one lookup per meeting; the lateral limit keeps it
 *   a lookup, where on a small table PostgreSQL would rather hash them and read the whole team.
 */
export function memberCount(db: DbOrTx, scope: MeetingListScope, w: MeetingListWindow) {
  const cap = countCap(w) + 1;
  const alongTeam = sql`select 1 from ${meetings}${seenHere(scope.caller)}
    where ${inRange(scope, w)} and (select walk from sides)
    order by ${sql.join(rangeOrder(w), sql`, `)} limit ${cap}`;
  const fromMine = sql`select 1 from (select distinct ids.meeting_id
      from (${involvementIds(scope.caller, scope.organizationId)}) ids) mine
    cross join lateral (select 1 from ${meetings}
      where ${meetings.id} = mine.meeting_id and ${inRange(scope, w)} limit 1) hit
    where not (select walk from sides) limit ${cap}`;
  const matching = sql`with sides as (${walkTheTeam(scope, w)})
    (${alongTeam}) union all (${fromMine})`;
  return db.select({ n: count() }).from(sql`(${matching}) matching`);
}

/**
 * How many meetings the list holds, counted at most `countWindow` rows past the page: beyond, a
 * lower bound that promises one more page.
 */
export async function listCount(
  db: DbOrTx,
  scope: MeetingListScope,
  w: MeetingListWindow,
): Promise<number> {
  const [row] = await (scope.admin ? adminCount : memberCount)(db, scope, w);
  return row?.n ?? 0;
}
