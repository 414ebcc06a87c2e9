import { migrationsFolder } from '../../db/client.ts';
import { appliedMigrations, readJournal } from '../../db/migrate.ts';
import { BackupError } from './errors.ts';
import type { Query } from './referenced.ts';

/** The migrations this code ships, oldest first (drizzle/meta/_journal.json). */
export const codeMigrations = () => readJournal(migrationsFolder());

/**
 * The migration a database was last brought to, from the `created_at` the migrator records
 * (the journal's `when`), and how many it has; `where` names the database when it has none.
 */
export async function requireApplied(query: Query, where: string) {
  const applied = await appliedMigrations(async (text) => ({ rows: await query(text) }));
  const when = applied.at(-1);
  if (when === undefined) throw new BackupError(`${where} holds no Roomscale schema`);
  return { when, count: applied.length };
}

/** The manifest's `schema`: the last migration's tag when this code knows it, else null. */
export function describeApplied(when: number, count: number) {
  const known = codeMigrations().find((m) => m.when === when);
  return { lastMigration: known?.tag ?? null, migrationWhen: when, migrations: count };
}

/** The code cannot run a database whose last migration is not one of its own. */
export const newerThanCode = (migrationWhen: number) =>
  !codeMigrations().some((m) => m.when === migrationWhen);
