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
 * One page of a searchable list beside its count, read at once. The count stops a window past
 * the page; unfiltered it walks the list's own `order` (the index the page reads), while a
 * search counts from the search's own indexes, where the order's walk would read past every row
 * that does not match.
 */
export function pageAndCount<T>(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  q: { Page: number; PageSize: number },
  order: SQL[],
  page: (offset: number) => Promise<T[]>,
): Promise<[T[], number]> {
  const offset = (q.Page - 1) * q.PageSize;
  const cap = offset + q.PageSize + fileLimits.countWindow;
  return Promise.all([page(offset), cappedCount(db, table, where, cap, where ? [] : order)]);
}
