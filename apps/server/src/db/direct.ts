import { fillPlaceholders } from 'drizzle-orm';
import type { Db } from './types.ts';

/** Runs one named statement on the driver itself, each row an array of its columns. */
export type DirectRunner = (name: string, text: string, values: unknown[]) => Promise<unknown[][]>;

const runners = new WeakMap<Db, DirectRunner>();

/** Called by openDatabase: how statements reach this database's driver without drizzle. */
export function registerDirectRunner(db: Db, run: DirectRunner) {
  runners.set(db, run);
}

/**
 * A statement of the hottest path, written with drizzle (its tables and columns stay checked)
 * but run on the driver directly, as a named prepared statement (docs/performance.md "The hot
 * path"). Drizzle's execute wraps each call in four nested async layers and hands the driver
 * fresh type parsers per field on every run, which showed on GET /api/Users/Me. `build` must
 * select ONE column; its parameters are `$1`, `$2`… in `values` order.
 */
export function directStatement<T>(name: string, build: (db: Db) => { toSQL(): { sql: string } }) {
  const texts = new WeakMap<Db, string>();
  return async (db: Db, values: unknown[]): Promise<T[]> => {
    const run = runners.get(db);
    if (!run) throw new Error(`${name}: this database was not opened by openDatabase`);
    let text = texts.get(db);
    if (text === undefined) {
      text = build(db).toSQL().sql;
      texts.set(db, text);
    }
    const rows = await run(name, text, values);
    return rows.map((row) => row[0] as T);
  };
}

/**
 * `directStatement` for a statement with named placeholders (`sql.placeholder`), given as its
 * text and parameters (`toSQL()`), filled with each call's `values` as drizzle's prepared queries
 * fill them. The name `''` runs it as an
 * unnamed statement, which PostgreSQL plans anew for each call's values.
 */
export function directQuery<T>(
  name: string,
  build: (db: Db) => { sql: string; params: unknown[] },
) {
  const built = new WeakMap<Db, { sql: string; params: unknown[] }>();
  return async (db: Db, values: Record<string, unknown>): Promise<T[]> => {
    const run = runners.get(db);
    if (!run) throw new Error(`${name}: this database was not opened by openDatabase`);
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    const rows = await run(name, statement.sql, fillPlaceholders(statement.params, values));
    return rows.map((row) => row[0] as T);
  };
}

/**
 * One statement of several columns on the driver directly, each row the array of its columns:
 * the name `''` runs it unnamed (planned anew for each call's values), any other name as a named
 * prepared statement, which must always stand for the same text.
 */
export function directRows(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<unknown[][]> {
  const run = runners.get(db);
  if (!run) throw new Error(`${name || text}: this database was not opened by openDatabase`);
  return run(name, text, values);
}
