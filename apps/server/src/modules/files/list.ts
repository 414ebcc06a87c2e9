import {
  enumNumber,
  type FileScope,
  FileScopes,
  FileSources,
  type FileType,
  FileTypes,
  fileLimits,
  type fileListQuery,
  fileMessages,
} from '@roomscale/shared';
import { and, asc, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  builtPerDatabase,
  builtStatement,
  type Built as DirectBuilt,
  positionsOf,
  runBuilt,
} from '../../db/direct.ts';
import { fileItems } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/types.ts';
import type { Value } from '../../db/values.ts';
import { notFound } from '../../platform/http/problem.ts';
import { type FileRow, parent, personName } from './presenter.ts';
import type { FileSpace } from './space.ts';
import { visibleIn } from './space.ts';

/**
 * The file lists (the team's `POST …/File` and the guests' list) as one statement: the capped
 * count and the addressed folder's check, beside the page. It is built once per database and
 * kind of list (its shape: the space's kind, the order, the folder or root, the filters) and run
 * on the driver with each call's values (db/direct.ts), where drizzle built and mapped the page
 * and the count anew on every call (docs/performance.md "The files pages").
 *
 * The screens' own kinds (`namedShapes`) run as named statements: PostgreSQL plans them once per
 * connection and, after five runs, keeps a generic plan if it costs no more than the custom ones.
 * list.test.ts holds, at 100,000 files with `plan_cache_mode = force_generic_plan`, that those
 * generic plans walk the same indexes as the plans for each call's values. Any other kind is an
 * unnamed statement, planned for each call's values.
 *
 * So that a generic plan is priced as the custom ones are, what a statement's plan estimates by
 * is written into its text, not bound (docs/performance.md "Recent files keep their generic
 * plan"): the first page of a size the screens ask for (`firstPageSizes`) has its size and its
 * count's cap written, with no offset (a generic plan takes an unknown LIMIT, and an unknown
 * OFFSET, for a tenth of the rows each: the recent files' was priced at 2.5 times their custom
 * plans on a team of a few hundred files, and PostgreSQL planned them anew on every call); and
 * the filters' and the access rule's enum numbers are written (bound, their rows were guessed:
 * the recent files' generic plan cost 15 % more than the custom ones at 100,000 files). Later
 * pages bind their size and offset.
 */

export type ListQuery = Omit<z.output<typeof fileListQuery>, 'scopes'> & { scopes: FileScope[] };

const FOLDER = enumNumber(FileTypes, 'Folder');
/**
 * False for folders, true for the rest: ascending puts folders first. The number is written into
 * the statement, not bound, so the expression is the one the `file_items_folder_name` index holds.
 */
const notFolder = sql`(${fileItems.type} <> ${sql.raw(String(FOLDER))})`;
const typeNumber = (t: FileType) => enumNumber(FileTypes, t);

/** The ids of an item and everything below it. */
export const subtree = (rootId: Value) =>
  sql`(with recursive t(id) as (select ${rootId}::uuid union all select c.id from file_items c join t on c.parent_id = t.id) select id from t)`;

/** Each order ends on the id, in the order's direction, so pages never overlap. */
const sortOrders = {
  NameAscending: [asc(sql`lower(${fileItems.name})`), asc(fileItems.id)],
  NameDescending: [desc(sql`lower(${fileItems.name})`), asc(fileItems.id)],
  CreatedAscending: [asc(fileItems.created), asc(fileItems.id)],
  // Backwards along `file_items_created` (created, id).
  CreatedDescending: [desc(fileItems.created), desc(fileItems.id)],
  ModifiedAscending: [
    asc(sql`coalesce(${fileItems.lastModified}, ${fileItems.created})`),
    asc(fileItems.id),
  ],
  ModifiedDescending: [
    desc(sql`coalesce(${fileItems.lastModified}, ${fileItems.created})`),
    asc(fileItems.id),
  ],
  TypeAscending: [asc(fileItems.type), asc(sql`lower(${fileItems.name})`), asc(fileItems.id)],
  TypeDescending: [desc(fileItems.type), asc(sql`lower(${fileItems.name})`), asc(fileItems.id)],
} as const;

/** A folder lists its folders first; a flat list is one order. */
export const listOrder = (query: Pick<ListQuery, 'hierarchical' | 'sortBy'>): SQL[] => [
  ...(query.hierarchical ? [asc(notFolder)] : []),
  ...sortOrders[query.sortBy],
];

