import { fileLimits } from '@roomscale/shared';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * How many rows match, counting no further than `cap` rows: a list's count then costs about what
 * its page costs, not what the whole table holds. Past the cap the answer is `cap + 1`, a lower
 * bound that still promises another page, so a client paging by `pageCount` reads on to the end
 * (each later page counts further, from its own offset).
 */
export async function cappedCount(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
  order: SQL[] = [],
): Promise<number> {
  const [row] = await cappedCountQuery(db, table, where, cap, order);
  return row?.n ?? 0;
}

/**
 * The statement of `cappedCount`. Given the list's own order, the count walks the index the page
 * reads, so it too stops after `cap` rows whatever the table holds.
 */
export function cappedCountQuery(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
  order: SQL[] = [],
) {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(cap + 1)
    .as('matching');
  return db.select({ n: count() }).from(matching);
}

/**
 * Every row a search matches, on each row of its page: `count(*) over ()` in the statement that
 * sorts the matches, which reads them all to find the page's, so the count costs no second pass.
 */
export const matchCount = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * One page of a search and its count. The search reads its matches from its own indexes and
 * sorts them (a walk of the list's order would read past every row that does not match):
 * `searchPage` returns the page with each row's `matches` (`matchCount`), counted in the same
 * pass, and the count is that number capped a window past the page, as a list's count is. Only a
 * page past the last match, which holds no row to carry the number, counts on its own.
 */
export async function searchPageAndCount<T>(
  db: DbOrTx,
  table: PgTable,
  where: SQL,
  q: { Page: number; PageSize: number },
  searchPage: (where: SQL, offset: number) => Promise<(T & { matches: number })[]>,
): Promise<[T[], number]> {
  const offset = (q.Page - 1) * q.PageSize;
  const cap = offset + q.PageSize + fileLimits.countWindow;
  const rows = await searchPage(where, offset);
  const matches = rows[0]?.matches;
  if (matches !== undefined) return [rows, Math.min(matches, cap + 1)];
  return [rows, offset === 0 ? 0 : await cappedCount(db, table, where, cap)];
}
