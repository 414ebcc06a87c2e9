import { DEFAULT_AVATAR_PATH, META_LOGIN_PROVIDER, serverMessages } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, organizations, userLogins, users } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import {
  bearer,
  createTeam,
  createUser,
  expectProblem,
  signIn,
  tokenRequest,
  uniqueEmail,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  // The avatar builder's service: its models are accepted (users/avatar.ts).
  t = await createTestApp({ AVATAR_BUILDER_URL: 'https://avatars.example.com/builder' });
});
afterAll(() => t.close());

const passwordEntry = { loginProviderId: 'RoomscaleAppUser', displayName: 'Roomscale account' };

describe('GET /api/Users/Me', () => {
  it('requires a valid token', async () => {
    expectProblem(await callEndpoint(t, usersApi.me), 401);
    expectProblem(await callEndpoint(t, usersApi.me, { headers: bearer('a.b.c') }), 401);
  });

  it('describes the caller, their logins and their teams', async () => {
    const user = await createUser(t, { firstName: 'Ada', lastName: 'Byron' });
    const other = await createUser(t);
    const team = await createTeam(t, user.id, 'Beta');
    const [alpha] = await t.ctx.db
      .insert(organizations)
      .values({ name: 'Alpha' })
      .returning({ id: organizations.id });
    await t.ctx.db
      .insert(memberships)
      .values({ organizationId: alpha!.id, userId: user.id, role: 'User', licenseType: 'License' });
    const [removed] = await t.ctx.db
      .insert(organizations)
      .values({ name: 'Removed' })
      .returning({ id: organizations.id });
    await t.ctx.db
      .insert(memberships)
      .values({ organizationId: removed!.id, userId: user.id, role: 'None', licenseType: 'None' });
    await createTeam(t, other.id, 'Not mine');
    await t.ctx.db.insert(userLogins).values({
      userId: user.id,
      loginProviderId: META_LOGIN_PROVIDER,
      providerKey: 'meta-123',
      displayName: 'Meta Account',
    });

    const res = await callEndpoint(t, usersApi.me, { token: await signIn(t, user) });
    expect(res.status).toBe(200);
    const me = res.body;
    expect(me).toMatchObject({
      id: user.id,
      userId: user.id,
      email: user.email,
      name: 'Ada Byron',
      firstName: 'Ada',
      lastName: 'Byron',
      position: null,
      superAdmin: false,
      userActivated: true,
      hasRoomscaleLogin: true,
      passwordSet: true,
      hasSsoLogin: false,
      hasOculusLogin: true,
      hasUserSubscription: false,
      organizationsCount: 2,
    });
    expect(me.userLogins).toEqual([
      { ...passwordEntry, userKey: user.id },
      { loginProviderId: META_LOGIN_PROVIDER, displayName: 'Meta Account', userKey: 'meta-123' },
    ]);
    expect(me.organizations).toEqual([
      {
        organization: { id: alpha!.id, name: 'Alpha' },
        role: 'User',
        licenseType: 'License',
        imageUpdated: null,
      },
      {
        organization: { id: team.id, name: 'Beta' },
        role: 'Admin',
        licenseType: 'Trial',
        imageUpdated: null,
      },
    ]);
    expect(me).not.toHaveProperty('passwordHash');
  });

  it('writes every time exactly as stored, in UTC with milliseconds, whatever the session zone', async () => {
    const user = await createUser(t);
    const team = await createTeam(t, user.id, 'Timed');
    const at = (iso: string) => new Date(iso);
    await t.ctx.db
      .update(users)
      .set({
        created: at('2024-02-29T23:59:59.123Z'),
        termsAccepted: at('2024-03-01T00:00:00.001Z'),
        privacyAccepted: at('2024-03-01T12:30:00.500Z'),
        imageUpdated: at('2024-03-02T01:02:03.004Z'),
        // Microseconds, which the API never writes: cut to the millisecond, as a Date would.
        lastModified: sql`'2024-03-03 04:05:06.789999+00'::timestamptz`,
      })
      .where(eq(users.id, user.id));
    await t.ctx.db
      .update(organizations)
      .set({ imageUpdated: at('2024-03-04T07:08:09.010Z') })
      .where(eq(organizations.id, team.id));
    const token = await signIn(t, user);
    // PostgreSQL writes a time in JSON with the session's offset; the answer must not depend on it.
    await t.ctx.db.execute(sql`set time zone 'Asia/Kolkata'`);
    try {
      const me = (await callEndpoint(t, usersApi.me, { token })).body;
      expect(me).toMatchObject({
        created: '2024-02-29T23:59:59.123Z',
        termsAccepted: '2024-03-01T00:00:00.001Z',
        privacyAccepted: '2024-03-01T12:30:00.500Z',
        imageUpdated: '2024-03-02T01:02:03.004Z',
        lastModified: '2024-03-03T04:05:06.789Z',
      });
      expect(me.organizations[0]!.imageUpdated).toBe('2024-03-04T07:08:09.010Z');
    } finally {
      await t.ctx.db.execute(sql`reset time zone`);
    }
  });

  it('stops accepting the token once the user is deleted', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    // The session row goes with the user, so the token stops working altogether.
    await t.ctx.db.delete(users).where(eq(users.id, user.id));
    expectProblem(await callEndpoint(t, usersApi.me, { token: session }), 401);
  });
});

