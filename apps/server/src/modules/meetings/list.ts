import {
  fileLimits,
  type MeetingRoom,
  meetingLimits,
  normalizeMeetingCode,
  type Participant,
} from '@roomscale/shared';
import { and, asc, count, desc, eq, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { directQuery } from '../../db/direct.ts';
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
 * - A page is ONE statement (`listed`): the page's meetings with their rooms and participants,
 *   written by PostgreSQL as one JSON value of arrays (times as the API writes them), each table
 *   read once for the page by its ids, and the count beside them.
 *   It is a named prepared statement per kind of list, planned once per connection: its generic
 *   plan walks the same indexes (list.test.ts); but a member's list with past meetings and a
 *   search are planned for each call (`listedStatements` says why). Five statements a page cost
 *   more in planning, drizzle's building and mapping, and round trips than the page's rows did
 *   (docs/performance.md "List pages at the cost of their rows").
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
 * once per kind of list and run with each call's values: `listed`).
 */
type Values = {
  team: string | Placeholder;
  user: string | Placeholder;
  email: string | Placeholder;
  /** Now, as an ISO time. */
  now: string | Placeholder;
  /** Where a walk stops: the page's end, or the count's cap. */
  limit: number | Placeholder | SQL;
  /** Where the count's walks stop, in the statement that reads page and count at once. */
  countLimit: number | Placeholder | SQL;
  pageSize: number | Placeholder | SQL;
  offset: number | Placeholder | SQL;
  /** The name and code filters' LIKE patterns. */
  name: string | Placeholder;
  code: string | Placeholder;
};

/**
 * A list's kind: what its statements' text depends on. Everything else is a value, but for the
 * first page of a size the screens ask for (`firstPage`), whose size, end and count's cap are
 * written into the text.
 */
type Shape = { admin: boolean; includePast: boolean; filtered: boolean; firstPage: number | null };

/** The page sizes the screens ask for: the meetings page's and the dashboard panel's. */
const screenSizes: readonly number[] = [
  meetingLimits.listPageSize,
  meetingLimits.dashboardPageSize,
];

const shapeOf = (scope: MeetingListScope, w: MeetingListWindow): Shape => ({
  admin: scope.admin,
  includePast: w.includePast,
  filtered: w.filter !== '',
  firstPage:
    w.filter === '' && w.page === 1 && screenSizes.includes(w.pageSize) ? w.pageSize : null,
});

/**
 * A first page's size, end and count's cap as constants in the text: a generic plan prices an
 * unknown `limit` at a tenth of the rows it could read, so at 100,000 meetings it cost more than
 * a plan for the call's values and PostgreSQL went on planning every call.
 */
function written(shape: Shape, v: Values): Values {
  if (shape.firstPage === null) return v;
  const n = (value: number) => sql.raw(String(value));
  return {
    ...v,
    limit: n(shape.firstPage),
    pageSize: n(shape.firstPage),
    offset: n(0),
    countLimit: n(fileLimits.countWindow + 1),
  };
}

/** Where a count stops: `countWindow` rows past the page's start. */
const countCap = (w: MeetingListWindow) => (w.page - 1) * w.pageSize + fileLimits.countWindow;

function valuesOf(scope: MeetingListScope, w: MeetingListWindow, limit: number) {
  return {
    team: scope.organizationId,
    user: scope.caller.userId,
    email: scope.caller.email,
    now: w.now.toISOString(),
    limit,
    countLimit: countCap(w) + 1,
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
  countLimit: sql.placeholder('countLimit'),
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

/** The order of the range's index (`meetings_organization_end`, `_start`): counts walk it. */
const rangeOrder = (w: Pick<Shape, 'includePast'>) =>
  w.includePast ? listOrder(w) : [asc(meetings.endDate)];

/**
 * An admin's count walks the index of its time range, so it stops at the cap (db/count.ts's
 * capped count, `v.limit` being the cap plus one).
 */
function adminCountQuery(shape: Shape, v: Values): SQL {
  const team = teamFilter(shape, v);
  const inRange = shape.includePast ? team : sql`${team} and ${meetings.endDate} > ${at(v)}`;
  return sql`select count(*) from (select 1 as "one" from ${meetings} where ${inRange}
    order by ${sql.join(rangeOrder(shape), sql`, `)} limit ${v.limit}) "matching"`;
}

/** An admin's count: the statement for one call (the plan tests read it). */
export function adminCount(_db: DbOrTx, scope: MeetingListScope, w: MeetingListWindow) {
  return adminCountQuery(shapeOf(scope, w), valuesOf(scope, w, countCap(w) + 1));
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
 * A time as the API writes it (UTC, milliseconds, `Z`), written by PostgreSQL: `to_char`'s MS
 * truncates to the millisecond, as a JavaScript Date read from the driver does (users/meQuery.ts).
 */
const apiTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A meeting of the page, its fields in this order, times as the API writes them. */
export type ListedMeeting = [
  id: string,
  name: string,
  description: string | null,
  organizationId: string | null,
  meetingCode: string,
  startDate: string,
  endDate: string,
  timezoneLabel: string,
  hasEnded: boolean,
  isOngoing: boolean,
  currentMeetingRoomId: string | null,
  created: string,
  createdBy: string | null,
];

/** A room of a meeting of the page, in the meeting's order of rooms. */
export type ListedMeetingRoom = [meetingId: string, roomId: string];

/**
 * A participant of a meeting of the page, in the order they were added; names and the image's
 * time only for a user with both names (presenter.ts).
 */
export type ListedPerson = [
  meetingId: string,
  firstName: string | null,
  lastName: string | null,
  userId: string | null,
  email: string,
  participantType: Participant['participantType'],
  imageUpdated: string | null,
];

/**
 * A room of the page as presentRoom writes it, but `canManage` and `temporary`, which are the
 * caller's and the meeting's (service.ts); `madeFor` is the meeting a temporary room was made for
 * (`rooms.meeting_id`).
 */
export type ListedRoom = [
  id: string,
  name: string,
  description: string | null,
  category: MeetingRoom['category'],
  imageUrl: MeetingRoom['imageUrl'],
  sceneName: MeetingRoom['sceneName'],
  addressableUrlAndroid: MeetingRoom['addressableUrlAndroid'],
  addressableUrlWindows: MeetingRoom['addressableUrlWindows'],
  addressableUrlMac: MeetingRoom['addressableUrlMac'],
  maxUsers: MeetingRoom['maxUsers'],
  persistent: MeetingRoom['persistent'],
  capabilities: MeetingRoom['capabilities'],
  roomSharingType: MeetingRoom['roomSharingType'],
  template: MeetingRoom['template'],
  templateId: MeetingRoom['templateId'],
  userOwnerId: MeetingRoom['userOwnerId'],
  organizationOwnerId: MeetingRoom['organizationOwnerId'],
  staticRoomDataAmount: number,
  dynamicRoomDataAmount: number,
  created: string,
  createdBy: MeetingRoom['createdBy'],
  lastModified: MeetingRoom['lastModified'],
  lastModifiedBy: MeetingRoom['lastModifiedBy'],
  madeFor: string | null,
];

/** The page, its meetings' rooms and people, each room of it once, and the list's count. */
export type ListedPage = {
  entryCount: number;
  meetings: ListedMeeting[];
  meetingRooms: ListedMeetingRoom[];
  people: ListedPerson[];
  rooms: ListedRoom[];
};

/**
 * The page's meetings (in the list's order), their rooms (in each meeting's order) and
 * participants (in the order they were added), each room of the page once with its counts of
 * room data (a team's meetings mostly share a few rooms), and the list's count, as ONE JSON value
 * of arrays: no keys written for every row, and node reads each row by position (service.ts).
 * Times are written as the API writes them; a meeting has ended, as `hasEnded` reads a JavaScript
 * date, when its end to the millisecond is not after now.
 *
 * Each part reads its table once for the whole page, by the page's ids (`= any(…)`: an index scan
 * by key at any size, one pass of a table as small as the bench's): one lookup per meeting, as a
 * lateral subquery, cost a scan of a small table for every meeting. The ids come from the page
 * (`page`) as an array, so a generic plan, which knows no page size, still reads by key instead
 * of joining whole tables by hash.
 */
function listedQuery(shape: Shape, v: Values, count: SQL): SQL {
  const dir = direction(shape);
  const now = at(v);
  const ms = (column: string) => sql.raw(`date_trunc('milliseconds', ${column})`);
  const ids = sql.raw('any(array(select id from page))');
  const meetingsOfPage = sql`select json_agg(json_build_array(m.id, m.name, m.description,
      m.organization_id, m.code, ${apiTime('m.start_date')}, ${apiTime('m.end_date')},
      m.timezone_label, ${ms('m.end_date')} <= ${now},
      ${ms('m.start_date')} <= ${now} and ${ms('m.end_date')} > ${now},
      m.current_room_id, ${apiTime('m.created')}, m.created_by_user_id)
      order by m.start_date ${dir}, m.id ${dir})
    from meetings m where m.id = ${ids}`;
  const meetingRooms = sql`select json_agg(json_build_array(mr.meeting_id, mr.room_id)
      order by mr.meeting_id, mr.position, mr.room_id)
    from meeting_rooms mr where mr.meeting_id = ${ids}`;
  // A participant shows a name only while they are a user with both names (presenter.ts).
  const named = sql.raw('u.first_name is not null and u.last_name is not null');
  const people = sql`select json_agg(json_build_array(p.meeting_id,
      case when ${named} then u.first_name end, case when ${named} then u.last_name end,
      p.user_id, p.email, p.participant_type,
      case when ${named} then ${apiTime('u.image_updated')} end)
      order by p.meeting_id, p.created, p.email)
    from meeting_participants p left join users u on u.id = p.user_id
    where p.meeting_id = ${ids}`;
  const rooms = sql`select json_agg(json_build_array(r.id, r.name, r.description, r.category,
      r.image_url, r.scene_name, r.addressable_url_android, r.addressable_url_windows,
      r.addressable_url_mac, r.max_users, r.persistent, r.capabilities, r.sharing_type,
      r.is_template, r.template_id, r.owner_user_id, r.organization_id, d.static, d.dynamic,
      ${apiTime('r.created')}, r.created_by, ${apiTime('r.last_modified')}, r.last_modified_by,
      r.meeting_id))
    from rooms r cross join lateral (select count(*) filter (where rd.is_static) as static,
        count(*) filter (where not rd.is_static) as dynamic
        from room_data rd where rd.room_id = r.id) d
    where r.id = any(array(select mr.room_id from meeting_rooms mr where mr.meeting_id = ${ids}))`;
  return sql`with page as (${pageIds(shape, v)})
    select json_build_object('entryCount', (${count}),
      'meetings', coalesce((${meetingsOfPage}), '[]'::json),
      'meetingRooms', coalesce((${meetingRooms}), '[]'::json),
      'people', coalesce((${people}), '[]'::json),
      'rooms', coalesce((${rooms}), '[]'::json)) as listed`;
}

/** The statement that reads a page, its details and its count: the page's own walks, the count's. */
function listedStatement(db: DbOrTx, shape: Shape, values: Values): SQL {
  const v = written(shape, values);
  const counted = { ...v, limit: v.countLimit };
  const count = shape.admin
    ? adminCountQuery(shape, counted)
    : memberCountQuery(db, shape, counted).getSQL();
  return listedQuery(shape, v, count);
}

/** `listed`'s statement for one call's values (the plan tests read it). */
export function listedPageStatement(db: DbOrTx, scope: MeetingListScope, w: MeetingListWindow) {
  return listedStatement(db, shapeOf(scope, w), valuesOf(scope, w, w.page * w.pageSize));
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The statements of `listed`, one per kind of list, built once with placeholders and run on the
 * driver (db/direct.ts): drizzle built a member's four walks anew on every call, and mapped
 * every column of every row.
 *
 * Planning the statement cost more than running it (on the bench's team, 0.8–1.8 ms of backend
 * CPU against 0.4–0.6 ms for a page of ten), so the kinds whose generic plan walks the same
 * indexes as a plan for any call's values run as named prepared statements, which PostgreSQL
 * plans once per connection and then keeps generic: list.test.ts holds their generic plans to
 * the member's own rows or the team's indexes at 100,000 meetings, and that PostgreSQL keeps the
 * generic plan of the screens' first pages (`written`). Unnamed, planned for each call's values:
 * - a member's list with past meetings: without a range on the end, its generic plan walks the
 *   team's meetings in order (`meetings_organization_start`) for the ones the member created
 *   instead of `meetings_creator_start` when a team's meetings have few creators, since a
 *   generic plan cannot tell how many the member created;
 * - a search: a name pattern's generic plan, priced for any pattern, read a whole table for an
 *   admin's list with past meetings.
 */
const listedStatements = new Map<string, ReturnType<typeof directQuery<ListedPage>>>();

const kindOf = (shape: Shape) =>
  `${shape.admin ? 'admin' : 'member'}_${shape.includePast ? 'all' : 'upcoming'}${shape.filtered ? '_filtered' : ''}${shape.firstPage === null ? '' : `_first${shape.firstPage}`}`;

/** Kinds whose generic plan is the plan for any values run named; `''` runs unnamed. */
const nameOf = (shape: Shape) =>
  shape.filtered || (!shape.admin && shape.includePast) ? '' : `meetings_list_${kindOf(shape)}`;

/** The name `listed` runs a call's statement under; `''` for an unnamed one (the plan tests). */
export const listedStatementName = (scope: MeetingListScope, w: MeetingListWindow) =>
  nameOf(shapeOf(scope, w));

function listedOfKind(shape: Shape) {
  const kind = kindOf(shape);
  let run = listedStatements.get(kind);
  if (!run) {
    run = directQuery<ListedPage>(nameOf(shape), (db) =>
      dialect.sqlToQuery(listedStatement(db, shape, placeholders)),
    );
    listedStatements.set(kind, run);
  }
  return run;
}

/**
 * One page of the list with its rooms and participants, and how many meetings the list holds,
 * counted at most `countWindow` rows past the page (beyond, a lower bound that promises one
 * more page): one statement.
 */
export async function listed(
  db: Db,
  scope: MeetingListScope,
  w: MeetingListWindow,
): Promise<ListedPage> {
  const shape = shapeOf(scope, w);
  const [page] = await listedOfKind(shape)(db, valuesOf(scope, w, w.page * w.pageSize));
  return page ?? { entryCount: 0, meetings: [], meetingRooms: [], people: [], rooms: [] };
}
