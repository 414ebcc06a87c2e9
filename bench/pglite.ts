/**
 * `npm run bench:pglite`: the embedded default database (PGlite, no DATABASE_URL) under the
 * file lists' load (issue 12, docs/performance.md "The embedded database"). Goal: a team of
 * 10,000 files is served as smoothly as a team of 200 (the flatness PostgreSQL keeps from 200 to
 * 100,000: at least 0.67 of the throughput, p99 within 1.5×), and nothing times out, not even
 * in a team of 100,000.
 *
 * A real server process on a fresh data directory creates the bench user and three teams; it is
 * stopped, the teams are seeded by SQL straight into its PGlite directory (as bench:api seeds
 * PostgreSQL), and it is started again on them. autocannon at 20 connections, BENCH_SECONDS
 * (10) each, the two sides of a comparison in turns (`alternate`).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  alternate,
  benchUser,
  EMAIL,
  type Figure,
  filesList,
  filesRootBody,
  PASSWORD,
  ROUNDS,
  recentFilesBody,
  row,
  SECONDS,
} from './lib/load.ts';
import { seedFiles } from './lib/seed.ts';
import { startServer, stop } from './lib/server.ts';

const env = { ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD };

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'roomscale-bench-pglite-'));
  const dataDir = join(dir, 'data');
  try {
    // First start: migrations, the bench user and the teams, through the API.
    let server = await startServer(dataDir, env);
    const { token, me, teams } = await benchUser(server.origin, [
      'Small team',
      'Big team',
      'Huge team',
    ]);
    const [small, big, huge] = teams as [string, string, string];
    await stop(server.child);

    console.log('Seeding 200, 10,000 and 100,000 files into the embedded database…');
    // The admin lists' trigram indexes (migration 0020) need pg_trgm loaded to be written.
    const db = await PGlite.create(join(dataDir, 'db'), { extensions: { pg_trgm } });
    await seedFiles(db, small, me.id, 100, 100);
    await seedFiles(db, big, me.id, 2_000, 8_000);
    await seedFiles(db, huge, me.id, 20_000, 80_000);
    await db.query('vacuum analyze');
    await db.close();

    server = await startServer(dataDir, env);
    try {
      const files = (id: string, body: object) => filesList(server.origin, token, id, body);
      console.log(
        `\nPGlite, each figure: ${ROUNDS} turns of ${SECONDS} s of autocannon after one to warm up, on ${new Date().toISOString()}\n`,
      );
      const flat = (a: Figure, b: Figure) =>
        b.rps >= 0.67 * a.rps && b.p99 <= 1.5 * Math.max(a.p99, 1) && a.errors + b.errors === 0;
      const goal = '≥ 0.67× throughput, p99 ≤ 1.5×, no errors or timeouts';
      for (const [name, body] of [
        ['Team files root, 20 connections', filesRootBody],
        ['Dashboard recent files, 20 connections', recentFilesBody],
      ] as const) {
        const [a, b] = await alternate(
          () => files(small, body),
          () => files(big, body),
        );
        row(name, a, b, ['200 items', '10,000 items'], goal, flat(a, b));
        const [a2, c] = await alternate(
          () => files(small, body),
          () => files(huge, body),
        );
        row(`${name}, a team 10× larger`, a2, c, ['200 items', '100,000 items'], goal, flat(a2, c));
      }
    } finally {
      await stop(server.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
