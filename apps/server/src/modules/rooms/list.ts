import {
  guestLimits,
  type RoomSharingType,
  RoomSharingTypes,
  type RoomTemplateFilter,
  roomLimits,
} from '@roomscale/shared';
import { and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import {
  builtPerDatabase,
  builtStatement,
  type Built as DirectBuilt,
  positionsOf,
  runBuilt,
} from '../../db/direct.ts';
import { roomData, rooms } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/types.ts';
import { unseenPlaceholder, type Value } from '../../db/values.ts';
import { publicTemplate, visibleInTeam } from './policy.ts';
import type { RoomWithCounts } from './presenter.ts';

/**
 * The Rooms screen's list (`POST …/Rooms`) and the guests' Public templates as one statement
 * each: the count beside the page, and for a team's rooms each row's two counts of room data.
 * Each is built once per database and kind of list (the team's: which rows, the sharing types,
 * whether the caller is an admin, first page or later) and run on the driver with each call's
 * values (db/direct.ts), rows as arrays, where drizzle built the count and the page anew on every
 * call, ran them as two unnamed statements planned each time, and mapped every row (the files
 * lists do the same: modules/files/list.ts).
 *
 * They run as named statements: PostgreSQL plans one once per connection and, after five runs,
 * keeps a generic plan if it costs no more than the custom ones; planning was most of the
 * statements' time on the database (about 0.4 ms each for the count and the page, against 0.05
 * and 0.15 to run them). list.test.ts holds, with `plan_cache_mode = force_generic_plan`, that
 * the generic plans read the rooms by the same indexes as the plans for each call's values, on
 * a platform of many teams. The page's size is written into the text, and the first page has no
 * offset (a generic plan takes an unknown LIMIT or OFFSET for a tenth of the rows); later pages
 * bind their offset. The sharing types and the access rule's constants are written too.
 *
 * Who sees which room is the policy's rule itself (`visibleInTeam`), built with placeholders for
 * the team, the user and the time.
 */

/** What a team's list statement depends on; the rest are each call's values (`ListValues`). */
export type RoomListShape = {
  templateFilter: RoomTemplateFilter;
  /** The sharing types asked for, each once, in the enum's order; none filters nothing. */
  sharing: RoomSharingType[];
  admin: boolean;
  firstPage: boolean;
};

export type RoomListQuery = {
  templateFilter: RoomTemplateFilter;
  shareTypeFilter: RoomSharingType[];
  page: number;
};

export const shapeOf = (query: RoomListQuery, role: string): RoomListShape => ({
  templateFilter: query.templateFilter,
  sharing: RoomSharingTypes.filter((s) => query.shareTypeFilter.includes(s)),
  admin: role === 'Admin',
  firstPage: query.page === 1,
});

export type ListValues = {
  team: Value<string>;
  user: Value<string>;
  /** The call's time, as ISO text: a meeting that has not ended shows its rooms. */
  now: Value<string>;
  offset: Value<number>;
};

export const valuesOf = (
  query: Pick<RoomListQuery, 'page'>,
  team: string,
  user: string,
  now: Date,
): ListValues => ({
  team,
  user,
  now: now.toISOString(),
  offset: (query.page - 1) * roomLimits.pageSize,
});

/**
 * A team list's values as its statement takes them: the team, the user and the time unseen by
 * the planner (db/values.ts), so the generic plan is kept on any platform; `list.test.ts` holds
 * it to the indexes the plans for each call's values read.
 */
const placeholders: ListValues = {
  team: unseenPlaceholder('team', 'uuid'),
  user: unseenPlaceholder('user', 'uuid'),
  now: unseenPlaceholder('now', 'timestamptz'),
  offset: sql.placeholder('offset'),
};

/** Which rows a team's list shows: the rooms the member sees there, narrowed by the filters. */
export function listWhere(shape: RoomListShape, v: ListValues): SQL {
  const filters: (SQL | undefined)[] = [
    visibleInTeam(
      { organizationId: v.team, userId: v.user, role: shape.admin ? 'Admin' : 'User' },
      v.now,
    ),
  ];
  if (shape.templateFilter === 'Rooms') filters.push(eq(rooms.isTemplate, false));
  if (shape.templateFilter === 'Templates') filters.push(eq(rooms.isTemplate, true));
  if (shape.sharing.length > 0) filters.push(inArray(rooms.sharingType, shape.sharing));
  return and(...filters)!;
}

/** A number written into the statement's text: drizzle binds a `.limit()` number as a value. */
const written = (n: number) => sql.raw(String(n)) as unknown as number;

/**
 * Every column of a room, in the table's order, which a page selects them in (`roomOf` reads
 * them by name).
 */
const roomColumns = getTableColumns(rooms);

/** The rows of a page in the list's order: by name, then id, so pages never overlap. */
const byName = [sql`lower(${rooms.name})`, asc(rooms.id)];

/**
 * A page of rows `where` selects, with `columns`, in the list's order: its size written, the
 * first page with no offset, a later one with the offset its values give.
 */
function pageOf<T extends Record<string, unknown>>(
  db: DbOrTx,
  columns: T,
  where: SQL,
  size: number,
  firstPage: boolean,
  offset: Value<number>,
) {
  const page = db
    .select(columns as never)
    .from(rooms)
    .where(where)
    .orderBy(...byName)
    .limit(written(size));
  return firstPage ? page : page.offset(offset as number);
}

/**
 * The count and a team's page in one statement: the count's one row joined to each row of the
 * page, or to one row of nulls when the page is empty, each row with its counts of room data
 * (one walk of `room_data_room` a row, after the page is cut), in the page's order.
 */
export function listQuery(db: DbOrTx, shape: RoomListShape, v: ListValues): SQL {
  const where = listWhere(shape, v);
  const total = db
    .select({ n: sql<number>`${count()}::int`.as('n') })
    .from(rooms)
    .where(where);
  const page = pageOf(db, roomColumns, where, roomLimits.pageSize, shape.firstPage, v.offset);
  return sql`select c.n, r.*, k.static_count, k.dynamic_count from (${total}) c
    left join lateral (${page}) r on true
    left join lateral (select count(*) filter (where ${roomData.isStatic})::int static_count,
      count(*) filter (where not ${roomData.isStatic})::int dynamic_count
      from ${roomData} where ${roomData.roomId} = r.id) k on true
    order by lower(r.name), r.id`;
}

/** What a guest sees of a template, in the order a page selects it. */
const templateColumns = {
  id: rooms.id,
  name: rooms.name,
  description: rooms.description,
  sharingType: rooms.sharingType,
  imageUrl: rooms.imageUrl,
};

/** The guests' page of Public templates: their count beside the page's fields. */
export function publicTemplatesQuery(db: DbOrTx, firstPage: boolean, offset: Value<number>): SQL {
  const total = db
    .select({ n: sql<number>`${count()}::int`.as('n') })
    .from(rooms)
    .where(publicTemplate);
  const page = pageOf(
    db,
    templateColumns,
    publicTemplate,
    guestLimits.templatesPageSize,
    firstPage,
    offset,
  );
  return sql`select c.n, t.* from (${total}) c left join lateral (${page}) t on true
    order by lower(t.name), t.id`;
}

/** A list's statement: its text and the value each parameter takes (db/direct.ts). */
export type Built = DirectBuilt<ListValues>;

const keyOf = (s: RoomListShape) =>
  `${s.templateFilter}|${s.sharing.join(',')}|${s.admin ? 'admin' : 'member'}|${s.firstPage ? 'first' : 'later'}`;

/** The kinds of list: at most 3 × 32 × 2 × 2, each one name for one text. */
const kinds = builtPerDatabase<ListValues>();
let kindNumber = 0;

export function statementOf(db: DbOrTx, shape: RoomListShape): Built {
  return kinds(db, keyOf(shape), () =>
    builtStatement<ListValues>(`rooms_list_${++kindNumber}`, listQuery(db, shape, placeholders)),
  );
}

type RoomRow = typeof rooms.$inferSelect;

/** Where a room's columns stand in a page's row, from its first; its two counts follow them. */
const col = positionsOf(roomColumns);
const countsAt = Object.keys(roomColumns).length;

/** A page row as the presenter reads it: the room's columns from `at` on, then its two counts. */
function roomOf(r: unknown[], at: number): RoomWithCounts {
  const room: RoomRow = {
    id: r[at + col.id] as string,
    isTemplate: r[at + col.isTemplate] as boolean,
    name: r[at + col.name] as string,
    description: r[at + col.description] as string | null,
    category: r[at + col.category] as string | null,
    imageUrl: r[at + col.imageUrl] as string | null,
    sceneName: r[at + col.sceneName] as string,
    addressableUrlAndroid: r[at + col.addressableUrlAndroid] as string | null,
    addressableUrlWindows: r[at + col.addressableUrlWindows] as string | null,
    addressableUrlMac: r[at + col.addressableUrlMac] as string | null,
    maxUsers: r[at + col.maxUsers] as number,
    persistent: r[at + col.persistent] as boolean,
    capabilities: r[at + col.capabilities] as string[],
    sharingType: r[at + col.sharingType] as RoomSharingType,
    organizationId: r[at + col.organizationId] as string | null,
    ownerUserId: r[at + col.ownerUserId] as string | null,
    templateId: r[at + col.templateId] as string | null,
    meetingId: r[at + col.meetingId] as string | null,
    created: r[at + col.created] as Date,
    createdBy: r[at + col.createdBy] as string | null,
    lastModified: r[at + col.lastModified] as Date | null,
    lastModifiedBy: r[at + col.lastModifiedBy] as string | null,
  };
  return {
    room,
    staticCount: r[at + countsAt] as number,
    dynamicCount: r[at + countsAt + 1] as number,
  };
}

/** One page of a team's rooms and how many the list holds, read at once. */
export async function readRoomList(
  db: DbOrTx,
  query: RoomListQuery,
  p: { team: string; user: string; role: string; now: Date },
) {
  const shape = shapeOf(query, p.role);
  const rows = await runBuilt(db, statementOf(db, shape), valuesOf(query, p.team, p.user, p.now));
  return {
    entryCount: (rows[0]?.[0] as number | undefined) ?? 0,
    // An empty page is the count's row alone (its one column first), its page columns null.
    rows: rows[0]?.[1 + col.id] == null ? [] : rows.map((r) => roomOf(r, 1)),
  };
}

/** Where a template's columns stand in a guest page's row, from its first. */
const guest = positionsOf(templateColumns);

const templateStatements = new WeakMap<DbOrTx, { first: Built; later: Built }>();

/** The guests' page of Public templates and how many there are, read at once. */
export async function readPublicTemplates(db: DbOrTx, page: number) {
  let statements = templateStatements.get(db);
  if (!statements) {
    statements = {
      first: builtStatement<ListValues>(
        'guest_templates_first',
        publicTemplatesQuery(db, true, placeholders.offset),
      ),
      later: builtStatement<ListValues>(
        'guest_templates_later',
        publicTemplatesQuery(db, false, placeholders.offset),
      ),
    };
    templateStatements.set(db, statements);
  }
  const offset = (page - 1) * guestLimits.templatesPageSize;
  const rows = await runBuilt(db, page === 1 ? statements.first : statements.later, {
    ...placeholders,
    offset,
  });
  return {
    entryCount: (rows[0]?.[0] as number | undefined) ?? 0,
    // The count's one column, then the template's.
    rows:
      rows[0]?.[1 + guest.id] == null
        ? []
        : rows.map((r) => ({
            id: r[1 + guest.id] as string,
            name: r[1 + guest.name] as string,
            description: r[1 + guest.description] as string | null,
            sharingType: r[1 + guest.sharingType] as RoomSharingType,
            imageUrl: r[1 + guest.imageUrl] as string | null,
          })),
  };
}
