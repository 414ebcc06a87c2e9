import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp } from '../test/harness.ts';
import type { Db } from './client.ts';
import { directStatement } from './direct.ts';
import { users } from './schema.ts';

type Found = { id: string; email: string; n: number };

/** A user by email, as one JSON column, with a second parameter to show their order. */
const byEmail = directStatement<Found>('test_direct_by_email', (db) =>
  db
    .select({
      found: sql<Found>`json_build_object('id', ${users.id}, 'email', ${users.email},
        'n', ${sql.placeholder('n')}::int)`,
    })
    .from(users)
    .where(eq(users.email, sql.placeholder('email'))),
);

describe('direct statements (the hot path without drizzle)', () => {
  it('run the statement drizzle built, one value per row, parameters in the order of $1, $2', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t);
      // drizzle numbers the placeholders in the order the statement names them: n, then email.
      expect(await byEmail(t.ctx.db, [7, user.email])).toEqual([
        { id: user.id, email: user.email, n: 7 },
      ]);
      // Again: the same prepared statement, now with other values.
      expect(await byEmail(t.ctx.db, [8, user.email])).toEqual([
        { id: user.id, email: user.email, n: 8 },
      ]);
      expect(await byEmail(t.ctx.db, [1, 'nobody@example.com'])).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('refuse a database that openDatabase did not open', async () => {
    await expect(byEmail({} as Db, [1, 'x@example.com'])).rejects.toThrow(
      'test_direct_by_email: this database was not opened by openDatabase',
    );
  });
});
