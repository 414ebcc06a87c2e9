import { join } from 'node:path';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import type { LiveApp } from '../../modules/storage/testing.ts';
import { claimStorageDirectory } from '../../platform/storage/local/identity.ts';
import { testContext } from '../../test/harness.ts';
import { spawnTsx } from '../../test/process.ts';

/** Where an installation keeps its state: a DATA_DIR, and a PostgreSQL database or none. */
export type Place = { dataDir: string; databaseUrl?: string };

/**
 * The app started on `place` as `npm start` starts it (its database opened and migrated, the
 * files directory claimed), listening on a loopback port. `loadDataDir` seeds an embedded
 * database that is not there yet.
 */
export async function appAt(place: Place, jwtSecret: string, loadDataDir?: Blob): Promise<LiveApp> {
  const config = loadConfig({
    DATA_DIR: place.dataDir,
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: 'http://roomscale.test',
    CHECK_RESPONSES: 'true',
  });
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    loadDataDir,
  });
  if (config.storage.driver === 'local')
    await claimStorageDirectory(database.db, config.storage.dir);
  const context = testContext(config, database.db);
  const app = await buildApp(context.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    app,
    ...context,
    databaseUrl: place.databaseUrl ?? null,
    origin,
    local: (url: string) => origin + url.slice(config.publicUrl.length),
    async close() {
      await app.close();
      await context.ctx.storage.close();
      await database.close();
    },
  };
}

const opsDir = join(import.meta.dirname, '..');

/** Runs `npm run backup` or `npm run restore` (their script, with tsx) on `place`. */
export function runOps(
  script: 'backup' | 'restore',
  place: Place,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string; err: string }> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.JWT_SECRET;
  const p = spawnTsx(join(opsDir, `${script}.ts`), args, {
    ...base,
    DATA_DIR: place.dataDir,
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    ...env,
  });
  return p.closed.then((code) => ({ code, ...p.output() }));
}
