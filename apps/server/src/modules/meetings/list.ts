import { fileLimits, normalizeMeetingCode } from '@roomscale/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
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

/**
 * The values a list's statements take: each one either the value itself (a statement built for
 * one call, as the plan tests build it) or a placeholder of the same name (the statement built
 * once per kind of list and run with each call's values: `runListPage`, `listCount`).
 */
type Values = {
  team: string | Placeholder;
  user: string | Placeholder;
  email: string | Placeholder;
  /** Now, as an ISO time. */
  now: string | Placeholder;
  /** Where a walk stops: the page's end, or the count's cap. */
  limit: number | Placeholder;
  pageSize: number | Placeholder;
  offset: number | Placeholder;
  /** The name and code filters' LIKE patterns. */
  name: string | Placeholder;
  code: string | Placeholder;
};

/** A list's kind: what its statements' text depends on. Everything else is a value. */
type Shape = { admin: boolean; includePast: boolean; filtered: boolean };

const shapeOf = (scope: MeetingListScope, w: MeetingListWindow): Shape => ({
  admin: scope.admin,
  includePast: w.includePast,
  filtered: w.filter !== '',
});

function valuesOf(scope: MeetingListScope, w: MeetingListWindow, limit: number) {
  return {
    team: scope.organizationId,
    user: scope.caller.userId,
    email: scope.caller.email,
    now: w.now.toISOString(),
    limit,
    pageSize: w.pageSize,
    offset: (w.page - 1) * w.pageSize,
    name: likePattern(w.filter),
    code: likePattern(normalizeMeetingCode(w.filter)),
  } satisfies Values;
}

const placeholders: Values = {
  team: sql.placeholder('team'),
  user: sql.placeholder('user'),
  email: sql.placeholder('email'),
  now: sql.placeholder('now'),
  limit: sql.placeholder('limit'),
  pageSize: sql.placeholder('pageSize'),
  offset: sql.placeholder('offset'),
  name: sql.placeholder('name'),
  code: sql.placeholder('code'),
};

/** The caller as the policy's predicates read them: their id and address, as values. */
const callerIn = (v: Values) => ({ userId: v.user, email: v.email }) as unknown as Caller;

const at = (v: Values) => sql`${v.now}::timestamptz`;
const longMeeting = sql.raw(`interval '${LONG_MEETING}'`);

/** The team, and the name or code filter: every walk's own conditions. */
function teamFilter(shape: Shape, v: Values): SQL {
  return and(
    eq(meetings.organizationId, v.team),
    shape.filtered ? or(ilike(meetings.name, v.name), ilike(meetings.code, v.code)) : undefined,
  )!;
}

/** The list's direction: the past newest first, the coming soonest first. */
const direction = (w: Pick<Shape, 'includePast'>) => (w.includePast ? sql`desc` : sql`asc`);

