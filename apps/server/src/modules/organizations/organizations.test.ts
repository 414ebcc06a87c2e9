import {
  type OrganizationEdit,
  type OrganizationRegister,
  serverMessages,
} from '@roomscale/shared';
import { organizationsApi, usersApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createTeam, createUser, expectProblem, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = { name: 'Acme VR', companyName: 'Acme Ltd', industry: 'Technology' };

describe('PUT /api/Organizations/Register', () => {
  const registerTeam = (token: { access_token: string } | undefined, body: OrganizationRegister) =>
    callEndpoint(t, organizationsApi.register, { token, body });

  it('requires a signed-in caller', async () => {
    expectProblem(await registerTeam(undefined, valid), 401);
  });

  it('creates the team with the caller as admin on a trial', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const res = await registerTeam(session, { ...valid, name: '  Acme VR  ' });
    expect(res.status, res.raw.body).toBe(200);
    const team = res.body;
    expect(team).toEqual({
      id: expect.any(String),
      organizationId: team.id,
      name: 'Acme VR',
      companyName: 'Acme Ltd',
      industry: 'Technology',
      imageUpdated: null,
      samlLoginProviderId: null,
      samlLoginDisplayName: null,
    });
    const rows = await t.ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, team.id));
    expect(rows).toEqual([
      expect.objectContaining({ userId: user.id, role: 'Admin', licenseType: 'Trial' }),
    ]);
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, team.id));
    expect(row?.createdBy).toBe(user.id);

    const mine = await callEndpoint(t, usersApi.myTeams, { token: session });
    expect(mine.body).toMatchObject([{ id: team.id, role: 'Admin', licenseType: 'Trial' }]);
  });

  it('clears the company name of a consumer team', async () => {
    const user = await createUser(t);
    const res = await registerTeam(await signIn(t, user), {
      name: 'Family',
      companyName: 'Ignored',
      industry: 'None (Consumer)',
    });
    expect(res.body).toMatchObject({ companyName: null, industry: 'None (Consumer)' });
  });

  it('keeps a free-text industry', async () => {
    const user = await createUser(t);
    const res = await registerTeam(await signIn(t, user), { ...valid, industry: 'Robotics' });
    expect(res.body.industry).toBe('Robotics');
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string, string?][] = [
      ['name missing', { name: undefined }, 'name'],
      ['name too short', { name: ' A ' }, 'name'],
      ['name too long', { name: 'x'.repeat(101) }, 'name'],
      [
        'company name missing',
        { companyName: null },
        'companyName',
        serverMessages.companyRequired,
      ],
      ['company name too short', { companyName: 'A' }, 'companyName'],
      ['company name too long', { companyName: 'x'.repeat(101) }, 'companyName'],
      ['industry missing', { industry: undefined }, 'industry'],
      ['industry "Other" without free text', { industry: 'Other' }, 'industry'],
      ['industry free text too short', { industry: 'X' }, 'industry'],
      ['industry free text too long', { industry: 'x'.repeat(61) }, 'industry'],
    ];
    for (const [name, change, field, message] of cases) {
      it(`rejects: ${name}`, async () => {
        const user = await createUser(t);
        const res = await callUnchecked(t, organizationsApi.register, {
          token: await signIn(t, user),
          body: { ...valid, ...change },
        });
        expectProblem(res, 400, field, message);
        const teams = await t.ctx.db
          .select()
          .from(memberships)
          .where(eq(memberships.userId, user.id));
        expect(teams).toEqual([]);
      });
    }
  });
});

describe('GET /api/Organizations/{organizationId}', () => {
  const getTeam = (id: string, token?: { access_token: string }) =>
    callEndpoint(t, organizationsApi.get, { params: { organizationId: id }, token });

  it('requires a signed-in caller', async () => {
    const user = await createUser(t);
    const team = await createTeam(t, user.id);
    expectProblem(await getTeam(team.id), 401);
  });

  it('shows the team to a member', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const team = await createTeam(t, owner.id, 'Shared');
    await t.ctx.db
      .insert(memberships)
      .values({ organizationId: team.id, userId: member.id, role: 'User', licenseType: 'Trial' });
    const res = await getTeam(team.id, await signIn(t, member));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: team.id, organizationId: team.id, name: 'Shared' });
  });

  it('answers 404 to an outsider, a removed member, an unknown team and a malformed id', async () => {
    const owner = await createUser(t);
    const outsider = await createUser(t);
    const removed = await createUser(t);
    const team = await createTeam(t, owner.id);
    await t.ctx.db
      .insert(memberships)
      .values({ organizationId: team.id, userId: removed.id, role: 'None', licenseType: 'None' });
    const outsiderSession = await signIn(t, outsider);
    expectProblem(await getTeam(team.id, outsiderSession), 404);
    expectProblem(await getTeam(team.id, await signIn(t, removed)), 404);
    expectProblem(await getTeam('00000000-0000-4000-8000-000000000000', outsiderSession), 404);
    expectProblem(await getTeam('not-a-uuid', outsiderSession), 404);
  });
});

