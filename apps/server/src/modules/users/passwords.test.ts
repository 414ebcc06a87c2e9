import { security, serverMessages } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import {
  createUser,
  expectProblem,
  nextIp,
  signIn,
  tokenRequest,
  uniqueEmail,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (email: string, ip?: string) =>
  callEndpoint(t, usersApi.forgotPassword, { body: { email }, ip });

function resetLink(email: string) {
  const url = t.mailer.link(email, '/reset-password');
  return { userId: url.searchParams.get('user')!, token: url.searchParams.get('token')! };
}

const reset = (link: { userId: string; token: string }, password = 'Renewed123') =>
  callEndpoint(t, usersApi.resetPassword, {
    body: { ...link, password, passwordConfirm: password },
  });

const refresh = (refreshToken: string) =>
  tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken });

describe('POST /api/Users/ForgotPassword', () => {
  it('answers known and unknown addresses identically, and mails only the known one', async () => {
    const user = await createUser(t);
    const unknown = uniqueEmail('nobody');
    const known = await forgot(user.email);
    const stranger = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(stranger.status).toBe(known.status);
    expect(stranger.raw.body).toBe(known.raw.body);
    expect(known.body).toEqual({ success: true });
    expect(t.mailer.to(unknown)).toEqual([]);
    const [mail] = t.mailer.to(user.email);
    expect(mail?.subject).toBe('Reset your Roomscale password');
    expect(resetLink(user.email).userId).toBe(user.id);
  });

  it('matches the address case-insensitively', async () => {
    const user = await createUser(t);
    await forgot(user.email.toUpperCase());
    expect(t.mailer.to(user.email)).toHaveLength(1);
  });

  it('rejects a missing or invalid email', async () => {
    expectProblem(await forgot(''), 400, 'email');
    expectProblem(await forgot('not-an-email'), 400, 'email');
    expectProblem(await callUnchecked(t, usersApi.forgotPassword, { body: {} }), 400, 'email');
  });

  it('is rate limited per IP with a 429 problem', async () => {
    const ip = nextIp();
    const limit = security.rateLimitPerMinute.forgotPassword;
    for (let i = 0; i < limit; i++) {
      expect((await forgot(uniqueEmail(), ip)).status).toBe(200);
    }
    const limited = await forgot(uniqueEmail(), ip);
    expectProblem(limited, 429);
    expect(limited.problem.detail).toBe(serverMessages.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot(uniqueEmail(), nextIp())).status).toBe(200);
  });
});

