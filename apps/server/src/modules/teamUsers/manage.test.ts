import { teamUserMessages } from '@roomscale/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, users } from '../../db/schema.ts';
import { call, createUser, expectProblem, signIn, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, person, team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const usersUrl = (teamId: string) => `/api/Organizations/${teamId}/Users`;
const newUser = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail('invited'),
  firstName: 'Grace',
  lastName: 'Hopper',
  position: 'Engineer',
  ...over,
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
    expectProblem(await call(t, 'PUT', usersUrl(w.id), { body: newUser() }), 401);
    expectProblem(
      await call(t, 'PUT', usersUrl(w.id), { body: newUser(), token: outsider.session }),
      404,
    );
    expectProblem(
      await call(t, 'PUT', usersUrl(w.id), { body: newUser(), token: w.member.session }),
      403,
    );
  });

  it('checks every field', async () => {
    const w = await team(t);
    const put = (body: unknown) => call(t, 'PUT', usersUrl(w.id), { body, token: w.admin.session });
    expectProblem(await put(newUser({ email: 'not-an-email' })), 400, 'email');
    expectProblem(await put(newUser({ firstName: 'G' })), 400, 'firstName');
    expectProblem(await put(newUser({ position: 'x'.repeat(51) })), 400, 'position');
    expectProblem(await put(newUser({ role: 'None' })), 400, 'role');
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
    const res = await call(t, 'PUT', usersUrl(w.id), { body, token: w.admin.session });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json() as { id: string; role: string; licenseType: string };
    expect(added).toMatchObject({
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
    const confirm = await call(t, 'POST', '/api/Users/Confirm', {
      body: {
        userId: link.searchParams.get('user'),
        token: link.searchParams.get('token'),
        password: 'Invited123',
        confirmPassword: 'Invited123',
      },
    });
    expect(confirm.statusCode, confirm.body).toBeLessThan(300);
    const session = await signIn(t, { email: body.email, password: 'Invited123' });
    const teams = await call(t, 'GET', '/api/Users/Me/Organizations', { token: session });
    expect((teams.json() as { id: string }[]).map((x) => x.id)).toContain(w.id);
  });

  it('invites a registered person as an admin: pending, only the typed address, told by email; twice is refused', async () => {
    const w = await team(t, 'Second team');
    const known = await createUser(t, { firstName: 'Katherine' });
    const body = newUser({ email: known.email.toUpperCase(), role: 'Admin' });
    const res = await call(t, 'PUT', usersUrl(w.id), { body, token: w.admin.session });
    expect(res.statusCode, res.body).toBe(200);
    // Not a member until they accept: the team sees the address, none of the account's names,
    // nor its id (the row's id is the invitation's).
    expect(res.json().id).not.toBe(known.id);
    expect(res.body).not.toContain(known.id);
    expect(res.json()).toMatchObject({
      email: known.email,
      firstName: '',
      role: 'Admin',
      invitationPending: true,
    });
    expect(await membershipOf(w.id, known.id)).toBeUndefined();
    await expect.poll(() => t.mailer.to(known.email).length).toBe(1);
    expect(t.mailer.link(known.email, '/invitation').searchParams.get('token')).toBeTruthy();

    expectProblem(
      await call(t, 'PUT', usersUrl(w.id), { body, token: w.admin.session }),
      400,
      'email',
      teamUserMessages.alreadyInvited,
    );
  });

  it('invites a removed member back; they return only by accepting', async () => {
    const w = await team(t);
    const del = await call(t, 'DELETE', `${usersUrl(w.id)}/${w.member.id}`, {
      token: w.admin.session,
    });
    expect(del.statusCode, del.body).toBe(204);
    const res = await call(t, 'PUT', usersUrl(w.id), {
      body: newUser({ email: w.member.email }),
      token: w.admin.session,
    });
    expect(res.statusCode, res.body).toBe(200);
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
    const url = `${usersUrl(w.id)}/${w.member.id}`;
    expectProblem(await call(t, 'PATCH', url, { body: {} }), 401);
    expectProblem(await call(t, 'PATCH', url, { body: {}, token: w.member.session }), 403);
    expectProblem(await call(t, 'PATCH', url, { body: {}, token: other.admin.session }), 404);
    // A member of another team is not found in this one.
    expectProblem(
      await call(t, 'PATCH', `${usersUrl(w.id)}/${other.member.id}`, {
        body: { role: 'Admin' },
        token: w.admin.session,
      }),
      404,
    );
    expectProblem(
      await call(t, 'PATCH', `${usersUrl(w.id)}/not-an-id`, { body: {}, token: w.admin.session }),
      400,
      'userId',
    );
  });

  it('edits names and position of an account it invited (not yet activated), and roles; nobody changes their own role; the last admin stays', async () => {
    const w = await team(t);
    const added = await call(t, 'PUT', usersUrl(w.id), { body: newUser(), token: w.admin.session });
    const invitedUrl = `${usersUrl(w.id)}/${(added.json() as { id: string }).id}`;
    const named = await call(t, 'PATCH', invitedUrl, {
      body: { firstName: 'Maxine', position: 'Lead' },
      token: w.admin.session,
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ firstName: 'Maxine', position: 'Lead' });
    const [row] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, (added.json() as { id: string }).id));
    expect(row?.lastModifiedBy).toBe(w.admin.id);
    // An activated member's names are their own (invitations.test.ts); the role is the team's.
    const url = `${usersUrl(w.id)}/${w.member.id}`;
    const res = await call(t, 'PATCH', url, { body: { role: 'Admin' }, token: w.admin.session });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Max', role: 'Admin' });

    expectProblem(
      await call(t, 'PATCH', `${usersUrl(w.id)}/${w.admin.id}`, {
        body: { role: 'User' },
        token: w.admin.session,
      }),
      400,
      'role',
      teamUserMessages.ownRole,
    );
    // Two admins: one may demote the other, then the remaining one is the last.
    const demote = await call(t, 'PATCH', `${usersUrl(w.id)}/${w.admin.id}`, {
      body: { role: 'User' },
      token: w.member.session,
    });
    expect(demote.statusCode, demote.body).toBe(200);
    expectProblem(
      await call(t, 'PATCH', `${usersUrl(w.id)}/${w.admin.id}`, {
        body: { licenseType: 'License' },
        token: w.member.session,
      }),
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
    expectProblem(await call(t, 'DELETE', `${usersUrl(w.id)}/${third.id}`), 401);
    expectProblem(
      await call(t, 'DELETE', `${usersUrl(w.id)}/${third.id}`, { token: w.member.session }),
      403,
    );
    expectProblem(
      await call(t, 'DELETE', `${usersUrl(w.id)}/${w.admin.id}`, { token: w.admin.session }),
      400,
      undefined,
    );
    const res = await call(t, 'DELETE', `${usersUrl(w.id)}/${third.id}`, {
      token: w.admin.session,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await membershipOf(w.id, third.id)).toMatchObject({ role: 'None', licenseType: 'None' });
    expectProblem(
      await call(t, 'GET', `${usersUrl(w.id)}?Page=1&PageSize=5`, { token: third.session }),
      404,
    );
    // Gone is gone: a second removal finds nobody.
    expectProblem(
      await call(t, 'DELETE', `${usersUrl(w.id)}/${third.id}`, { token: w.admin.session }),
      404,
    );
  });

  it('lists license counters with the users', async () => {
    const w = await team(t);
    await t.ctx.db
      .update(memberships)
      .set({ licenseType: 'License' })
      .where(eq(memberships.userId, w.member.id));
    const res = await call(t, 'GET', `${usersUrl(w.id)}?Page=1&PageSize=5`, {
      token: w.admin.session,
    });
    expect(res.json()).toMatchObject({ licenseCount: 0, licensesInUse: 1 });
    const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, w.id));
    expect(org).toBeDefined();
  });
});