/** One walk of `(id, start_date)` rows, in the list's order, at most `limit` of them. */
function walk(w: Shape, where: SQL, limit: Values['limit']): SQL {
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
function ownRows(w: Shape, v: Values, by: OwnRows): SQL {
  const who = by === 'user' ? sql`mp.user_id = ${v.user}` : sql`mp.email = ${v.email}`;
  const range = w.includePast
    ? sql``
    : sql` and mp.start_date > ${at(v)} - ${longMeeting} and mp.end_date > ${at(v)}`;
  // A lateral subquery with a limit stays one probe per row, where `exists (…)` may become a
  // hash of the team's meetings.
  const named = w.filtered
    ? sql` cross join lateral (select 1 from ${meetings}
        where ${meetings.id} = mp.meeting_id and ${teamFilter(w, v)} limit 1) named`
    : sql``;
  return sql`from meeting_participants mp${named}
    where ${who} and mp.organization_id = ${v.team}${range}`;
}

/** The walks whose union, in order, is the list: each stops at `v.limit` rows. */
function walks(w: Shape, v: Values): SQL[] {
  const base = teamFilter(w, v);
  const caller = callerIn(v);
  const { admin } = w;
  const limit = v.limit;
  const recent = w.includePast
    ? base
    : sql`${base} and ${meetings.startDate} > ${at(v)} - ${longMeeting}
        and ${meetings.endDate} > ${at(v)}`;
  const stillRunning = sql`${base} and ${meetings.endDate} - ${meetings.startDate} > ${longMeeting}
    and ${meetings.startDate} <= ${at(v)} - ${longMeeting} and ${meetings.endDate} > ${at(v)}`;
  const dir = direction(w);
  const own = (by: OwnRows) =>
    sql`(select mp.meeting_id as id, mp.start_date ${ownRows(w, v, by)}
      order by mp.start_date ${dir}, mp.meeting_id ${dir} limit ${limit})`;
  const list = admin
    ? [walk(w, recent, limit)]
    : [own('user'), own('email'), walk(w, sql`${recent} and ${createdBy(caller)}`, limit)];
  if (!w.includePast) list.push(longRunning(stillRunning, admin ? sql`` : seenHere(caller)));
  return list;
}

/** The ids of one page, in the list's order; each walk stops at the page's end (`v.limit`). */
function pageIds(w: Shape, v: Values): SQL {
  const dir = direction(w);
  const union = sql.join(walks(w, v), sql` union all `);
  return sql`select page.id from (select distinct on (u.start_date, u.id) u.id, u.start_date
    from (${union}) u order by u.start_date ${dir}, u.id ${dir}
    limit ${v.pageSize} offset ${v.offset}) page`;
}

/** The list's order, for the page's rows. */
const listOrder = (w: Pick<Shape, 'includePast'>) =>
  w.includePast
    ? [desc(meetings.startDate), desc(meetings.id)]
    : [asc(meetings.startDate), asc(meetings.id)];

const pageQuery = (db: DbOrTx, w: Shape, v: Values) =>
  db
    .select()
    .from(meetings)
    .where(sql`${meetings.id} in (${pageIds(w, v)})`)
    .orderBy(...listOrder(w));

/** The page's meetings, in order: the statement for one call (the plan tests read it). */
export function listPage(db: DbOrTx, scope: MeetingListScope, w: MeetingListWindow) {
  return pageQuery(db, shapeOf(scope, w), valuesOf(scope, w, w.page * w.pageSize));
}

/**
 * Statements built once per database and kind of list, then run with each call's values. Drizzle
 * builds a statement's text anew on every run, and a member's page and count, four walks each,
 * cost the server more to build (about 0.4 ms of CPU a call) than PostgreSQL took to run them
 * (docs/performance.md "List pages at the cost of their rows"). The empty name keeps them
 * unnamed statements: PostgreSQL still plans each run for its own values, as it did.
 */
function builtOnce<T>(build: (db: DbOrTx, shape: Shape) => T) {
  const built = new WeakMap<DbOrTx, Map<string, T>>();
  return (db: DbOrTx, shape: Shape): T => {
    const kinds = built.get(db) ?? new Map<string, T>();
    built.set(db, kinds);
    const key = `${shape.admin}/${shape.includePast}/${shape.filtered}`;
    const statement = kinds.get(key) ?? build(db, shape);
    kinds.set(key, statement);
    return statement;
  };
}

const unnamed = '';
const preparedPage = builtOnce((db, shape) => pageQuery(db, shape, placeholders).prepare(unnamed));
const preparedMemberCount = builtOnce((db, shape) =>
  memberCountQuery(db, shape, placeholders).prepare(unnamed),
);

/** The page's meetings, in order. */
export function runListPage(db: DbOrTx, scope: MeetingListScope, w: MeetingListWindow) {
  return preparedPage(db, shapeOf(scope, w)).execute(valuesOf(scope, w, w.page * w.pageSize));
}

/** The team's own conditions and the time range, without the caller's: what a count reads. */
const inRange = (scope: MeetingListScope, w: MeetingListWindow) =>
  and(
    teamFilter(shapeOf(scope, w), valuesOf(scope, w, 0)),
    w.includePast ? undefined : gt(meetings.endDate, w.now),
  )!;

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
  return memberCountQuery(db, shapeOf(scope, w), valuesOf(scope, w, countCap(w) + 1));
}

/** `memberCount`'s statement: every walk, and the union, stop at `v.limit` (the cap plus one). */
function memberCountQuery(db: DbOrTx, shape: Shape, v: Values) {
  const ids = walks(shape, v).map((walked) => sql`select id from ${walked} walked`);
  const matching = sql`select id from (${sql.join(ids, sql` union `)}) ids limit ${v.limit}`;
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
  const [row] = scope.admin
    ? await adminCount(db, scope, w)
    : await preparedMemberCount(db, shapeOf(scope, w)).execute(valuesOf(scope, w, countCap(w) + 1));
  return row?.n ?? 0;
}
