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
