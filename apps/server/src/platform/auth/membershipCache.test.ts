import { security } from '@roomscale/shared';
import { auditApi, organizationsApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { team } from '../../test/workspace.ts';
import { MembershipCache } from './membershipCache.ts';

const admin = { role: 'Admin', licenseType: 'License' } as const;
const ttl = security.membershipCacheSeconds * 1000;

describe('MembershipCache', () => {
  it('serves nothing until the database’s word reaches it, and forgets all when it stops', () => {
    const cache = new MembershipCache();
    cache.keep('o', 'u', admin, 0, cache.mark());
    expect(cache.get('o', 'u', 1)).toBeNull();
    cache.listening(true);
    cache.keep('o', 'u', admin, 0, cache.mark());
    expect(cache.get('o', 'u', 1)).toEqual(admin);
    cache.listening(false);
    expect(cache.get('o', 'u', 1)).toBeNull();
    cache.listening(true);
    expect(cache.get('o', 'u', 1)).toBeNull();
  });

  it('keeps a membership a few seconds at most', () => {
    const cache = new MembershipCache();
    cache.listening(true);
    cache.keep('o', 'u', admin, 0, cache.mark());
    expect(cache.get('o', 'u', ttl - 1)).toEqual(admin);
    expect(cache.get('o', 'u', ttl)).toBeNull();
  });

  it('never keeps a membership read while a change was seen', () => {
    const cache = new MembershipCache();
    cache.listening(true);
    const mark = cache.mark();
    cache.changed('o2:u2');
    cache.keep('o', 'u', admin, 0, mark);
    expect(cache.get('o', 'u', 1)).toBeNull();
    const sent = cache.mark();
    cache.written('update "memberships" set "role" = $1 where "user_id" = $2');
    cache.keep('o', 'u', admin, 0, sent);
    expect(cache.get('o', 'u', 1)).toBeNull();
  });

  it('forgets the membership the database names, or every one', () => {
    const cache = new MembershipCache();
    cache.listening(true);
    cache.keep('o', 'u', admin, 0, cache.mark());
    cache.keep('o', 'v', admin, 0, cache.mark());
    cache.changed('o:u');
    expect(cache.get('o', 'u', 1)).toBeNull();
    expect(cache.get('o', 'v', 1)).toEqual(admin);
    cache.changed('*');
    expect(cache.get('o', 'v', 1)).toBeNull();
  });

  it('forgets every membership on a statement that may change one, and on no read', () => {
    const cache = new MembershipCache();
    cache.listening(true);
    const kept = () => {
      cache.keep('o', 'u', admin, 0, cache.mark());
      return cache;
    };
    const reads = [
      'select "role" from "memberships" where "organization_id" = $1',
      'insert into "file_items" ("name") values ($1)',
      'update "users" set "first_name" = $1 where "id" = $2',
    ];
    for (const text of reads) {
      kept().written(text);
      expect(cache.get('o', 'u', 1), text).toEqual(admin);
    }
    const changes = [
      'update "memberships" set "role" = $1',
      'insert into "memberships" ("user_id") values ($1) on conflict do update set "role" = $2',
      'delete from "memberships" where "user_id" = $1',
      'delete from "users" where "users"."id" = $1',
      'delete from "organizations" where "organizations"."id" = $1',
    ];
    for (const text of changes) {
      kept().written(text);
      expect(cache.get('o', 'u', 1), text).toBeNull();
    }
  });

  it('stays within its bound, dropping the oldest entry', () => {
    const cache = new MembershipCache(2);
    cache.listening(true);
    for (const user of ['a', 'b', 'c']) cache.keep('o', user, admin, 0, cache.mark());
    expect(cache.get('o', 'a', 1)).toBeNull();
    expect(cache.get('o', 'c', 1)).toEqual(admin);
  });
});

describe('the access check with remembered memberships', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The team's audit log: for its admins only. */
  const auditOf = (w: Awaited<ReturnType<typeof team>>) =>
    callEndpoint(t, auditApi.team, {
      params: { organizationId: w.id },
      query: { Page: 1, PageSize: 10 },
      token: w.member.session,
    });
  const teamOf = (w: Awaited<ReturnType<typeof team>>) =>
    callEndpoint(t, organizationsApi.get, {
      params: { organizationId: w.id },
      token: w.member.session,
    });

  it('takes a demoted admin’s rights and a removed member’s team away at once', async () => {
    const w = await team(t);
    await t.ctx.db
      .update(memberships)
      .set({ role: 'Admin' })
      .where(eq(memberships.userId, w.member.id));
    expect((await auditOf(w)).status).toBe(200);
    await t.ctx.db
      .update(memberships)
      .set({ role: 'User' })
      .where(eq(memberships.userId, w.member.id));
    expect((await auditOf(w)).status).toBe(403);
    expect((await teamOf(w)).status).toBe(200);
    await t.ctx.db
      .update(memberships)
      .set({ role: 'None', licenseType: 'None' })
      .where(eq(memberships.userId, w.member.id));
    expect((await teamOf(w)).status).toBe(404);
  });

  // Another instance is a connection of its own; PGlite is one process.
  describe.skipIf(!process.env.TEST_PG_URL)('beside other instances on PostgreSQL', () => {
    let other: pg.Client;
    beforeAll(async () => {
      other = new pg.Client({ connectionString: t.databaseUrl! });
      await other.connect();
    });
    afterAll(() => other.end());

    /** Polls `check` until it holds, for two seconds at most (a notification's way). */
    async function soon(check: () => Promise<boolean>) {
      for (let i = 0; i < 100; i++) {
        if (await check()) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
      return false;
    }

    it('forgets a membership another instance changes, on the database’s word', async () => {
      const w = await team(t);
      expect((await teamOf(w)).status).toBe(200);
      await other.query(`update memberships set role = 'None' where user_id = $1`, [w.member.id]);
      expect(await soon(async () => (await teamOf(w)).status === 404)).toBe(true);
    });

    it('serves a remembered membership without asking, for a few seconds at most', async () => {
      const w = await team(t);
      expect((await teamOf(w)).status).toBe(200);
      // Gone without a word (triggers off): only the entry's own bound ends it.
      await other.query(`set session_replication_role = replica`);
      try {
        await other.query(`delete from memberships where user_id = $1`, [w.member.id]);
      } finally {
        await other.query(`set session_replication_role = origin`);
      }
      expect((await teamOf(w)).status).toBe(200);
      t.clock.advance(security.membershipCacheSeconds);
      expect((await teamOf(w)).status).toBe(404);
    });

    it('serves nothing while its listening connection is lost, and listens again', async () => {
      const w = await team(t);
      expect((await teamOf(w)).status).toBe(200);
      await other.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query ilike 'listen%'`,
      );
      await other.query(`set session_replication_role = replica`);
      try {
        await other.query(`delete from memberships where user_id = $1`, [w.member.id]);
      } finally {
        await other.query(`set session_replication_role = origin`);
      }
      expect(await soon(async () => (await teamOf(w)).status === 404)).toBe(true);
      // Connected again within a second or so, it keeps what it reads once more.
      const v = await team(t);
      const kept = async () => {
        expect((await teamOf(v)).status).toBe(200);
        return t.ctx.membershipCache.get(v.id, v.member.id, t.clock.now().getTime()) !== null;
      };
      expect(await soon(kept)).toBe(true);
    });
  });
});
