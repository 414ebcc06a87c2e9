import { teamUsersApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, userLogins } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createUser, expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, type Person, person, team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (
  teamId: string,
  by: Person | undefined,
  query: { Filter?: string; Page?: number; PageSize?: number } = {},
) =>
  callEndpoint(t, teamUsersApi.list, {
    params: { organizationId: teamId },
    query: { Page: 1, PageSize: 5, ...query },
    token: by?.session,
  });

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
    expectProblem(await list(w.id, undefined), 401);
    const outsider = await person(t);
    expectProblem(await list(w.id, outsider), 404);
    // A removed member is an outsider too.
    expectProblem(await list(w.id, removed), 404);
  });

  it('checks the paging parameters', async () => {
    const res = await callUnchecked(t, teamUsersApi.list, {
      params: { organizationId: w.id },
      query: { Page: 0, PageSize: 5 },
      token: w.member.session,
    });
    expectProblem(res, 400, 'Page');
  });

  it("lists the team's members by name, without removed ones, with the team user fields", async () => {
    const res = await list(w.id, w.member, { PageSize: 50 });
    expect(res.status, res.raw.body).toBe(200);
    const page = res.body;
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
      const res = await list(w.id, w.member, { Filter });
      expect(res.status, res.raw.body).toBe(200);
      return res.body.results.results.map((u) => u.firstName);
    };
    expect(await names('gr')).toEqual(['Grace']);
    expect(await names('HOPP')).toEqual(['Grace']);
    expect(await names('grace h')).toEqual(['Grace']);
    expect(await names(grace.email.toUpperCase())).toEqual(['Grace']);
    expect(await names('gone')).toEqual([]);
    expect(await names('%')).toEqual([]);
  });

  it('pages the results', async () => {
    const res = await list(w.id, w.admin, { Page: 2, PageSize: 2 });
    const page = res.body.results;
    expect(page).toMatchObject({ currentPage: 2, pageCount: 2, entryCount: 3 });
    expect(page.results.map((u) => u.firstName)).toEqual(['Max']);
  });
});
