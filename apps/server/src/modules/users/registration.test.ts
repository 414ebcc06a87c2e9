import { DEFAULT_AVATAR_PATH, serverMessages, tokenMessages } from '@roomscale/shared';
import { authApi, usersApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { bearer, expectProblem, signIn, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  // The avatar builder's service: its models are accepted (users/avatar.ts).
  t = await createTestApp({ AVATAR_BUILDER_URL: 'https://avatars.example.com/builder' });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Activated1';

const command = (email = uniqueEmail('reg')) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  privacyAccepted: true,
  termsAccepted: true,
});

const register = (body: unknown) => callUnchecked(t, usersApi.register, { body });

function activationLink(email: string) {
  const url = t.mailer.link(email, '/activate-account');
  return {
    userId: url.searchParams.get('user')!,
    token: url.searchParams.get('token')!,
    email: url.searchParams.get('email')!,
  };
}

const confirm = (link: { userId: string; token: string }, password = NEW_PASSWORD) =>
  callEndpoint(t, usersApi.confirm, {
    body: { userId: link.userId, token: link.token, password, confirmPassword: password },
  });

describe('PUT /api/Users/Register', () => {
  it('registers, activates through the emailed link, signs in and reads /Users/Me', async () => {
    const body = command();
    const res = await register(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const [mail] = t.mailer.to(body.email);
    expect(mail?.subject).toBe('Activate your Roomscale account');
    expect(mail?.html).toContain('/activate-account?');
    const link = activationLink(body.email);
    expect(link.email).toBe(body.email);
    expect(t.mailer.link(body.email, '/activate-account').origin).toBe('http://roomscale.test');

    const notYet = await callUnchecked(t, authApi.token, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=password&username=${encodeURIComponent(body.email)}&password=${NEW_PASSWORD}`,
    });
    expect(notYet.status).toBe(400);
    expect(notYet.raw.json().error).toBe('invalid_grant');
    // Before activation the account has no password: it answers like an unknown address.
    expect(notYet.raw.json().error_description).toBe(tokenMessages.invalidCredentials);

    const confirmed = await confirm(link);
    expect(confirmed.status, confirmed.raw.body).toBe(200);
    expect(confirmed.body).toEqual({ success: true });

    const tokens = await signIn(t, { email: body.email, password: NEW_PASSWORD });
    const me = await callEndpoint(t, usersApi.me, { token: tokens });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: link.userId,
      email: body.email,
      name: 'Grace Hopper',
      userActivated: true,
      hasRoomscaleLogin: true,
      passwordSet: true,
      organizations: [],
    });
    expect(Date.parse(me.body.termsAccepted!)).not.toBeNaN();
    expect(Date.parse(me.body.privacyAccepted!)).not.toBeNaN();
  });

  it('stores the email lower-case and trimmed', async () => {
    const email = uniqueEmail('case');
    expect((await register(command(`  ${email.toUpperCase()} `))).status).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.activated).toBe(false);
    expect(row?.passwordHash).toBeNull();
  });

  it('answers an already registered email exactly like a new one and mails the owner instead', async () => {
    const body = command();
    const first = await register(body);
    const again = await register({ ...command(body.email.toUpperCase()), firstName: 'Mallory' });
    expect(again.status).toBe(first.status);
    expect(again.raw.body).toBe(first.raw.body);

    const mails = t.mailer.to(body.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Activate your Roomscale account',
      'You already have a Roomscale account',
    ]);
    expect(mails[1]?.text).toContain('Hello Grace');
    expect(t.mailer.link(body.email, '/login').pathname).toBe('/login');
    expect(t.mailer.link(body.email, '/forgot-password').pathname).toBe('/forgot-password');
    const rows = await t.ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firstName).toBe('Grace');
  });

  it('creates one account when the same email registers twice at once', async () => {
    const body = command();
    const results = await Promise.all([register(body), register(body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const rows = await t.ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(1);
    expect(
      t.mailer
        .to(body.email)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Activate your Roomscale account', 'You already have a Roomscale account']);
  });

  it('creates the team of a full registration, with the creator as admin on a trial', async () => {
    const user = command();
    const res = await register({
      user: { ...user, setDefaultReadyPlayerMeAvatar: true },
      organization: { name: 'Acme VR', companyName: 'Acme Ltd', industry: 'Education' },
    });
    expect(res.status, res.raw.body).toBe(200);
    const link = activationLink(user.email);
    expect((await confirm(link)).status).toBe(200);
    const tokens = await signIn(t, { email: user.email, password: NEW_PASSWORD });
    const me = (await callEndpoint(t, usersApi.me, { token: tokens })).body;
    expect(me.readyPlayerMeAvatar).toBe(`http://roomscale.test${DEFAULT_AVATAR_PATH}`);
    expect(me.organizations).toEqual([
      {
        organization: { id: expect.any(String), name: 'Acme VR' },
        role: 'Admin',
        licenseType: 'Trial',
        imageUpdated: null,
      },
    ]);
    const teams = await callEndpoint(t, usersApi.myTeams, { token: tokens });
    expect(teams.body).toMatchObject([
      { name: 'Acme VR', companyName: 'Acme Ltd', industry: 'Education', role: 'Admin' },
    ]);
  });

  it('keeps a given avatar and a consumer team without company name', async () => {
    const user = command();
    const avatar = 'https://models.example.com/me.glb';
    await register({
      user: { ...user, readyPlayerMeAvatar: avatar },
      organization: { name: 'Home', companyName: 'ignored', industry: 'None (Consumer)' },
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, user.email));
    expect(row?.avatarUrl).toBe(avatar);
    const teams = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, row!.id));
    expect(teams).toHaveLength(1);
  });

  it('does not create a team for an already registered email', async () => {
    const user = command();
    await register(user);
    await register({
      user,
      organization: { name: 'Second', companyName: 'Co', industry: 'Media' },
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, user.email));
    const teams = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, row!.id));
    expect(teams).toHaveLength(0);
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['first name too short', { firstName: 'G' }, 'firstName'],
      ['first name missing', { firstName: undefined }, 'firstName'],
      ['last name too short', { lastName: 'H' }, 'lastName'],
      ['email invalid', { email: 'not-an-email' }, 'email'],
      ['email missing', { email: '' }, 'email'],
      ['privacy not accepted', { privacyAccepted: false }, 'privacyAccepted'],
      ['terms not accepted', { termsAccepted: undefined }, 'termsAccepted'],
    ];
    for (const [name, change, field] of cases) {
      it(`rejects the register command: ${name}`, async () => {
        expectProblem(await register({ ...command(), ...change }), 400, field);
      });
      it(`rejects the full registration: ${name}`, async () => {
        expectProblem(await register({ user: { ...command(), ...change } }), 400, `user.${field}`);
      });
    }

    const team = { name: 'Acme', companyName: 'Acme Ltd', industry: 'Education' };
    const teamCases: [string, Record<string, unknown>, string, string?][] = [
      ['team name too short', { name: 'A' }, 'organization.name'],
      ['team name too long', { name: 'x'.repeat(101) }, 'organization.name'],
      [
        'company name missing',
        { companyName: undefined },
        'organization.companyName',
        serverMessages.companyRequired,
      ],
      ['industry "Other" without text', { industry: 'Other' }, 'organization.industry'],
      ['industry text too long', { industry: 'x'.repeat(61) }, 'organization.industry'],
    ];
    for (const [name, change, field, message] of teamCases) {
      it(`rejects the organization part: ${name}`, async () => {
        const res = await register({ user: command(), organization: { ...team, ...change } });
        expectProblem(res, 400, field, message);
      });
    }

    it('rejects an avatar that is not a URL', async () => {
      const res = await register({ user: { ...command(), readyPlayerMeAvatar: 'nope' } });
      expectProblem(res, 400, 'user.readyPlayerMeAvatar');
      for (const avatar of ['javascript:alert(1)', 'https://evil.test/a.glb']) {
        const email = uniqueEmail('avatar');
        const refused = await register({
          user: { ...command(email), readyPlayerMeAvatar: avatar },
        });
        expectProblem(refused, 400, 'user.readyPlayerMeAvatar', serverMessages.avatarNotAllowed);
        expect(await t.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      }
    });

    it('creates nothing for an invalid body', async () => {
      const body = { ...command(), firstName: 'G' };
      await register(body);
      expect(await t.ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
      expect(t.mailer.to(body.email)).toEqual([]);
    });
  });

  describe('malformed requests', () => {
    it('answers malformed JSON with a 400 problem', async () => {
      const res = await callUnchecked(t, usersApi.register, {
        headers: { 'content-type': 'application/json' },
        body: '{"firstName": ',
      });
      expectProblem(res, 400);
    });

    it('answers an unsupported content type with a 415 problem', async () => {
      const res = await callUnchecked(t, usersApi.register, {
        headers: { 'content-type': 'application/xml' },
        body: '<register/>',
      });
      expectProblem(res, 415);
    });

    it('answers an oversized body with a 413 problem', async () => {
      const res = await register({ ...command(), firstName: 'x'.repeat(100_000) });
      expectProblem(res, 413);
    });

    it('answers a non-object body with a 400 problem', async () => {
      expectProblem(await register([1, 2]), 400);
    });
  });
});