/** What a list statement's text depends on; everything else is a value (`ListValues`). */
export type ListShape = Pick<
  ListQuery,
  'hierarchical' | 'sortBy' | 'scopes' | 'sources' | 'includedFileTypes' | 'excludedFileTypes'
> & {
  space: FileSpace['kind'];
  inFolder: boolean;
  /** A first page's size, written into the text (`firstPageSizes`); null when they are values. */
  firstPage: number | null;
};

/** The page sizes the screens ask for: the dashboard's, a folder's, recent files', the pickers'. */
const firstPageSizes: readonly number[] = [
  fileLimits.dashboardPageSize,
  fileLimits.pageSize,
  fileLimits.recentPageSize,
  fileLimits.maxPageSize,
];

/** A number written into the statement's text: drizzle binds a `.limit()` number as a value. */
const written = (n: number) => sql.raw(String(n)) as unknown as number;

/** A call's values: each the value itself (one call's statement) or a placeholder. */
export type ListValues = {
  team: Value<string>;
  user: Value<string>;
  email: Value<string>;
  folder: Value<string>;
  pageSize: Value<number>;
  offset: Value<number>;
  /** Where the count stops: the page's offset and the count window, plus one. */
  cap: Value<number>;
};

const placeholders: ListValues = {
  team: sql.placeholder('team'),
  user: sql.placeholder('user'),
  email: sql.placeholder('email'),
  folder: sql.placeholder('folder'),
  pageSize: sql.placeholder('pageSize'),
  offset: sql.placeholder('offset'),
  cap: sql.placeholder('cap'),
};

export const shapeOf = (space: FileSpace, query: ListQuery): ListShape => ({
  space: space.kind,
  inFolder: !!query.parentFileId,
  hierarchical: query.hierarchical,
  sortBy: query.sortBy,
  scopes: query.scopes,
  sources: query.sources,
  includedFileTypes: query.includedFileTypes,
  excludedFileTypes: query.excludedFileTypes,
  firstPage:
    query.pagination.page === 1 && firstPageSizes.includes(query.pagination.pageSize)
      ? query.pagination.pageSize
      : null,
});

/** The values of one call. Unused ones (a guest's team, a root's folder) are never bound. */
export function valuesOf(space: FileSpace, query: ListQuery): ListValues {
  const { page, pageSize } = query.pagination;
  const offset = (page - 1) * pageSize;
  return {
    team: space.kind === 'team' ? space.organizationId : '',
    user: space.kind === 'team' ? space.userId : '',
    email: space.kind === 'guest' ? space.email : '',
    folder: query.parentFileId ?? '',
    pageSize,
    offset,
    cap: offset + fileLimits.countWindow + 1,
  };
}

/** The space of a statement: its kind, and its owner as the values say. */
function spaceIn(shape: ListShape, v: ListValues): FileSpace {
  return (
    shape.space === 'team'
      ? { kind: 'team', organizationId: v.team, userId: v.user }
      : { kind: 'guest', guestId: '', email: v.email }
  ) as FileSpace;
}

/** Which items a list shows: the space's visible items, narrowed by the call's filters. */
export function listWhere(shape: ListShape, v: ListValues): SQL {
  const filters: (SQL | undefined)[] = [visibleIn(spaceIn(shape, v))];
  if (shape.inFolder) {
    filters.push(
      shape.hierarchical
        ? eq(fileItems.parentId, v.folder as string)
        : sql`${fileItems.id} in ${subtree(v.folder)} and ${fileItems.id} <> ${v.folder}`,
    );
  } else if (shape.hierarchical) {
    filters.push(isNull(fileItems.parentId));
  }
  if (shape.scopes.length > 0) {
    filters.push(
      inArray(
        fileItems.scope,
        shape.scopes.map((s) => enumNumber(FileScopes, s)),
      ),
    );
  }
  if (shape.sources.length > 0) {
    filters.push(
      inArray(
        fileItems.source,
        shape.sources.map((s) => enumNumber(FileSources, s)),
      ),
    );
  }
  if (shape.includedFileTypes.length > 0) {
    filters.push(inArray(fileItems.type, shape.includedFileTypes.map(typeNumber)));
  }
  if (shape.excludedFileTypes.length > 0) {
    filters.push(notInArray(fileItems.type, shape.excludedFileTypes.map(typeNumber)));
  }
  return and(...filters)!;
}