describe('POST /api/Users/ResetPassword', () => {
  it('sets the new password once and ends every session of the user', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    await forgot(user.email);
    const link = resetLink(user.email);

    const res = await reset(link);
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect((await callEndpoint(t, usersApi.me, { token: session })).status).toBe(401);
    expect((await refresh(session.refresh_token)).json().error).toBe('invalid_grant');
    const old = await tokenRequest(t, {
      grant_type: 'password',
      username: user.email,
      password: user.password,
    });
    expect(old.json().error).toBe('invalid_grant');
    await signIn(t, { email: user.email, password: 'Renewed123' });

    const again = await reset(link, 'Another123');
    expect(expectProblem(again, 400).detail).toBe(serverMessages.invalidToken);
  });

  it('refuses a reset token after 1 hour', async () => {
    const user = await createUser(t);
    await forgot(user.email);
    t.clock.advance(3600 + 1);
    try {
      expect(expectProblem(await reset(resetLink(user.email)), 400).detail).toBe(
        serverMessages.invalidToken,
      );
    } finally {
      t.clock.advance(-(3600 + 1));
    }
  });

  it('only honours the newest reset link', async () => {
    const user = await createUser(t);
    await forgot(user.email);
    const first = resetLink(user.email);
    await forgot(user.email);
    const second = resetLink(user.email);
    expect(second.token).not.toBe(first.token);
    expectProblem(await reset(first), 400);
    expect((await reset(second)).status).toBe(200);
  });

  it('activates an unactivated user, who then signs in', async () => {
    const user = await createUser(t, { activated: false, password: null });
    await forgot(user.email);
    expect((await reset(resetLink(user.email))).status).toBe(200);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.activated).toBe(true);
    await signIn(t, { email: user.email, password: 'Renewed123' });
  });

  it('does not accept an activation token as a reset token', async () => {
    const email = uniqueEmail();
    await callEndpoint(t, usersApi.register, {
      body: { firstName: 'Al', lastName: 'Bo', email, privacyAccepted: true, termsAccepted: true },
    });
    const url = t.mailer.link(email, '/activate-account');
    const res = await reset({
      userId: url.searchParams.get('user')!,
      token: url.searchParams.get('token')!,
    });
    expect(expectProblem(res, 400).detail).toBe(serverMessages.invalidToken);
  });

  describe('validation', () => {
    const valid = {
      userId: '00000000-0000-4000-8000-000000000000',
      token: 'abc',
      password: 'Strong123',
      passwordConfirm: 'Strong123',
    };
    const cases: [string, Record<string, unknown>, string, string?][] = [
      ['user id not a uuid', { userId: '12' }, 'userId'],
      ['token missing', { token: undefined }, 'token'],
      [
        'weak password',
        { password: 'weakweak', passwordConfirm: 'weakweak' },
        'password',
        serverMessages.weakPassword,
      ],
      [
        'confirmation differs',
        { passwordConfirm: 'Strong1234' },
        'passwordConfirm',
        serverMessages.passwordsDiffer,
      ],
    ];
    for (const [name, change, field, message] of cases) {
      it(`rejects: ${name}`, async () => {
        const res = await callEndpoint(t, usersApi.resetPassword, {
          body: { ...valid, ...change },
        });
        expectProblem(res, 400, field, message);
      });
    }
  });
});

describe('POST /api/Users/ChangePassword', () => {
  const change = (token: { access_token: string } | undefined, body: unknown) =>
    callUnchecked(t, usersApi.changePassword, { token, body });

  it('requires a signed-in caller', async () => {
    expectProblem(await change(undefined, { currentPassword: 'x', newPassword: 'y' }), 401);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser(t);
    const here = await signIn(t, user);
    const elsewhere = await signIn(t, user);
    const res = await change(here, { currentPassword: user.password, newPassword: 'Changed123' });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toBe(true);

    expect((await callEndpoint(t, usersApi.me, { token: here })).status).toBe(200);
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
    expect((await callEndpoint(t, usersApi.me, { token: elsewhere })).status).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).json().error).toBe('invalid_grant');
    await signIn(t, { email: user.email, password: 'Changed123' });
  });

  it('refuses a wrong current password on the currentPassword field', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const res = await change(session, { currentPassword: 'Wrong123', newPassword: 'Changed123' });
    const body = expectProblem(res, 400, 'currentPassword', serverMessages.wrongCurrentPassword);
    expect(body.detail).toBe(serverMessages.wrongCurrentPassword);
    await signIn(t, user);
  });

  it('refuses a user without a password login', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    await t.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const res = await change(session, { currentPassword: 'Whatever1', newPassword: 'Changed123' });
    expect(expectProblem(res, 400).detail).toBe(serverMessages.noPasswordLogin);
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string, string?][] = [
      ['current password too short', { currentPassword: 'ab' }, 'currentPassword'],
      ['current password missing', { currentPassword: undefined }, 'currentPassword'],
      ['weak new password', { newPassword: 'weak' }, 'newPassword', serverMessages.weakPassword],
      ['new password missing', { newPassword: undefined }, 'newPassword'],
    ];
    for (const [name, edit, field, message] of cases) {
      it(`rejects: ${name}`, async () => {
        const user = await createUser(t);
        const session = await signIn(t, user);
        const body = { currentPassword: user.password, newPassword: 'Changed123', ...edit };
        expectProblem(await change(session, body), 400, field, message);
      });
    }
  });
});
