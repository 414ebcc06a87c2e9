import { fileLimits, limits } from '@roomscale/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Built, builtStatement, runBuilt } from '../../db/direct.ts';
import type { DbOrTx } from '../../db/types.ts';

/**
 * The admin users and teams lists without a search, each page and its capped count as one
 * statement, built once per database and run on the driver with each call's values (as the file
 * lists are, docs/performance.md "Every list call beside Me"). The screens' page size is written
 * into the text and the statement is named: PostgreSQL then plans it once per connection, where
 * drizzle built it, and PostgreSQL planned it (0.7 ms for the teams' four counts per row), on
 * every call. listsAtScale.test.ts holds that the generic plans at 30,000 rows walk the lists'
 * name-order indexes, as the plans for each call's values do. A search is planned for its values
 * (users.ts, teams.ts): its matches are gathered from trigram indexes, however many there are.
 */

/** A call's values: the page's offset, where the count stops, and for teams the time now. */
export type PageValues = { offset: number; cap: number; now: string };

const placeholders = {
  offset: sql.placeholder('offset'),
  cap: sql.placeholder('cap'),
  now: sql.placeholder('now'),
};

/** A number written into the statement's text. */
const written = (n: number) => sql.raw(String(n));

/**
 * The count (capped, along the list's order) and one page, in one statement: the count's row
 * joined to each row of the page in its order, or to one row of nulls past the last page.
 */
const countAndPage = (table: SQL, order: SQL, columns: SQL, pageSize: number) => sql`
  select c.n, p.* from (
    select count(*)::int as n from (
      select 1 from ${table} order by ${order} limit ${placeholders.cap}) matching) c
  left join lateral (
    select ${columns} from ${table} order by ${order}
    limit ${written(pageSize)} offset ${placeholders.offset}) p on true`;

type Kind = 'teams' | 'users';
/** How many page sizes one database keeps built per list: far more than the screens ask for. */
const MAX_SIZES = 20;
const builtPages = new WeakMap<DbOrTx, Map<string, Built<PageValues>>>();

/** What a list's statement reads: its table, its order, and a row's columns (given the time). */
export type PageQuery = (now: SQL) => { table: SQL; order: SQL; columns: SQL };

/** The statement of a list's page of `pageSize` rows, built once per database. */
export function pageStatement(
  db: DbOrTx,
  kind: Kind,
  pageSize: number,
  query: PageQuery,
): Built<PageValues> {
  const byKey = builtPages.get(db) ?? new Map<string, Built<PageValues>>();
  builtPages.set(db, byKey);
  const key = `${kind}:${pageSize}`;
  const found = byKey.get(key);
  if (found) return found;
  const screenSize = kind === 'teams' ? limits.adminPageSizeTeams : limits.adminPageSizeUsers;
  const { table, order, columns } = query(sql`${placeholders.now}::timestamptz`);
  const statement = builtStatement<PageValues>(
    pageSize === screenSize ? `admin_${kind}_page` : '',
    countAndPage(table, order, columns, pageSize),
  );
  if (byKey.size < MAX_SIZES) byKey.set(key, statement);
  return statement;
}

/** One call's values: the count stops a window past the page, as every list's does. */
export const pageValues = (page: number, pageSize: number, now: Date): PageValues => {
  const offset = (page - 1) * pageSize;
  return { offset, cap: offset + pageSize + fileLimits.countWindow + 1, now: now.toISOString() };
};

/**
 * A page of a list without a search and how many rows it holds (a window past the page at most:
 * past it, one more than the window). `read` makes a row of the page's columns from `at` on.
 */
export async function readPage<T>(
  db: DbOrTx,
  kind: Kind,
  q: { Page: number; PageSize: number },
  now: Date,
  query: PageQuery,
  read: (row: unknown[], at: number) => T,
): Promise<[T[], number]> {
  const statement = pageStatement(db, kind, q.PageSize, query);
  const rows = await runBuilt(db, statement, pageValues(q.Page, q.PageSize, now));
  const n = Number(rows[0]?.[0] ?? 0);
  // Past the last page the count's row stands alone, the page's columns null.
  return [rows[0]?.[1] === null ? [] : rows.map((r) => read(r, 1)), n];
}
