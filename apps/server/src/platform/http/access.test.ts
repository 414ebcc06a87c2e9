import { randomUUID } from 'node:crypto';
import {
  enumNumber,
  type FileScope,
  FileScopes,
  FileTypes,
  fileMessages,
  roomMessages,
} from '@roomscale/shared';
import {
  authApi,
  billingApi,
  filesApi,
  organizationsApi,
  roomsApi,
  usersApi,
} from '@roomscale/shared/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../context.ts';
import { fileItems, roomData } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createUser, signIn } from '../../test/factories.ts';
import { signInGuest } from '../../test/guests.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  addMember,
  addRoom,
  createMeeting,
  defaultTemplate,
  meetingBody,
  person,
  team,
} from '../../test/workspace.ts';
import type { Jwt } from '../auth/jwt.ts';
import { MembershipCache } from '../auth/membershipCache.ts';
import { SessionCache } from '../auth/sessionCache.ts';
import {
  type ObjectRule,
  type ObjectRuleCheck,
  objectParam,
  type RouteAccess,
  registerAccess,
} from './access.ts';

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
    expect(urls).toContain(authApi.token.path);
    expect(urls).toContain(usersApi.me.path);
    expect(urls).toContain(organizationsApi.get.path);
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
        // SCIM answers in its own error body and media type (docs/scim.md).
        const type =
          route.access === 'scimToken' ? 'application/scim+json' : 'application/problem+json';
        expect(anonymous.headers['content-type']).toContain(type);
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

  it('answers a member who is not an admin 403 on every teamAdmin route; super admins pass only where the route says so', async () => {
    const w = await team(t);
    const root = await person(t, { superAdmin: true });
    const wrong: string[] = [];
    for (const route of t.app.routeAccess.filter(
      (r) => r.access === 'teamAdmin' && r.method !== 'HEAD',
    )) {
      const url = concrete(route.url.replace(':organizationId', w.id));
      const as = (token: string) =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: '10.200.0.5',
        });
      const member = await as(w.member.session.access_token);
      if (member.statusCode !== 403)
        wrong.push(`${route.method} ${route.url}: ${member.statusCode}`);
      // A super admin outside the team: let through (whatever the handler answers) only on
      // routes declaring `superAdmins`, 404 like any outsider elsewhere.
      const outsider = (await as(root.session.access_token)).statusCode;
      if (route.superAdmins ? outsider === 403 || outsider === 401 : outsider !== 404)
        wrong.push(`${route.method} ${route.url} (super admin): ${outsider}`);
    }
    expect(wrong).toEqual([]);
    expect(t.app.routeAccess.some((r) => r.superAdmins && r.url === billingApi.customer.path)).toBe(
      true,
    );
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

/**
 * Object rules: for every route that declares a rule, callers who fail it — each built for the
 * rule — are refused: 404 when they may not see the object, 403 when they see it but may not do
 * this. Each fixture is an object the caller would reach if the rule let everyone through (the
 * route would then answer 200, 204 or 400), so a rule that stops checking fails here.
 */