describe('POST /api/Users/Confirm', () => {
  async function registered() {
    const body = command();
    await register(body);
    return { ...activationLink(body.email), email: body.email };
  }

  it('accepts an activation token once', async () => {
    const link = await registered();
    expect((await confirm(link)).status).toBe(200);
    const again = await confirm(link, 'Another12');
    expect(expectProblem(again, 400).detail).toBe(serverMessages.invalidToken);
    await signIn(t, { email: link.email, password: NEW_PASSWORD });
  });

  it('refuses an activation token older than 7 days', async () => {
    const link = await registered();
    t.clock.advance(7 * 24 * 3600 + 1);
    try {
      expect(expectProblem(await confirm(link), 400).detail).toBe(serverMessages.invalidToken);
    } finally {
      t.clock.advance(-(7 * 24 * 3600 + 1));
    }
  });

  it('accepts an activation token just before it expires', async () => {
    const link = await registered();
    t.clock.advance(7 * 24 * 3600 - 60);
    try {
      expect((await confirm(link)).status).toBe(200);
    } finally {
      t.clock.advance(-(7 * 24 * 3600 - 60));
    }
  });

  it("refuses another user's token and an unknown token", async () => {
    const a = await registered();
    const b = await registered();
    const crossed = await confirm({ userId: b.userId, token: a.token });
    expect(expectProblem(crossed, 400).detail).toBe(serverMessages.invalidToken);
    const unknown = await confirm({ userId: a.userId, token: 'x'.repeat(43) });
    expect(expectProblem(unknown, 400).detail).toBe(serverMessages.invalidToken);
    expect((await confirm(a)).status).toBe(200);
  });

  it('leaves the account untouched when the token is refused', async () => {
    const link = await registered();
    await confirm({ ...link, token: 'wrong' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, link.userId));
    expect(row?.activated).toBe(false);
    expect(row?.passwordHash).toBeNull();
  });

  describe('validation', () => {
    const valid = {
      userId: '00000000-0000-4000-8000-000000000000',
      token: 'abc',
      password: 'Strong123',
      confirmPassword: 'Strong123',
    };
    const cases: [string, Record<string, unknown>, string, string?][] = [
      ['user id not a uuid', { userId: 'nope' }, 'userId'],
      ['token missing', { token: '' }, 'token'],
      [
        'password without digit',
        { password: 'Weakpass', confirmPassword: 'Weakpass' },
        'password',
        serverMessages.weakPassword,
      ],
      [
        'password without uppercase',
        { password: 'weak1234', confirmPassword: 'weak1234' },
        'password',
        serverMessages.weakPassword,
      ],
      [
        'password without lowercase',
        { password: 'WEAK1234', confirmPassword: 'WEAK1234' },
        'password',
        serverMessages.weakPassword,
      ],
      [
        'password too short',
        { password: 'Ab1', confirmPassword: 'Ab1' },
        'password',
        serverMessages.weakPassword,
      ],
      [
        'confirmation differs',
        { confirmPassword: 'Strong124' },
        'confirmPassword',
        serverMessages.passwordsDiffer,
      ],
    ];
    for (const [name, change, field, message] of cases) {
      it(`rejects: ${name}`, async () => {
        const res = await callEndpoint(t, usersApi.confirm, { body: { ...valid, ...change } });
        expectProblem(res, 400, field, message);
      });
    }
  });

  it('signs the activated user in with the new password only', async () => {
    const link = await registered();
    await confirm(link);
    const res = await callEndpoint(t, usersApi.me, {
      token: await signIn(t, { email: link.email, password: NEW_PASSWORD }),
    });
    expect(res.body.userActivated).toBe(true);
    const wrong = await callEndpoint(t, usersApi.me, { headers: bearer('nope') });
    expect(wrong.status).toBe(401);
  });
});
