import { type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import type { Built } from '../db/direct.ts';

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

const literal = (v: unknown) =>
  v === null || v === undefined
    ? 'null'
    : typeof v === 'number'
      ? String(v)
      : `'${String(v).replace(/'/g, "''")}'`;

/**
 * The generic plan of `query` (PostgreSQL only): the plan a named prepared statement runs with
 * once PostgreSQL stops planning it for each call's values, whatever the values. Explained with
 * `plan_cache_mode = force_generic_plan`, so its conditions name parameters ($1, $2…).
 */
export async function genericPlanSteps(db: Db, query: SQLWrapper): Promise<PlanNode[]> {
  const { sql: text, params } = new PgDialect({ casing: 'snake_case' }).sqlToQuery(query.getSQL());
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare generic_plan_steps as ${text}`));
    try {
      const res = await tx.execute(
        sql.raw(
          `explain (format json) execute generic_plan_steps(${params.map(literal).join(', ')})`,
        ),
      );
      const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
      const json = Object.values(rows[0]!)[0];
      const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
      return nodes(parsed[0]!.Plan);
    } finally {
      await tx.execute(sql`deallocate generic_plan_steps`);
    }
  });
}

/**
 * The plan of a built statement (db/direct.ts) run with `values` (PostgreSQL only): its own text,
 * prepared in one session and explained with the values, as PostgreSQL plans it for one call
 * (`custom`) or once it settles on a generic plan for a named statement (`generic`, forced here).
 */
export async function builtPlanSteps<V>(
  db: Db,
  statement: Built<V>,
  values: V,
  mode: 'generic' | 'custom',
): Promise<PlanNode[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local plan_cache_mode = force_${mode}_plan`));
    await tx.execute(sql.raw(`prepare built_plan_steps as ${statement.text}`));
    try {
      // EXECUTE takes its values as literals (a bound parameter is refused there).
      const literals = statement.fill.map((key) => literal(values[key]));
      const res = await tx.execute(
        // A statement without values is executed without parentheses (`()` is refused).
        sql.raw(
          `explain (format json) execute built_plan_steps${literals.length ? `(${literals.join(', ')})` : ''}`,
        ),
      );
      const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
      const json = Object.values(rows[0]!)[0];
      const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
      return nodes(parsed[0]!.Plan);
    } finally {
      await tx.execute(sql`deallocate built_plan_steps`);
    }
  });
}

/**
 * A built statement run `runs` times by name on one connection of its own, as the server's pool
 * runs it (PostgreSQL only): how many of those runs PostgreSQL planned for their values and how
 * many took the generic plan it keeps, and each run's rows.
 */
export async function namedRuns<V>(dbUrl: string, statement: Built<V>, values: V, runs: number) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const answers: unknown[][][] = [];
    for (let i = 0; i < runs; i++) {
      const res = await client.query<unknown[]>({
        name: statement.name,
        text: statement.text,
        values: statement.fill.map((key) => values[key]),
        rowMode: 'array',
      });
      answers.push(res.rows);
    }
    const { rows } = await client.query(
      'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
      [statement.name],
    );
    return {
      generic: Number(rows[0].generic_plans),
      custom: Number(rows[0].custom_plans),
      answers,
    };
  } finally {
    await client.end();
  }
}