describe('object rules', () => {
  type Refusal = { who: string; token: string; ids: Record<string, string>; status: number };
  const ruled = (rule: ObjectRule) =>
    t.app.routeAccess.filter((r) => r.object === rule && r.method !== 'HEAD');
  const onTeamRoute = (route: RouteAccess) => route.url.includes(':organizationId');
  const bearer = (p: { session: { access_token: string } }) => p.session.access_token;

  /** Calls each route declaring `rule` as each refused caller; lists every answer that differs. */
  async function expectRefused(rule: ObjectRule, refusals: (route: RouteAccess) => Refusal[]) {
    const routes = ruled(rule);
    expect(routes.length, rule).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of routes) {
      for (const r of refusals(route)) {
        const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => r.ids[name] ?? SOME_ID);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${r.token}` },
          remoteAddress: '10.200.0.3',
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.statusCode !== r.status) {
          wrong.push(`${route.method} ${route.url} (${r.who}): ${res.statusCode}, not ${r.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    return routes;
  }

  it('are each tested here, and each declared on some route', () => {
    const declared = new Set(t.app.routeAccess.flatMap((r) => (r.object ? [r.object] : [])));
    expect([...declared].sort()).toEqual(
      ['fileEditor', 'fileItem', 'meetingModerator', 'roomManager', 'roomViewer'].sort(),
    );
  });

  it('leave a malformed object id to validation: 400 on every route that declares a rule', async () => {
    const w = await team(t);
    const guest = await signInGuest(t);
    const wrong: string[] = [];
    for (const route of t.app.routeAccess.filter((r) => r.object && r.method !== 'HEAD')) {
      const url = route.url
        .replace(':organizationId', w.id)
        .replace(/:([A-Za-z]+)/g, (_, name: string) =>
          name === objectParam[route.object!] ? 'not-a-uuid' : SOME_ID,
        );
      const token = route.access === 'guest' ? guest.access_token : bearer(w.admin);
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: '10.200.0.4',
      });
      if (res.statusCode !== 400) wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('meetingModerator: refuses a participant (403) and a member not invited (404)', async () => {
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
    const ids = { organizationId: w.id, meetingId: meeting.id };
    await expectRefused('meetingModerator', () => [
      { who: 'participant', token: bearer(w.member), ids, status: 403 },
      { who: 'not invited', token: bearer(outsider), ids, status: 404 },
    ]);
  });

  it('roomViewer: refuses a member who does not see the room (404)', async () => {
    // The admin's private room, with one entry: the team's plain member does not see it.
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin, { sharingType: 'OwnerUser' });
    const [entry] = await t.ctx.db
      .insert(roomData)
      .values({ roomId: room.id, kind: 'Note', data: 'x', created: t.clock.now() })
      .returning({ id: roomData.id });
    const ids = { organizationId: w.id, roomId: room.id, roomDataId: entry!.id };
    const routes = await expectRefused('roomViewer', () => [
      { who: 'member, private room', token: bearer(w.member), ids, status: 404 },
    ]);
    expect(routes.some(onTeamRoute) && !routes.every(onTeamRoute)).toBe(true);
  });

  it('roomManager: refuses who does not see the room (404) and who sees but does not manage it (403)', async () => {
    const w = await team(t);
    const secondAdmin = await person(t);
    await addMember(t, w.id, secondAdmin.id, 'Admin');
    const shared = await addRoom(t, w.id, w.admin);
    const priv = await addRoom(t, w.id, w.admin, { sharingType: 'OwnerUser' });
    const template = await defaultTemplate(t);
    const ids = (roomId: string) => ({ organizationId: w.id, roomId });
    const routes = await expectRefused('roomManager', (route): Refusal[] =>
      onTeamRoute(route)
        ? [
            // Team routes are for the team's admins: another admin's private room is not
            // seen, a platform template is seen but managed by Roomscale.
            {
              who: 'admin, private room',
              token: bearer(secondAdmin),
              ids: ids(priv.id),
              status: 404,
            },
            {
              who: 'admin, platform template',
              token: bearer(w.admin),
              ids: ids(template),
              status: 403,
            },
          ]
        : [
            {
              who: 'member, private room',
              token: bearer(w.member),
              ids: ids(priv.id),
              status: 404,
            },
            { who: 'member, team room', token: bearer(w.member), ids: ids(shared.id), status: 403 },
          ],
    );
    expect(routes.some(onTeamRoute) && !routes.every(onTeamRoute)).toBe(true);
    const edit = await callEndpoint(t, roomsApi.edit, {
      params: { organizationId: w.id, roomId: template },
      token: bearer(w.admin),
      body: {},
    });
    expect(edit.problem.detail).toBe(roomMessages.managedTemplate);
  });

  /** A folder inserted as the platform or a person would own it. */
  async function item(
    values: Omit<Partial<typeof fileItems.$inferInsert>, 'scope'> & { scope: FileScope },
  ) {
    const [row] = await t.ctx.db
      .insert(fileItems)
      .values({
        name: 'Folder',
        type: enumNumber(FileTypes, 'Folder'),
        created: t.clock.now(),
        ...values,
        scope: enumNumber(FileScopes, values.scope),
      })
      .returning({ id: fileItems.id });
    return row!.id;
  }

  /** A team with the admin's personal folder and a read-only (Demo) one; two guests, one with a folder. */
  async function fileFixtures() {
    const w = await team(t);
    const personal = await item({ organizationId: w.id, ownerUserId: w.admin.id, scope: 'User' });
    const demo = await item({ organizationId: w.id, scope: 'Demo' });
    const owner = await signInGuest(t);
    const other = await signInGuest(t);
    const guestFolder = await item({ ownerGuestEmail: owner.email.toLowerCase(), scope: 'Guest' });
    return { w, personal, demo, other, guestFolder };
  }

  const isGuestRoute = (route: RouteAccess) => route.access === 'guest';

  it('fileItem: refuses who does not see the item (404)', async () => {
    const { w, personal, other, guestFolder } = await fileFixtures();
    const routes = await expectRefused('fileItem', (route): Refusal[] => [
      isGuestRoute(route)
        ? {
            who: "another guest's folder",
            token: other.access_token,
            ids: { fileItemId: guestFolder },
            status: 404,
          }
        : {
            who: "member, the admin's personal folder",
            token: bearer(w.member),
            ids: { organizationId: w.id, fileItemId: personal },
            status: 404,
          },
    ]);
    // The team's routes, the team-less download and the guests' download.
    expect(new Set(routes.map((r) => r.access))).toEqual(new Set(['teamMember', 'user', 'guest']));
    const res = await callEndpoint(t, filesApi.download, {
      params: { fileItemId: personal },
      token: bearer(w.member),
    });
    expect(res.problem.detail).toBe(fileMessages.notFound);
  });

  it('fileEditor: refuses who does not see the item (404) and a change of a read-only one (403)', async () => {
    const { w, personal, demo, other, guestFolder } = await fileFixtures();
    const teamIds = (fileItemId: string) => ({ organizationId: w.id, fileItemId });
    const routes = await expectRefused('fileEditor', (route): Refusal[] =>
      isGuestRoute(route)
        ? [
            {
              who: "another guest's folder",
              token: other.access_token,
              ids: { fileItemId: guestFolder },
              status: 404,
            },
            // A guest never sees a read-only item: refused as unseen.
            {
              who: 'guest, read-only folder',
              token: other.access_token,
              ids: { fileItemId: demo },
              status: 404,
            },
          ]
        : [
            {
              who: "member, the admin's personal folder",
              token: bearer(w.member),
              ids: teamIds(personal),
              status: 404,
            },
            {
              who: 'member, read-only folder',
              token: bearer(w.member),
              ids: teamIds(demo),
              status: 403,
            },
          ],
    );
    expect(new Set(routes.map((r) => r.access))).toEqual(new Set(['teamMember', 'guest']));
    const res = await callEndpoint(t, filesApi.remove, {
      params: { organizationId: w.id, fileItemId: demo },
      token: bearer(w.member),
    });
    expect(res.problem.detail).toBe(fileMessages.readOnly);
  });
});

describe('object rules on a route whose parameters let any id through', () => {
  it('run no handler unless the rule passed, and cost the other routes no hook', async () => {
    const caller = { userId: SOME_ID, sessionId: randomUUID() };
    const sessionCache = new SessionCache();
    sessionCache.set(
      caller.sessionId,
      { ...caller, email: 'a@b.c', superAdmin: false },
      Date.now(),
      Date.now() + 60_000,
    );
    const checked: string[] = [];
    const app = Fastify();
    registerAccess(app, {
      db: undefined as never,
      jwt: { verifyAccess: async () => caller } as unknown as Jwt,
      clock: systemClock,
      sessionCache,
      membershipCache: new MembershipCache(),
      objectRules: {
        roomViewer: async (_req, id) => {
          checked.push(id);
        },
      } as Record<ObjectRule, ObjectRuleCheck>,
      scimToken: async () => {},
    });
    let handled = 0;
    const handler = async () => {
      handled++;
      return { ok: true };
    };
    // A small app of its own: its routes are not the contract's.
    app.get('/api/rooms/:roomId', { config: { access: 'user', object: 'roomViewer' } }, handler);
    app.get('/api/plain', { config: { access: 'user' } }, handler);
    const get = (url: string) => app.inject({ url, headers: { authorization: 'Bearer a.b.c' } });

    expect((await get('/api/rooms/not-a-uuid')).statusCode).toBe(404);
    expect(handled).toBe(0);
    expect((await get(`/api/rooms/${SOME_ID}`)).statusCode).toBe(200);
    expect(checked).toEqual([SOME_ID]);
    expect((await get('/api/plain')).statusCode).toBe(200);
    expect(handled).toBe(2);
    const routes = app.printRoutes({ includeHooks: true, commonPrefix: false });
    expect(routes.split('/api/plain')[1]).not.toContain('preHandler');
    await app.close();
  });
});
