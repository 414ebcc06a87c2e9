import { fileLimits, normalizeMeetingCode } from '@roomscale/shared';
import { and, asc, count, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCountQuery } from '../../db/count.ts';
import { LONG_MEETING, meetings } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { likePattern } from '../../platform/http/paging.ts';
import { createdBy, participantRow } from './policy.ts';

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
 *   take part in, by user or by the address they were invited with, and the ones they created.
 *   Each participant row carries its meeting's team and times (kept by triggers, migration
 *   0014), so a member's list walks their own rows in the list's order —
 *   `meeting_participants_user_list` and `_email_list` — and the meetings they created along
 *   `meetings_creator_start`. A meeting may come from several walks; the page keeps it once.
 * - The count stops `fileLimits.countWindow` rows past the page, as the file lists do (db/count.ts):
 *   an admin's walks the range's index, `meetings_organization_end` or `_start`; a member's the
 *   same walks of their own rows, each stopped at the cap, from the indexes alone.
 * - So a member's page and count cost what their own meetings in the range cost, up to the page
 *   and the cap, however many meetings the team holds and however few of them are theirs.
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

/** The list's direction: the past newest first, the coming soonest first. */
const direction = (w: MeetingListWindow) => (w.includePast ? sql`desc` : sql`asc`);

/** One walk of `(id, start_date)` rows, in the list's order, at most `limit` of them. */
function walk(w: MeetingListWindow, where: SQL, limit: number): SQL {
  const dir = direction(w);
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

/** A member's participant rows: by user id, or by the address they were invited with. */
type OwnRows = 'user' | 'email';

/**
 * `from … where …` of the caller's participant rows of the team in the window's range: the rows'
 * own copies of their meeting's times serve the range from the index; a name or code filter
 * looks each row's meeting up.
 */
function ownRows(scope: MeetingListScope, w: MeetingListWindow, by: OwnRows): SQL {
  const { caller } = scope;
  const who = by === 'user' ? sql`mp.user_id = ${caller.userId}` : sql`mp.email = ${caller.email}`;
  const range = w.includePast
    ? sql``
    : sql` and mp.start_date > ${at(w.now)} - ${longMeeting} and mp.end_date > ${at(w.now)}`;
  // A lateral subquery with a limit stays one probe per row, where `exists (…)` may become a
  // hash of the team's meetings.
  const named = w.filter
    ? sql` cross join lateral (select 1 from ${meetings}
        where ${meetings.id} = mp.meeting_id and ${teamFilter(scope, w)} limit 1) named`
    : sql``;
  return sql`from meeting_participants mp${named}
    where ${who} and mp.organization_id = ${scope.organizationId}${range}`;
}

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
  const dir = direction(w);
  const own = (by: OwnRows) =>
    sql`(select mp.meeting_id as id, mp.start_date ${ownRows(scope, w, by)}
      order by mp.start_date ${dir}, mp.meeting_id ${dir} limit ${limit})`;
  const list = admin
    ? [walk(w, recent, limit)]
    : [own('user'), own('email'), walk(w, sql`${recent} and ${createdBy(caller)}`, limit)];
  if (!w.includePast) list.push(longRunning(stillRunning, admin ? sql`` : seenHere(caller)));
  return list;
}

/** The ids of one page, in the list's order. */
function pageIds(scope: MeetingListScope, w: MeetingListWindow): SQL {
  const offset = (w.page - 1) * w.pageSize;
  const dir = direction(w);
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
 * A member's count: the ids of the same walks as the page, each stopped at the cap (from the
 * indexes alone, but for a filter), kept once each and counted up to the cap.
 */
export function memberCount(db: DbOrTx, scope: MeetingListScope, w: MeetingListWindow) {
  const cap = countCap(w) + 1;
  const ids = walks(scope, w, cap).map((walked) => sql`select id from ${walked} walked`);
  const matching = sql`select id from (${sql.join(ids, sql` union `)}) ids limit ${cap}`;
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
