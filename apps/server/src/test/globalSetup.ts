/**
 * Vitest global setup (vitest.config.ts): migrates one database for the whole run — PGlite, or
 * a template database on TEST_PG_URL's server — that the harness copies for each test app
 * (test/migratedDatabase.ts), and removes it when the run ends. The test processes learn where
 * it is from environment variables set here, before they start.
 */
import type { TestProject } from 'vitest/node';
import {
  type MigratedDatabase,
  migrationsHash,
  PG_TEMPLATE_ENV,
  PGLITE_DUMP_ENV,
  prepareMigratedDatabase,
} from './migratedDatabase.ts';

export default async function setup(project: TestProject) {
  let current: MigratedDatabase | undefined;
  const prepare = async () => {
    await current?.remove();
    delete process.env[PGLITE_DUMP_ENV];
    delete process.env[PG_TEMPLATE_ENV];
    current = await prepareMigratedDatabase();
    Object.assign(process.env, current.env);
  };
  await prepare();
  // Watch mode: a migration added or changed since makes a new database for the next files.
  project.onTestsRerun(async () => {
    if (migrationsHash() !== current?.hash) await prepare();
  });
  return async () => {
    await current?.remove();
  };
}
