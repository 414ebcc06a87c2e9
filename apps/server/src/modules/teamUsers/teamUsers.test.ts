import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, userLogins } from '../../db/schema.ts';
import { call, createUser, expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, type Person, person, team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (teamId: string, query: Record<string, string | number> = {}) =>
  `/api/Organizations/${teamId}/Users?${new URLSearchParams({ Page: '1', PageSize: '5', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`;

type Page = {
  results: {
    currentPage: number;
    pageCount: number;
    entryCount: number;
    results: { id: string; firstName: string; lastName: string; email: string; role: string }[];
  };
};

describe('GET /api/Organizations/{organizationId}/Users', () => {
  let w: Awaited<ReturnType<typeof team>>;
  let removed: Person;
  let grace: { id: string; email: string };
  beforeAll(async () => {
    w = await team(t);
    grace = await createUser(t, { firstName: 'Grace', lastName: 'Hopper' });
    await addMember(t, w.id, grace.id, 'User');
    await t.ctx.db
      .insert(userLogins)
      .values({ userId: grace.id, loginProviderId: 'Oculus', providerKey: 'q1', displayName: 'Q' });
    removed = await person(t, { firstName: 'Gone', lastName: 'Member' });
    await addMember(t, w.id, removed.id, 'User');
    await t.ctx.db
      .update(memberships)
      .set({ role: 'None', licenseType: 'None' })
      .where(and(eq(memberships.organizationId, w.id), eq(memberships.userId, removed.id)));
  });

  it('is for members of the team', async () => {
    expectProblem(await call(t, 'GET', url(w.id)), 401);
    const outsider = await person(t);
    expectProblem(await call(t, 'GET', url(w.id), { token: outsider.session }), 404);
    // A removed member is an outsider too.
    expectProblem(await call(t, 'GET', url(w.id), { token: removed.session }), 404);
  });

  it('checks the paging parameters', async () => {
    const res = await call(t, 'GET', `/api/Organizations/${w.id}/Users?Page=0&PageSize=5`, {
      token: w.member.session,
    });
    expectProblem(res, 400, 'Page');
  });

  it("lists the team's members by name, without removed ones, with the team user fields", async () => {
    const res = await call(t, 'GET', url(w.id, { PageSize: 50 }), { token: w.member.session });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    expect(page.results.entryCount).toBe(3);
    expect(page.results.results.map((u) => `${u.firstName} ${u.lastName}`)).toEqual([
      'Alice Admin',
      'Grace Hopper',
      'Max Member',
    ]);
    expect(page.results.results[1]).toEqual({
      id: grace.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: grace.email,
      position: null,
      role: 'User',
      licenseType: 'Trial',
      userActivated: true,
      hasRoomscaleLogin: true,
      hasSsoLogin: false,
      hasOculusLogin: true,
      invitationPending: false,
      profileEditable: false,
      // Another member's 'Last in VR' is not shown to a member.
      lastInVrAt: null,
    });
    expect(page.results.results[0]).toMatchObject({ id: w.admin.id, role: 'Admin' });
  });

  it('filters by first name, last name, full name and email, ignoring case', async () => {
    const names = async (Filter: string) => {
      const res = await call(t, 'GET', url(w.id, { Filter }), { token: w.member.session });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Page).results.results.map((u) => u.firstName);
    };
    expect(await names('gr')).toEqual(['Grace']);
    expect(await names('HOPP')).toEqual(['Grace']);
    expect(await names('grace h')).toEqual(['Grace']);
    expect(await names(grace.email.toUpperCase())).toEqual(['Grace']);
    expect(await names('gone')).toEqual([]);
    expect(await names('%')).toEqual([]);
  });

  it('pages the results', async () => {
    const res = await call(t, 'GET', url(w.id, { Page: 2, PageSize: 2 }), {
      token: w.admin.session,
    });
    const page = (res.json() as Page).results;
    expect(page).toMatchObject({ currentPage: 2, pageCount: 2, entryCount: 3 });
    expect(page.results.map((u) => u.firstName)).toEqual(['Max']);
  });
});
