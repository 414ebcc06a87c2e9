import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../../db/client.ts';

/** A migration as drizzle-kit's journal names it; `when` is what the migrator records. */
export type Migration = { tag: string; when: number };

/** The migrations this code ships, oldest first (drizzle/meta/_journal.json). */
export function codeMigrations(): Migration[] {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Migration[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The migration a database was last brought to, from the `created_at` the migrator records
 * (the journal's `when`); its tag when this code knows it, else null (a newer version's).
 */
export function describeApplied(when: number, count: number) {
  const known = codeMigrations().find((m) => m.when === when);
  return { lastMigration: known?.tag ?? null, migrationWhen: when, migrations: count };
}

/** The query both database kinds answer: the newest applied migration and how many there are. */
export const appliedMigrationsSql =
  'select max(created_at)::text as "when", count(*)::int as "count" from drizzle.__drizzle_migrations';

/** The code cannot run a database whose last migration is newer than its own newest one. */
export function newerThanCode(migrationWhen: number): boolean {
  const known = codeMigrations();
  const newest = known[known.length - 1]?.when ?? 0;
  return migrationWhen > newest || !known.some((m) => m.when === migrationWhen);
}
