import { type TeamUserAdd, type TeamUserEdit, teamUserMessages } from '@roomscale/shared';
import { teamUsersApi, usersApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, users } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createUser, expectProblem, signIn, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, type Person, person, team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = (over: Partial<TeamUserAdd> = {}) => ({
  email: uniqueEmail('invited'),
  firstName: 'Grace',
  lastName: 'Hopper',
  position: 'Engineer',
  ...over,
});
const add = (teamId: string, by: Person | undefined, body: TeamUserAdd) =>
  callEndpoint(t, teamUsersApi.add, {
    params: { organizationId: teamId },
    token: by?.session,
    body,
  });
const edit = (teamId: string, userId: string, by: Person | undefined, body: TeamUserEdit) =>
  callEndpoint(t, teamUsersApi.edit, {
    params: { organizationId: teamId, userId },
    token: by?.session,
    body,
  });
const remove = (teamId: string, userId: string, by?: Person) =>
  callEndpoint(t, teamUsersApi.remove, {
    params: { organizationId: teamId, userId },
    token: by?.session,
  });
const list = (teamId: string, by: Person) =>
  callEndpoint(t, teamUsersApi.list, {
    params: { organizationId: teamId },
    query: { Page: 1, PageSize: 5 },
    token: by.session,
  });

async function membershipOf(teamId: string, userId: string) {
  const [row] = await t.ctx.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.organizationId, teamId), eq(memberships.userId, userId)));
  return row;
}

describe('PUT /api/Organizations/{organizationId}/Users', () => {
  it('is for the admins of the team', async () => {
    const w = await team(t);
    const outsider = await person(t);
    expectProblem(await add(w.id, undefined, newUser()), 401);
    expectProblem(await add(w.id, outsider, newUser()), 404);
    expectProblem(await add(w.id, w.member, newUser()), 403);
  });

  it('checks every field', async () => {
    const w = await team(t);
    const put = (body: unknown) =>
      callUnchecked(t, teamUsersApi.add, {
        params: { organizationId: w.id },
        token: w.admin.session,
        body,
      });
    expectProblem(await put(newUser({ email: 'not-an-email' })), 400, 'email');
    expectProblem(await put(newUser({ firstName: 'G' })), 400, 'firstName');
    expectProblem(await put(newUser({ position: 'x'.repeat(51) })), 400, 'position');
    expectProblem(await put({ ...newUser(), role: 'None' }), 400, 'role');
    expectProblem(
      await put(newUser({ assignSso: true })),
      400,
      'assignSso',
      teamUserMessages.noSso,
    );
    expectProblem(
      await put(newUser({ assignRoomscalePassword: false })),
      400,
      'assignRoomscalePassword',
    );
    // The team holds no licenses until it has a subscription.
    expectProblem(
      await put(newUser({ licenseType: 'License' })),
      400,
      'licenseType',
      teamUserMessages.noFreeLicense,
    );
  });

  it('invites a new address: an unactivated account, a membership, and a link that sets the password', async () => {
    const w = await team(t, 'Acme');
    const body = newUser();
    const res = await add(w.id, w.admin, body);
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({
      email: body.email,
      firstName: 'Grace',
      position: 'Engineer',
      role: 'User',
      licenseType: 'Trial',
      userActivated: false,
      hasRoomscaleLogin: false,
    });
    await expect.poll(() => t.mailer.to(body.email).length).toBe(1);
    expect(t.mailer.to(body.email)[0]!.subject).toContain('Acme');

    const link = t.mailer.link(body.email, '/activate-account');
    const confirm = await callEndpoint(t, usersApi.confirm, {
      body: {
        userId: link.searchParams.get('user') ?? '',
        token: link.searchParams.get('token') ?? '',
        password: 'Invited123',
        confirmPassword: 'Invited123',
      },
    });
    expect(confirm.status, confirm.raw.body).toBeLessThan(300);
    const session = await signIn(t, { email: body.email, password: 'Invited123' });
    const teams = await callEndpoint(t, usersApi.myTeams, { token: session });
    expect(teams.body.map((x) => x.id)).toContain(w.id);
  });

  it('invites a registered person as an admin: pending, only the typed address, told by email; twice is refused', async () => {
    const w = await team(t, 'Second team');
    const known = await createUser(t, { firstName: 'Katherine' });
    const body = newUser({ email: known.email.toUpperCase(), role: 'Admin' });
    const res = await add(w.id, w.admin, body);
    expect(res.status, res.raw.body).toBe(200);
    // Not a member until they accept: the team sees the address, none of the account's names,
    // nor its id (the row's id is the invitation's).
    expect(res.body.id).not.toBe(known.id);
    expect(res.raw.body).not.toContain(known.id);
    expect(res.body).toMatchObject({
      email: known.email,
      firstName: '',
      role: 'Admin',
      invitationPending: true,
    });
    expect(await membershipOf(w.id, known.id)).toBeUndefined();
    await expect.poll(() => t.mailer.to(known.email).length).toBe(1);
    expect(t.mailer.link(known.email, '/invitation').searchParams.get('token')).toBeTruthy();

    expectProblem(await add(w.id, w.admin, body), 400, 'email', teamUserMessages.alreadyInvited);
  });

  it('invites a removed member back; they return only by accepting', async () => {
    const w = await team(t);
    const del = await remove(w.id, w.member.id, w.admin);
    expect(del.status, del.raw.body).toBe(204);
    const res = await add(w.id, w.admin, newUser({ email: w.member.email }));
    expect(res.status, res.raw.body).toBe(200);
    expect(await membershipOf(w.id, w.member.id)).toMatchObject({
      role: 'None',
      licenseType: 'None',
    });
  });
});