/**
 * The page's columns, in the order `fileRowOf` reads them: the item, its folder's name and type,
 * how many items it holds, and who made and last changed it.
 */
const pageColumns = {
  id: fileItems.id,
  organizationId: fileItems.organizationId,
  ownerUserId: fileItems.ownerUserId,
  ownerGuestEmail: fileItems.ownerGuestEmail,
  parentId: fileItems.parentId,
  name: fileItems.name,
  type: fileItems.type,
  scope: fileItems.scope,
  source: fileItems.source,
  mimeType: fileItems.mimeType,
  contentLength: fileItems.contentLength,
  blobKey: fileItems.blobKey,
  thumbnailKey: fileItems.thumbnailKey,
  properties: fileItems.properties,
  created: fileItems.created,
  createdBy: fileItems.createdBy,
  lastModified: fileItems.lastModified,
  lastModifiedBy: fileItems.lastModifiedBy,
  parentName: parent.name,
  parentType: parent.type,
  childCount: sql<number>`(select count(*)::int from file_items c where c.parent_id = ${fileItems.id})`,
  createdByName: personName(fileItems.createdBy),
  lastModifiedByName: personName(fileItems.lastModifiedBy),
};

/**
 * One page of a list: a folder lists its folders first, a flat list is one order; the indexes
 * `file_items_root_name`, `file_items_folder_name` and `file_items_created` serve the screens'
 * orders (list.test.ts).
 */
export function pageQuery(db: DbOrTx, shape: ListShape, v: ListValues) {
  const page = db
    .select(pageColumns)
    .from(fileItems)
    .leftJoin(parent, eq(parent.id, fileItems.parentId))
    .where(listWhere(shape, v))
    .orderBy(...listOrder(shape));
  return shape.firstPage === null
    ? page.limit(v.pageSize as number).offset(v.offset as number)
    : page.limit(written(shape.firstPage));
}

/** Where the count stops: written for a first page, as its size is (see above). */
const capOf = (shape: ListShape, v: ListValues) =>
  shape.firstPage === null ? (v.cap as number) : written(fileLimits.countWindow + 1);

/**
 * How many items the list holds, counted no further than `v.cap` rows along the page's own order
 * (so it walks the index the page reads and stops there, whatever the team holds), and, for a
 * folder's list, the folder's type if the space sees it (null if not): one statement for both.
 */
export function countQuery(db: DbOrTx, shape: ListShape, v: ListValues) {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(fileItems)
    .where(listWhere(shape, v))
    .orderBy(...listOrder(shape))
    .limit(capOf(shape, v))
    .as('matching');
  const folder = shape.inFolder
    ? sql<
        number | null
      >`(select ${fileItems.type} from ${fileItems} where ${fileItems.id} = ${v.folder} and ${visibleIn(spaceIn(shape, v))})`
    : sql<null>`null::int`;
  return db.select({ n: count(), folder }).from(matching);
}

/**
 * The count (and the folder's check) and the page in one statement: the count's one row, joined
 * to each row of the page in the page's order, or to one row of nulls when the page is empty.
 */
export function listQuery(db: DbOrTx, shape: ListShape, v: ListValues): SQL {
  return sql`select c.*, p.* from (${countQuery(db, shape, v)}) c
    left join lateral (${pageQuery(db, shape, v)}) p on true`;
}

/** The kinds of list the screens ask for, run as named statements (see above). */
export const namedShapes: Omit<ListShape, 'inFolder' | 'firstPage'>[] = [
  // A library folder, or its top level, by name: the files screen, the team's and one's own.
  ...(['Organization', 'User'] as const).map((scope) => ({
    space: 'team' as const,
    hierarchical: true,
    sortBy: 'NameAscending' as const,
    scopes: [scope],
    sources: [],
    includedFileTypes: [],
    excludedFileTypes: [],
  })),
  // A guest's own folder, or their top level, by name: the VR app's guest files.
  {
    space: 'guest',
    hierarchical: true,
    sortBy: 'NameAscending',
    scopes: ['Guest'],
    sources: [],
    includedFileTypes: [],
    excludedFileTypes: [],
  },
  // The newest files: the dashboard, the files landing and recent files.
  {
    space: 'team',
    hierarchical: false,
    sortBy: 'CreatedDescending',
    scopes: ['Organization', 'User'],
    sources: [],
    includedFileTypes: [],
    excludedFileTypes: ['Folder'],
  },
  // The notes and pictures made in VR.
  {
    space: 'team',
    hierarchical: false,
    sortBy: 'CreatedDescending',
    scopes: ['Organization', 'User'],
    sources: ['VR'],
    includedFileTypes: ['Note', 'Image'],
    excludedFileTypes: [],
  },
];

