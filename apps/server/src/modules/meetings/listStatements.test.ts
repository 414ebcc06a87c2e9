import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { registerDirectRunner } from '../../db/direct.ts';
import * as schema from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { listed, listedPageStatement, listedStatementName } from './list.ts';

/** A database whose driver records each statement it is given and answers no rows. */
function recordingDb() {
  const db = drizzle(new pg.Pool(), { schema, casing: 'snake_case' }) as unknown as Db;
  const sent: { name: string; text: string; values: unknown[] }[] = [];
  registerDirectRunner(db, async (name, text, values) => {
    sent.push({ name, text, values });
    return [];
  });
  return { db, sent };
}

const caller = { userId: '8d6f1c0e-0000-4000-8000-000000000001', email: 'ann@x.test' } as Caller;
const dialect = new PgDialect({ casing: 'snake_case' });

describe('meetings list statements built once per kind of list', () => {
  // The plan tests (list.test.ts) read the statement `listedPageStatement` builds for one call; a
  // page is served by a statement built once per kind of list with placeholders, run as a named
  // statement whose generic plan the plan tests hold, or unnamed (planned for each call's
  // values) for a member's list with past meetings and for a search. They must be the same, and one kind always
  // one text under one name.
  it('runs, for every kind of list and any values, the statement the plan tests read', async () => {
    const { db, sent } = recordingDb();
    const texts = new Map<string, string>();
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
          expect(await listed(db, scope, w)).toEqual({
            entryCount: 0,
            meetings: [],
            meetingRooms: [],
            people: [],
            rooms: [],
          });
          const built = dialect.sqlToQuery(listedPageStatement(db, scope, w));
          // The first page of a screen's size has its size written in: a kind of its own.
          const kind = `${admin ? 'admin' : 'member'}_${includePast ? 'all' : 'upcoming'}${filter ? '_filtered' : ''}${page === 1 ? '_first10' : ''}`;
          const name = filter || (!admin && includePast) ? '' : `meetings_list_${kind}`;
          expect(listedStatementName(scope, w)).toBe(name);
          expect(sent, `${admin} ${includePast} ${filter}`).toEqual([
            { name, text: built.sql, values: built.params },
          ]);
          const { text } = sent[0]!;
          expect(texts.get(kind) ?? text).toBe(text);
          texts.set(kind, text);
        }
      }
    }
    // One text per kind of list: admin or member, upcoming or all, filtered or not.
    expect(texts.size).toBe(8);
    expect(new Set(texts.values()).size).toBe(8);
  });
});
