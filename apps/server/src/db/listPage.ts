import { fileLimits } from '@roomscale/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Built, builtPerDatabase, builtStatement, runBuilt } from './direct.ts';
import type { DbOrTx } from './types.ts';

/**
 * A list's page and its capped count as one statement, built once per database and kind of list
 * and run on the driver with each call's values (db/direct.ts), where drizzle built, and
 * PostgreSQL planned, a page and a count on every call (docs/performance.md "Every list call
 * beside Me"). The page's size is written into the text: a kind the screens ask for is a named
 * statement, which PostgreSQL plans once per connection and then keeps generic; each list's
 * tests hold that its generic plans walk the index its custom plans walk. The file lists
 * (modules/files/list.ts) and the meetings lists (modules/meetings/list.ts) build their own
 * statements the same way, with more to them (folder checks, a JSON page).
 */

/** The values every page takes: its offset, and where its count stops. */
export type PageValues = { offset: number; cap: number };

/** The placeholders of `PageValues`, and any a list adds, by name. */
export const placeholder = (name: string) => sql.placeholder(name);

/** What one kind of list reads: its table, its filter, its order, and a row's columns. */
export type PageQuery = { table: SQL; where?: SQL; order: SQL; columns: SQL };

/**
 * The count (capped, along the list's order) and one page, in one statement: the count's row
 * joined to each row of the page in its order, or to one row of nulls past the last page. A
 * page read from the list's start (`fromStart`: no offset) has its count's stop written in too,
 * so a kind without filters binds no value at all: PostgreSQL plans a statement without values
 * once and keeps that plan, where with a bound stop it priced the generic plan above the
 * custom ones on a small platform and planned every call again (docs/performance.md).
 */
function countAndPage(
  { table, where, order, columns }: PageQuery,
  pageSize: number,
  fromStart: boolean,
) {
  const filter = where ? sql` where ${where}` : sql``;
  const cap = fromStart ? sql.raw(String(pageValues(1, pageSize).cap)) : placeholder('cap');
  const offset = fromStart ? sql`` : sql` offset ${placeholder('offset')}`;
  return sql`select c.n, p.* from (
    select count(*)::int as n from (
      select 1 from ${table}${filter} order by ${order} limit ${cap}) matching) c
  left join lateral (
    select ${columns} from ${table}${filter} order by ${order}
    limit ${sql.raw(String(pageSize))}${offset}) p on true`;
}

const kinds = builtPerDatabase<unknown>();

/**
 * The statement of one kind of list (`key`, unique across lists) with pages of `pageSize` rows,
 * built once per database; `name` names it (one text per name), `''` leaves it unnamed (planned
 * for each call's values). `fromStart`: the pages whose offset is 0 (`pageValues`), which have
 * a statement of their own, named `<name>_first`.
 */
export function listPageStatement<V extends PageValues>(
  db: DbOrTx,
  key: string,
  name: string,
  pageSize: number,
  fromStart: boolean,
  query: () => PageQuery,
): Built<V> {
  return kinds(
    db,
    `${key}:${pageSize}:${fromStart ? 'start' : 'offset'}`,
    () =>
      builtStatement<V>(
        name && fromStart ? `${name}_first` : name,
        countAndPage(query(), pageSize, fromStart),
      ) as Built<unknown>,
  ) as Built<V>;
}

/** A page's offset, and its count's stop a window past it, as every list's count stops. */
export const pageValues = (page: number, pageSize: number, skipped = 0): PageValues => {
  const offset = (page - 1) * pageSize - skipped;
  return { offset, cap: offset + pageSize + fileLimits.countWindow + 1 };
};

/**
 * A page and how many rows its list holds from the page's offset on (a window past the page at
 * most: past it, one more). `read` makes a row of the page's columns, from column `at` on.
 */
export async function readListPage<T, V>(
  db: DbOrTx,
  statement: Built<V>,
  values: V,
  read: (row: unknown[], at: number) => T,
): Promise<[T[], number]> {
  const rows = await runBuilt(db, statement, values);
  const n = Number(rows[0]?.[0] ?? 0);
  // Past the last page the count's row stands alone, the page's columns null.
  return [rows[0]?.[1] === null || rows.length === 0 ? [] : rows.map((r) => read(r, 1)), n];
}
