import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** One step of a PostgreSQL plan, as `explain (format json)` writes it, with the steps below. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/**
 * The plan `db` would run `query` with, every step of it, the top one first. PostgreSQL hands
 * the JSON back parsed, PGlite as text.
 */
export async function planSteps(db: Db, query: SQLWrapper): Promise<PlanNode[]> {
  const res = await db.execute(sql`explain (format json) ${query.getSQL()}`);
  const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
  const json = Object.values(rows[0]!)[0];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
  return nodes(parsed[0]!.Plan);
}