describe('PATCH /api/Organizations/{organizationId}/Users/{userId}', () => {
  it('is for the admins of the team, about its members', async () => {
    const w = await team(t);
    const other = await team(t, 'Other');
    expectProblem(await edit(w.id, w.member.id, undefined, {}), 401);
    expectProblem(await edit(w.id, w.member.id, w.member, {}), 403);
    expectProblem(await edit(w.id, w.member.id, other.admin, {}), 404);
    // A member of another team is not found in this one.
    expectProblem(await edit(w.id, other.member.id, w.admin, { role: 'Admin' }), 404);
    expectProblem(await edit(w.id, 'not-an-id', w.admin, {}), 400, 'userId');
  });

  it('edits names and position of an account it invited (not yet activated), and roles; nobody changes their own role; the last admin stays', async () => {
    const w = await team(t);
    const added = (await add(w.id, w.admin, newUser())).body;
    const named = await edit(w.id, added.id, w.admin, { firstName: 'Maxine', position: 'Lead' });
    expect(named.status, named.raw.body).toBe(200);
    expect(named.body).toMatchObject({ firstName: 'Maxine', position: 'Lead' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, added.id));
    expect(row?.lastModifiedBy).toBe(w.admin.id);
    // An activated member's names are their own (invitations.test.ts); the role is the team's.
    const res = await edit(w.id, w.member.id, w.admin, { role: 'Admin' });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Max', role: 'Admin' });

    expectProblem(
      await edit(w.id, w.admin.id, w.admin, { role: 'User' }),
      400,
      'role',
      teamUserMessages.ownRole,
    );
    // Two admins: one may demote the other, then the remaining one is the last.
    const demote = await edit(w.id, w.admin.id, w.member, { role: 'User' });
    expect(demote.status, demote.raw.body).toBe(200);
    expectProblem(
      await edit(w.id, w.admin.id, w.member, { licenseType: 'License' }),
      400,
      'licenseType',
      teamUserMessages.noFreeLicense,
    );
  });
});

describe('DELETE /api/Organizations/{organizationId}/Users/{userId}', () => {
  it('removes a member, who then loses access; not oneself', async () => {
    const w = await team(t);
    const third = await person(t);
    await addMember(t, w.id, third.id, 'User');
    expectProblem(await remove(w.id, third.id), 401);
    expectProblem(await remove(w.id, third.id, w.member), 403);
    expectProblem(await remove(w.id, w.admin.id, w.admin), 400, undefined);
    const res = await remove(w.id, third.id, w.admin);
    expect(res.status, res.raw.body).toBe(204);
    expect(await membershipOf(w.id, third.id)).toMatchObject({ role: 'None', licenseType: 'None' });
    expectProblem(await list(w.id, third), 404);
    // Gone is gone: a second removal finds nobody.
    expectProblem(await remove(w.id, third.id, w.admin), 404);
  });

  it('lists license counters with the users', async () => {
    const w = await team(t);
    await t.ctx.db
      .update(memberships)
      .set({ licenseType: 'License' })
      .where(eq(memberships.userId, w.member.id));
    const res = await list(w.id, w.admin);
    expect(res.body).toMatchObject({ licenseCount: 0, licensesInUse: 1 });
    const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, w.id));
    expect(org).toBeDefined();
  });
});
