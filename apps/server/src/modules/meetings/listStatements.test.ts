import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { listCount, listPage, memberCount, runListPage } from './list.ts';

/** A database whose driver records each statement it is given and answers no rows. */
function recordingDb() {
  const pool = new pg.Pool();
  const sent: { text: string; values: unknown[] }[] = [];
  (pool as unknown as { query: unknown }).query = async (
    config: { text: string },
    values: unknown[],
  ) => {
    sent.push({ text: config.text, values });
    return { rows: [], fields: [] };
  };
  return { db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as DbOrTx, sent };
}

const caller = { userId: '8d6f1c0e-0000-4000-8000-000000000001', email: 'ann@x.test' } as Caller;

describe('meetings list statements built once per kind of list', () => {
  // The plan tests (list.test.ts) read the statements `listPage` and `memberCount` build for one
  // call; a page is served by statements built once with placeholders. They must be the same.
  it('runs, for every kind of list and any values, the statements the plan tests read', async () => {
    const { db, sent } = recordingDb();
    for (const admin of [false, true]) {
      for (const includePast of [false, true]) {
        for (const [filter, page] of [
          ['', 1],
          ['Wee%k_ly', 3],
          ['abc-def', 2],
        ] as const) {
          const scope = { organizationId: '8d6f1c0e-0000-4000-8000-00000000000a', caller, admin };
          const w = {
            now: new Date(Date.UTC(2026, 0, page)),
            includePast,
            filter,
            page,
            pageSize: 10,
          };
          sent.length = 0;
          await runListPage(db, scope, w);
          const built = listPage(db, scope, w).toSQL();
          expect(sent[0], `${admin} ${includePast} ${filter}`).toEqual({
            text: built.sql,
            values: built.params,
          });
          if (admin) continue;
          sent.length = 0;
          await listCount(db, scope, w);
          const counted = memberCount(db, scope, w).toSQL();
          expect(sent[0]).toEqual({ text: counted.sql, values: counted.params });
        }
      }
    }
  });
});
