import { security } from '@roomscale/shared';
import { adminApi, guestsApi, usersApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestSessions, sessions } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { expectProblem, PASSWORD, signIn } from '../../test/factories.ts';
import { signInGuest } from '../../test/guests.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { person } from '../../test/workspace.ts';
import { SessionCache } from './sessionCache.ts';

describe('SessionCache', () => {
  const live = { userId: 'u1', email: 'a@b.c', superAdmin: false };

  it('remembers a session briefly, never past its end, and forgets on request', () => {
    const cache = new SessionCache();
    cache.set('s1', live, 0, 60_000);
    expect(cache.get('s1', security.sessionCacheSeconds * 1000 - 1)).toMatchObject(live);
    expect(cache.get('s1', security.sessionCacheSeconds * 1000)).toBeNull();
    cache.set('s2', live, 0, 1_000);
    expect(cache.get('s2', 1_000)).toBeNull();
    cache.set('s3', live, 0, 60_000);
    cache.set('s4', { ...live, userId: 'u2' }, 0, 60_000);
    cache.forgetUser('u1');
    expect(cache.get('s3', 1)).toBeNull();
    expect(cache.get('s4', 1)).not.toBeNull();
    cache.forgetSession('s4');
    expect(cache.get('s4', 1)).toBeNull();
  });

  it('stays within its bound, dropping the oldest entry', () => {
    const cache = new SessionCache(2);
    cache.set('a', live, 0, 60_000);
    cache.set('b', live, 0, 60_000);
    cache.set('c', live, 0, 60_000);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('c', 1)).not.toBeNull();
  });

  const guest = { guestId: 'g1', email: 'g@b.c' };

  it('remembers a guest session briefly, never past its end, and forgets on request', () => {
    const cache = new SessionCache();
    cache.setGuest('s1', guest, 0, 60_000);
    expect(cache.getGuest('s1', security.sessionCacheSeconds * 1000 - 1)).toEqual(guest);
    expect(cache.getGuest('s1', security.sessionCacheSeconds * 1000)).toBeNull();
    cache.setGuest('s2', guest, 0, 1_000);
    expect(cache.getGuest('s2', 999)).toEqual(guest);
    expect(cache.getGuest('s2', 1_000)).toBeNull();
    cache.setGuest('s3', guest, 0, 60_000);
    cache.forgetSession('s3');
    expect(cache.getGuest('s3', 1)).toBeNull();
  });

  it('keeps guest and user sessions apart', () => {
    const cache = new SessionCache();
    cache.setGuest('s1', guest, 0, 60_000);
    expect(cache.get('s1', 1)).toBeNull();
    cache.set('s2', live, 0, 60_000);
    expect(cache.getGuest('s2', 1)).toBeNull();
    // Forgetting a user leaves the guests' sessions alone.
    cache.forgetUser('g1');
    expect(cache.getGuest('s1', 1)).toEqual(guest);
  });

  it('keeps guest sessions within its bound, dropping the oldest entry', () => {
    const cache = new SessionCache(2);
    cache.setGuest('a', guest, 0, 60_000);
    cache.setGuest('b', guest, 0, 60_000);
    cache.setGuest('c', guest, 0, 60_000);
    expect(cache.getGuest('a', 1)).toBeNull();
    expect(cache.getGuest('b', 1)).not.toBeNull();
    expect(cache.getGuest('c', 1)).not.toBeNull();
  });
});

describe('the access check with remembered sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const me = (token: { access_token: string }) => callEndpoint(t, usersApi.me, { token });

  it('ends a remembered session at once when the password changes elsewhere', async () => {
    const user = await person(t);
    const other = await signIn(t, user);
    expect((await me(other)).status).toBe(200);
    const res = await callEndpoint(t, usersApi.changePassword, {
      token: user.session,
      body: { currentPassword: PASSWORD, newPassword: 'Another1Pass' },
    });
    expect(res.status, res.raw.body).toBe(200);
    expectProblem(await me(other), 401);
    expect((await me(user.session)).status).toBe(200);
  });

  it('takes super admin rights away at once', async () => {
    const root = await person(t, { superAdmin: true });
    const demoted = await person(t, { superAdmin: true });
    const overview = () => callEndpoint(t, adminApi.overview, { token: demoted.session });
    expect((await overview()).status).toBe(200);
    const res = await callEndpoint(t, adminApi.editUser, {
      params: { userId: demoted.id },
      token: root.session,
      body: {
        firstName: 'Demo',
        lastName: 'Ted',
        position: null,
        superAdmin: false,
        hasManualUserSubscription: false,
      },
    });
    expect(res.status, res.raw.body).toBe(200);
    expectProblem(await overview(), 403);
  });

  it('notices a session ended by another instance within the remembered time', async () => {
    const user = await person(t);
    expect((await me(user.session)).status).toBe(200);
    // Another instance ends it: nothing here is told.
    await t.ctx.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.userId, user.id));
    t.clock.advance(security.sessionCacheSeconds);
    expectProblem(await me(user.session), 401);
  });
});

describe('the guest access check with remembered guest sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const templates = (token: string) =>
    callEndpoint(t, guestsApi.roomTemplates, { token, query: { page: 1 } });
  const sessionOf = async (guestId: string) => {
    const [row] = await t.ctx.db
      .select({ id: guestSessions.id })
      .from(guestSessions)
      .where(eq(guestSessions.guestId, guestId));
    return row!.id;
  };

  it('refuses a guest token at once after guest logout', async () => {
    const g = await signInGuest(t);
    expect((await templates(g.access_token)).status).toBe(200);
    const res = await callEndpoint(t, guestsApi.logout, { token: g.access_token, query: {} });
    expect(res.status, res.raw.body).toBe(204);
    expectProblem(await templates(g.access_token), 401);
  });

  it('accepts a guest session ended by another instance only within the remembered time', async () => {
    const g = await signInGuest(t);
    expect((await templates(g.access_token)).status).toBe(200);
    // Another instance ends it: nothing here is told.
    await t.ctx.db
      .update(guestSessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(guestSessions.guestId, g.guestId));
    // Remembered: the database is not asked again.
    expect((await templates(g.access_token)).status).toBe(200);
    t.clock.advance(security.sessionCacheSeconds);
    expectProblem(await templates(g.access_token), 401);
  });

  it("refuses a token naming another guest than the remembered session's", async () => {
    const g = await signInGuest(t);
    const other = await signInGuest(t);
    expect((await templates(g.access_token)).status).toBe(200);
    const forged = await t.ctx.jwt.signGuest(
      { guestId: other.guestId, sessionId: await sessionOf(g.guestId), email: other.email },
      t.clock.now(),
    );
    expectProblem(await templates(forged), 401);
    expect((await templates(g.access_token)).status).toBe(200);
  });
});
