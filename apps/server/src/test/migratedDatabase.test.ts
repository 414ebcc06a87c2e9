import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/client.ts';
import { createTestApp } from './harness.ts';
import { migrationsHash, PG_TEMPLATE_ENV, PGLITE_DUMP_ENV } from './migratedDatabase.ts';
import { freshPgDatabase } from './pgDatabase.ts';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** What the migrations made: columns, constraints, indexes, and the migrator's own record. */
async function schemaOf(db: Db) {
  const columns = await db.execute(sql`
    select table_schema, table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns
     where table_schema in ('public', 'drizzle')
     order by 1, 2, 3`);
  const constraints = await db.execute(sql`
    select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as def
      from pg_constraint
     where connamespace = 'public'::regnamespace
     order by 1, 2`);
  const indexes = await db.execute(sql`
    select tablename, indexname, indexdef from pg_indexes
     where schemaname = 'public' order by 1, 2`);
  const migrations = await db.execute(sql`
    select hash, created_at::text from drizzle.__drizzle_migrations order by id`);
  return {
    columns: rowsOf(columns),
    constraints: rowsOf(constraints),
    indexes: rowsOf(indexes),
    migrations: rowsOf(migrations),
  };
}

/** A database the migrator builds from nothing, as on a first start. */
async function migratedFromScratch() {
  const pgUrl = process.env.TEST_PG_URL;
  if (!pgUrl) return { database: await openDatabase({}), drop: async () => {} };
  const fresh = await freshPgDatabase(pgUrl);
  return { database: await openDatabase({ url: fresh.url }), drop: fresh.drop };
}

describe("the run's migrated database (copied for each test app)", () => {
  it('is prepared by the global setup, under the hash of the migrations folder', () => {
    // A template database on PostgreSQL, a dump file of PGlite's data directory otherwise.
    const prepared = process.env[process.env.TEST_PG_URL ? PG_TEMPLATE_ENV : PGLITE_DUMP_ENV];
    expect(prepared).toContain(migrationsHash());
  });

  it("has the schema of a database migrated from nothing, and the migrator's record of it", async () => {
    const t = await createTestApp();
    const scratch = await migratedFromScratch();
    try {
      const copied = await schemaOf(t.ctx.db);
      expect(copied.migrations.length).toBeGreaterThan(0);
      expect(copied).toEqual(await schemaOf(scratch.database.db));
    } finally {
      await scratch.database.close();
      await scratch.drop();
      await t.close();
    }
  });
});
