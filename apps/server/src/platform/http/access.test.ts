import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  addMember,
  addRoom,
  createMeeting,
  meetingBody,
  person,
  team,
} from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SOME_ID = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
/** A concrete path for a route pattern: every parameter becomes a uuid. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SOME_ID);

describe('access rules', () => {
  it('knows the routes of the app', () => {
    const urls = t.app.routeAccess.map((r) => r.url);
    expect(urls).toContain('/api/connect/token');
    expect(urls).toContain('/api/Users/Me');
    expect(urls).toContain('/api/Organizations/:organizationId');
  });

  it('refuses every non-public /api route without a token, and with a forged one', async () => {
    const guarded = t.app.routeAccess.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    const forged = `${(await signIn(t, await createUser(t))).access_token.slice(0, -4)}AAAA`;
    for (const route of guarded) {
      const request = {
        method: route.method as 'GET',
        url: concrete(route.url),
        remoteAddress: '10.200.0.1',
      };
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') {
        expect(anonymous.headers['content-type']).toContain('application/problem+json');
      }
      const withForged = await t.app.inject({
        ...request,
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(withForged.statusCode, `${route.method} ${route.url} (forged)`).toBe(401);
    }
  });

  it('lets a signed-in user through to team routes only for their own teams', async () => {
    const teamRoutes = t.app.routeAccess.filter(
      (r) => (r.access === 'teamMember' || r.access === 'teamAdmin') && r.method !== 'HEAD',
    );
    const session = await signIn(t, await createUser(t));
    for (const route of teamRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it('refuses, on every route that declares an object rule, a caller who fails it', async () => {
    const ruled = t.app.routeAccess.filter((r) => r.object && r.method !== 'HEAD');
    expect(ruled.map((r) => r.object)).toContain('meetingModerator');
    // A meeting the admin plans with a plain participant, and a member who is not invited.
    const w = await team(t);
    const outsider = await person(t);
    await addMember(t, w.id, outsider.id, 'User');
    const room = await addRoom(t, w.id, w.admin);
    const meeting = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [room.id], [{ email: w.member.email, userId: w.member.id }]),
    );
    const ids: Record<string, string> = { organizationId: w.id, meetingId: meeting.id };
    for (const route of ruled) {
      const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? SOME_ID);
      const as = (who: { session: { access_token: string } }) =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${who.session.access_token}` },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
      // Seen but not moderated: 403; not seen at all: 404 (as if it did not exist).
      expect((await as(w.member)).statusCode, `${route.method} ${route.url} (participant)`).toBe(
        403,
      );
      expect((await as(outsider)).statusCode, `${route.method} ${route.url} (not invited)`).toBe(
        404,
      );
    }
  });

  it('lets super-admin routes refuse ordinary users', async () => {
    const adminRoutes = t.app.routeAccess.filter(
      (r) => r.access === 'superAdmin' && r.method !== 'HEAD',
    );
    const session = await signIn(t, await createUser(t));
    for (const route of adminRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('keeps guest and user tokens apart: each kind gets 401 on the other kind of route', async () => {
    const user = await signIn(t, await createUser(t));
    const guest = await t.ctx.jwt.signGuest(
      { guestId: SOME_ID, sessionId: SOME_ID, email: 'g@example.com' },
      t.clock.now(),
    );
    const guestRoutes = t.app.routeAccess.filter(
      (r) => r.access === 'guest' && r.method !== 'HEAD',
    );
    expect(guestRoutes.length).toBeGreaterThan(0);
    const others = t.app.routeAccess.filter(
      (r) => r.access !== 'guest' && r.access !== 'public' && r.method !== 'HEAD',
    );
    for (const [routes, token] of [
      [guestRoutes, user.access_token],
      [others, guest],
    ] as const) {
      for (const route of routes) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: '10.200.0.2',
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });
});