const keyOf = (
  s: Omit<ListShape, 'inFolder' | 'firstPage'> & { inFolder?: boolean; firstPage?: number | null },
) =>
  JSON.stringify([
    s.space,
    s.inFolder ?? null,
    s.firstPage ?? null,
    s.hierarchical,
    s.sortBy,
    s.scopes,
    s.sources,
    s.includedFileTypes,
    s.excludedFileTypes,
  ]);
const named = new Set(namedShapes.map((s) => keyOf(s)));
/** Whether a kind of list is one of the screens' (`namedShapes`), folder or top level, any page. */
export const isNamedShape = (shape: ListShape) =>
  named.has(keyOf({ ...shape, inFolder: undefined, firstPage: undefined }));

/** A list's statement: its text and the value each parameter takes (db/direct.ts). */
export type Built = DirectBuilt<ListValues>;

const kinds = builtPerDatabase<ListValues>();
let kindNumber = 0;

/** The statement of a kind of list, built once per database. */
export function statementOf(db: DbOrTx, shape: ListShape): Built {
  return kinds(db, keyOf(shape), () => {
    // A named statement's name stands for one text: a number per kind, never reused.
    const n = isNamedShape(shape) ? ++kindNumber : 0;
    return builtStatement<ListValues>(
      n ? `files_list_${n}` : '',
      listQuery(db, shape, placeholders),
    );
  });
}

/** Where each of the page's columns stands in a row, after the count's. */
const col = positionsOf(pageColumns);

/** A page row, as the presenter reads it: columns from `at` on (the count's come first). */
function fileRowOf(r: unknown[], at: number): FileRow {
  const length = r[at + col.contentLength];
  return {
    item: {
      id: r[at + col.id] as string,
      organizationId: r[at + col.organizationId] as string | null,
      ownerUserId: r[at + col.ownerUserId] as string | null,
      ownerGuestEmail: r[at + col.ownerGuestEmail] as string | null,
      parentId: r[at + col.parentId] as string | null,
      name: r[at + col.name] as string,
      type: r[at + col.type] as number,
      scope: r[at + col.scope] as number,
      source: r[at + col.source] as number,
      mimeType: r[at + col.mimeType] as string | null,
      // int8 arrives as text from PostgreSQL; the column is read as a number.
      contentLength: length === null ? null : Number(length),
      blobKey: r[at + col.blobKey] as string | null,
      thumbnailKey: r[at + col.thumbnailKey] as string | null,
      properties: r[at + col.properties] as Record<string, unknown>,
      created: r[at + col.created] as Date,
      createdBy: r[at + col.createdBy] as string | null,
      lastModified: r[at + col.lastModified] as Date | null,
      lastModifiedBy: r[at + col.lastModifiedBy] as string | null,
    },
    parentName: r[at + col.parentName] as string | null,
    parentType: r[at + col.parentType] as number | null,
    childCount: r[at + col.childCount] as number,
    createdByName: r[at + col.createdByName] as string | null,
    lastModifiedByName: r[at + col.lastModifiedByName] as string | null,
  };
}

/**
 * One page of a list and how many items it holds (counted a window past the page), read at once.
 * A folder the space does not see, or an item that is no folder, is 404.
 */
export async function readList(db: DbOrTx, space: FileSpace, query: ListQuery) {
  const shape = shapeOf(space, query);
  const v = valuesOf(space, query);
  const rows = await runBuilt(db, statementOf(db, shape), v);
  const [n, folder] = rows[0] ?? [0, null];
  // The count's two columns (`countQuery`: n, folder) come before the page's.
  const at = 2;
  if (shape.inFolder && folder !== FOLDER) throw notFound(fileMessages.notFound);
  return {
    // Past the window the count is one more than it: a lower bound that promises another page.
    entryCount: Number(n),
    // An empty page is the count's row alone, its page columns null.
    rows: rows[0]?.[at + col.id] === null ? [] : rows.map((r) => fileRowOf(r, at)),
  };
}