describe('PATCH /api/Users/Me', () => {
  const patch = (token: { access_token: string } | undefined, body: unknown) =>
    callUnchecked(t, usersApi.editMe, { token, body });

  it('requires a signed-in caller', async () => {
    expectProblem(await patch(undefined, { firstName: 'Bob' }), 401);
  });

  it('edits only the caller, stamps terms acceptance and returns the new profile', async () => {
    const user = await createUser(t, { firstName: 'Old' });
    const bystander = await createUser(t, { firstName: 'Same' });
    await t.ctx.db
      .update(users)
      .set({ termsAccepted: null, privacyAccepted: new Date('2023-01-01T00:00:00Z') })
      .where(eq(users.id, user.id));
    const res = await patch(await signIn(t, user), {
      firstName: '  Newname ',
      position: 'Engineer',
      readyPlayerMeAvatar: 'https://models.example.com/a.glb',
      termsAccepted: true,
      privacyAccepted: true,
    });
    expect(res.status, res.raw.body).toBe(200);
    const me = res.body;
    expect(me).toMatchObject({
      firstName: 'Newname',
      lastName: 'Lovelace',
      name: 'Newname Lovelace',
      position: 'Engineer',
      readyPlayerMeAvatar: 'https://models.example.com/a.glb',
      lastModifiedBy: user.id,
    });
    expect(Date.parse(me.termsAccepted!)).toBeGreaterThan(Date.parse('2024-01-01'));
    expect(Date.parse(me.privacyAccepted!)).toBeGreaterThan(Date.parse('2024-01-01'));
    const [other] = await t.ctx.db.select().from(users).where(eq(users.id, bystander.id));
    expect(other?.firstName).toBe('Same');
  });

  it('clears the position with null and leaves absent fields alone', async () => {
    const user = await createUser(t, { firstName: 'Keep' });
    const session = await signIn(t, user);
    await patch(session, { position: 'Lead' });
    const res = await patch(session, { position: null });
    expect(res.body).toMatchObject({ position: null, firstName: 'Keep' });
  });

  it('answers 404 when the user vanished mid-session', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    // A token whose user row is gone but whose session check passed (a race) gets 404.
    const { editMe } = await import('./service.ts');
    await t.ctx.db.delete(users).where(eq(users.id, row!.id));
    await expect(
      editMe(t.ctx, { userId: user.id, sessionId: 'x', email: user.email, superAdmin: false }, {}),
    ).rejects.toMatchObject({ status: 404 });
    expectProblem(await patch(session, { firstName: 'Ghost' }), 401);
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['first name too short', { firstName: 'A' }, 'firstName'],
      ['last name too short', { lastName: ' B ' }, 'lastName'],
      ['position too short', { position: 'x' }, 'position'],
      ['position too long', { position: 'x'.repeat(51) }, 'position'],
      ['avatar not a URL', { readyPlayerMeAvatar: 'avatar' }, 'readyPlayerMeAvatar'],
      ['avatar javascript:', { readyPlayerMeAvatar: 'javascript:alert(1)' }, 'readyPlayerMeAvatar'],
      ['avatar data:', { readyPlayerMeAvatar: 'data:text/html,x' }, 'readyPlayerMeAvatar'],
      [
        'avatar on another host',
        { readyPlayerMeAvatar: 'https://evil.test/a.glb' },
        'readyPlayerMeAvatar',
      ],
      [
        'avatar over http',
        { readyPlayerMeAvatar: 'http://models.example.com/a.glb' },
        'readyPlayerMeAvatar',
      ],
      [
        'avatar on a look-alike host',
        { readyPlayerMeAvatar: 'https://models.example.com.evil.test/a.glb' },
        'readyPlayerMeAvatar',
      ],
      [
        'avatar with a port',
        { readyPlayerMeAvatar: 'https://models.example.com:8443/a.glb' },
        'readyPlayerMeAvatar',
      ],
      [
        'avatar elsewhere on our server',
        { readyPlayerMeAvatar: 'http://roomscale.test/api/x.glb' },
        'readyPlayerMeAvatar',
      ],
      ['terms false', { termsAccepted: false }, 'termsAccepted'],
    ];
    for (const [name, body, field] of cases) {
      it(`rejects: ${name}`, async () => {
        const user = await createUser(t);
        expectProblem(await patch(await signIn(t, user), body), 400, field);
      });
    }

    it('takes the default avatar and the avatar service, and names the avatar rule', async () => {
      const session = await signIn(t, await createUser(t));
      for (const url of [
        `http://roomscale.test${DEFAULT_AVATAR_PATH}`,
        'https://avatars.example.com/a.glb',
        'https://models.example.com/b.glb',
        'https://example.com/c.glb',
      ]) {
        const res = await patch(session, { readyPlayerMeAvatar: url });
        expect(res.status, res.raw.body).toBe(200);
        expect(res.body.readyPlayerMeAvatar).toBe(url);
      }
      const refused = await patch(session, { readyPlayerMeAvatar: 'javascript:alert(1)//x.glb' });
      expectProblem(refused, 400, 'readyPlayerMeAvatar', serverMessages.avatarNotAllowed);
      expect(
        (await callEndpoint(t, usersApi.me, { token: session })).body.readyPlayerMeAvatar,
      ).toBe('https://example.com/c.glb');
    });

    it('takes only the default avatar when no avatar builder is configured', async () => {
      const bare = await createTestApp();
      try {
        const session = await signIn(bare, await createUser(bare));
        const edit = (url: string) =>
          callEndpoint(bare, usersApi.editMe, {
            token: session,
            body: { readyPlayerMeAvatar: url },
          });
        expect((await edit(`http://roomscale.test${DEFAULT_AVATAR_PATH}`)).status).toBe(200);
        expectProblem(
          await edit('https://models.example.com/a.glb'),
          400,
          'readyPlayerMeAvatar',
          serverMessages.avatarNotAllowed,
        );
      } finally {
        await bare.close();
      }
    });
  });
});