describe('PATCH /api/Organizations/{organizationId}', () => {
  const editTeam = (id: string, body: OrganizationEdit, token?: { access_token: string }) =>
    callEndpoint(t, organizationsApi.edit, { params: { organizationId: id }, token, body });
  const edit = { name: 'Renamed', companyName: 'New Company', industry: 'Education' };

  async function teamWithMember(role: 'Admin' | 'User') {
    const owner = await createUser(t);
    const team = await createTeam(t, owner.id, 'Before');
    const member = await createUser(t);
    await t.ctx.db
      .insert(memberships)
      .values({ organizationId: team.id, userId: member.id, role, licenseType: 'Trial' });
    return { owner, team, member };
  }
  const stored = async (id: string) =>
    (await t.ctx.db.select().from(organizations).where(eq(organizations.id, id)))[0]!;

  it('requires a signed-in caller', async () => {
    const { team } = await teamWithMember('User');
    expectProblem(await editTeam(team.id, edit), 401);
  });

  it('answers 404 to an outsider and 403 to a member who is not admin', async () => {
    const { team, member } = await teamWithMember('User');
    const outsider = await createUser(t);
    expectProblem(await editTeam(team.id, edit, await signIn(t, outsider)), 404);
    expectProblem(await editTeam(team.id, edit, await signIn(t, member)), 403);
    expect((await stored(team.id)).name).toBe('Before');
  });

  it('saves the details for an admin and shows them in the team list', async () => {
    const { team, member } = await teamWithMember('Admin');
    const session = await signIn(t, member);
    // The edit command's organizationId may be sent too: the contract leaves it out.
    const res = await callUnchecked(t, organizationsApi.edit, {
      params: { organizationId: team.id },
      token: session,
      body: { ...edit, organizationId: team.id, name: ' Renamed ' },
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({ id: team.id, ...edit });
    const row = await stored(team.id);
    expect(row).toMatchObject({ ...edit, lastModifiedBy: member.id });
    const mine = await callEndpoint(t, usersApi.myTeams, { token: session });
    expect(mine.body).toMatchObject([{ id: team.id, name: 'Renamed' }]);
  });

  it('clears the company name for None (Consumer) and keeps a free-text industry', async () => {
    const { team, owner } = await teamWithMember('User');
    const session = await signIn(t, owner);
    const consumer = await editTeam(
      team.id,
      { name: 'Home', companyName: 'Dropped', industry: 'None (Consumer)' },
      session,
    );
    expect(consumer.body).toMatchObject({ companyName: null, industry: 'None (Consumer)' });
    const free = await editTeam(team.id, { ...edit, industry: 'Robotics' }, session);
    expect(free.body).toMatchObject({ industry: 'Robotics', companyName: 'New Company' });
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string, string?][] = [
      ['name missing', { name: undefined }, 'name'],
      ['name too short', { name: 'A' }, 'name'],
      ['name too long', { name: 'x'.repeat(101) }, 'name'],
      ['company name missing', { companyName: '' }, 'companyName', serverMessages.companyRequired],
      ['company name too short', { companyName: 'A' }, 'companyName'],
      ['company name too long', { companyName: 'x'.repeat(101) }, 'companyName'],
      ['industry missing', { industry: undefined }, 'industry'],
      ['industry "Other" without free text', { industry: 'Other' }, 'industry'],
      ['industry free text too short', { industry: 'X' }, 'industry'],
      ['industry free text too long', { industry: 'x'.repeat(61) }, 'industry'],
    ];
    for (const [name, change, field, message] of cases) {
      it(`rejects: ${name}`, async () => {
        const { team, owner } = await teamWithMember('User');
        const res = await callUnchecked(t, organizationsApi.edit, {
          params: { organizationId: team.id },
          token: await signIn(t, owner),
          body: { ...edit, ...change },
        });
        expectProblem(res, 400, field, message);
        expect((await stored(team.id)).name).toBe('Before');
      });
    }
  });
});
