import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How much one run of the sweep may do; what is left waits for the next run. */
export type Budget = {
  /** Rows one statement deletes. */
  batchRows: number;
  /** Statements per table and run. */
  maxBatches: number;
  /** `performance.now()` after which no batch starts. */
  deadline: number;
  /** Aborted when the instance stops: the batch in progress ends, no other starts. */
  signal?: AbortSignal;
};

export type SweepOutcome = { deleted: number; complete: boolean };

export const outOfBudget = (budget: Budget) =>
  budget.signal?.aborted === true || performance.now() >= budget.deadline;

/**
 * The rows of one batch: at most `limit` rows `where` picks, oldest first by `order` (the
 * indexed expression). The order keeps the plan on the index whatever share of the table is
 * due: without it, a backlog makes a scan of the table look cheaper, and once the backlog is
 * gone (before the statistics know it) that scan reads the whole table for each batch.
 * plans.test.ts checks each plan with EXPLAIN.
 */
export const batchSelect = (table: string, where: SQL, limit: number, order?: SQL) =>
  sql`select ctid from ${sql.identifier(table)} where ${where}${order ? sql` order by ${order}` : sql``} limit ${limit}`;

/**
 * Deletes one batch in its own statement (its own transaction) and says how many rows went.
 * Rows another transaction holds are skipped (`skip locked`): the sweep never waits on a
 * request, and the row goes in a later batch.
 */
export async function deleteBatch(db: Db, table: string, where: SQL, limit: number, order?: SQL) {
  const res = await db.execute(sql`with gone as (
      delete from ${sql.identifier(table)}
      where ctid = any(array(${batchSelect(table, where, limit, order)} for update skip locked))
      returning 1)
    select count(*)::int as n from gone`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Deletes what `where` picks, a batch at a time, until none is left or the budget is spent. */
export async function deleteInBatches(
  db: Db,
  table: string,
  where: SQL,
  budget: Budget,
  order?: SQL,
): Promise<SweepOutcome> {
  let deleted = 0;
  for (let batch = 0; batch < budget.maxBatches; batch++) {
    if (outOfBudget(budget)) return { deleted, complete: false };
    const n = await deleteBatch(db, table, where, budget.batchRows, order);
    deleted += n;
    if (n < budget.batchRows) return { deleted, complete: true };
  }
  return { deleted, complete: false };
}