describe('GET /api/Users/Me/Organizations', () => {
  it('requires a signed-in caller', async () => {
    expectProblem(await callEndpoint(t, usersApi.myTeams), 401);
  });

  it("lists only the caller's teams, by name, without removed memberships", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const zulu = await createTeam(t, user.id, 'Zulu');
    const alpha = await createTeam(t, user.id, 'alpha');
    const gone = await createTeam(t, user.id, 'Gone');
    await t.ctx.db
      .update(memberships)
      .set({ role: 'None', licenseType: 'None' })
      .where(eq(memberships.organizationId, gone.id));
    await createTeam(t, other.id, 'Foreign');

    const res = await callEndpoint(t, usersApi.myTeams, {
      token: await signIn(t, user),
    });
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.id)).toEqual([alpha.id, zulu.id]);
    expect(res.body[0]).toEqual({
      id: alpha.id,
      name: 'alpha',
      role: 'Admin',
      licenseType: 'Trial',
      companyName: 'Company',
      industry: 'Technology',
      imageUpdated: null,
      samlLoginProviderId: null,
      samlLoginDisplayName: null,
    });
  });

  it('answers an empty list for a user without teams', async () => {
    const user = await createUser(t);
    const res = await callEndpoint(t, usersApi.myTeams, {
      token: await signIn(t, user),
    });
    expect(res.body).toEqual([]);
  });
});

describe('GET /api/LinkedAccounts/Logins', () => {
  const logins = (email: string) => callEndpoint(t, usersApi.logins, { query: { email } });

  it('offers the password login to a password user', async () => {
    const user = await createUser(t);
    const res = await logins(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([passwordEntry]);
  });

  it('answers an unknown address exactly like a password user', async () => {
    const user = await createUser(t);
    const known = await logins(user.email);
    const unknown = await logins(uniqueEmail('ghost'));
    expect(unknown.status).toBe(known.status);
    expect(unknown.raw.body).toBe(known.raw.body);
  });

  it('offers the password login to an account still awaiting activation', async () => {
    const user = await createUser(t, { activated: false, password: null });
    expect((await logins(user.email)).body).toEqual([passwordEntry]);
  });

  it('offers no password login to an activated account without a password', async () => {
    const user = await createUser(t, { password: null });
    expect((await logins(user.email)).body).toEqual([]);
  });

  it('rejects a missing or invalid email', async () => {
    expectProblem(await callUnchecked(t, usersApi.logins, {}), 400, 'email');
    expectProblem(await logins('nope'), 400, 'email');
  });
});

describe('GET /api/Users/Logout', () => {
  it('requires a signed-in caller', async () => {
    expectProblem(await callEndpoint(t, usersApi.logout), 401);
  });

  it("ends the caller's session only: its access and refresh tokens stop working", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const other = await signIn(t, user);
    const res = await callEndpoint(t, usersApi.logout, {
      query: { seatKey: 'seat-1' },
      token: session,
    });
    expect(res.status).toBe(204);
    expect(res.raw.body).toBe('');

    expectProblem(await callEndpoint(t, usersApi.me, { token: session }), 401);
    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
    expectProblem(await callEndpoint(t, usersApi.logout, { token: session }), 401);

    expect((await callEndpoint(t, usersApi.me, { token: other })).status).toBe(200);
  });

  it('rejects an oversized seat key', async () => {
    const user = await createUser(t);
    const res = await callEndpoint(t, usersApi.logout, {
      query: { seatKey: 'x'.repeat(201) },
      token: await signIn(t, user),
    });
    expectProblem(res, 400, 'seatKey');
  });
});
