import { fillPlaceholders, Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './types.ts';

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

/**
 * Where each of a statement's columns stands in the rows `directRows` and `runBuilt` read (each
 * row the array of its columns), counted from 0 in the order of `columns`, the record that also
 * writes the statement's select list (drizzle's `select(columns)`, or `selectList`). A reader
 * names the column it reads (`r[at + c.name]`) instead of counting to it, and the two cannot
 * come apart when a column is added or moved.
 */
export function positionsOf<K extends string>(
  columns: Record<K, unknown>,
): Readonly<Record<K, number>> {
  const at = {} as Record<K, number>;
  for (const [i, key] of Object.keys(columns).entries()) at[key as K] = i;
  return at;
}

/**
 * The select list of `columns`, in their order: what `positionsOf` counts. `named`: each column
 * is named by its key (`… as "key"`), for a statement that refers to it by name.
 */
export const selectList = (columns: Record<string, SQLWrapper>, named = false): SQL =>
  sql.join(
    Object.entries(columns).map(([key, column]) =>
      named ? sql`${column} as ${sql.identifier(key)}` : sql`${column}`,
    ),
    sql`, `,
  );

/**
 * A statement's text and, for each of its parameters in order, the name of the value it takes:
 * what `builtStatement` makes once and `runBuilt` runs with each call's values.
 */
export type Built<V> = { name: string; text: string; fill: (keyof V & string)[] };

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A statement written with drizzle, its values named placeholders (`sql.placeholder`), made into
 * the text the driver runs: every other value drizzle would bind (enum numbers, constants) is
 * written into the text, so a named statement's generic plan is priced with them as a plan for
 * each call's values is (docs/performance.md "Recent files keep their generic plan").
 */
export function builtStatement<V>(name: string, query: SQL): Built<V> {
  const { sql: text, params } = dialect.sqlToQuery(query.inlineParams());
  return {
    name,
    text,
    fill: params.map((p) => {
      if (!(p instanceof Placeholder))
        throw new Error(`${name}: a bound value that is no placeholder`);
      return p.name as keyof V & string;
    }),
  };
}

/** Runs a built statement with one call's values, each row the array of its columns. */
export const runBuilt = <V>(db: DbOrTx, b: Built<V>, values: V): Promise<unknown[][]> =>
  directRows(
    db as Db,
    b.name,
    b.text,
    b.fill.map((key) => values[key]),
  );

/**
 * Statements built once per database and kind of list: the function answers a kind's statement,
 * building it on its first call on a database. At most `max` kinds a database are kept (far more
 * than the screens ask for); past that a kind is built on each call.
 */
export function builtPerDatabase<V>(max = 200) {
  const kinds = new WeakMap<DbOrTx, Map<string, Built<V>>>();
  return (db: DbOrTx, key: string, build: () => Built<V>): Built<V> => {
    let byKey = kinds.get(db);
    if (!byKey) {
      byKey = new Map();
      kinds.set(db, byKey);
    }
    const found = byKey.get(key);
    if (found) return found;
    const statement = build();
    if (byKey.size < max) byKey.set(key, statement);
    return statement;
  };
}
