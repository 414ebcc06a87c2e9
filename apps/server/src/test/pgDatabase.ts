import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new, empty database on the PostgreSQL server of `base` (TEST_PG_URL), and its removal. */
export async function freshPgDatabase(base: string) {
  const name = `rs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
