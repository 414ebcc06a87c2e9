import { accountMailTexts, serverMessages } from '@roomscale/shared';
import { authApi, teamUsersApi, usersApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { expectProblem, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type IdpKeys, makeIdpKeys } from '../../test/samlIdp.ts';
import { team } from '../../test/workspace.ts';
import { configureSso } from '../sso/testing.ts';
import { issueEmailToken } from './email-tokens.ts';

/**
 * A team that chose single sign-on only for a person keeps that choice: no emailed link (reset,
 * activation) gives the account a password (issue: an SSO-only account could reset itself one).
 */
let t: TestApp;
let keys: IdpKeys;
beforeAll(async () => {
  t = await createTestApp();
  keys = await makeIdpKeys();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Renewed123';

/** A team with single sign-on whose admin adds `email` with the given logins. */
async function addedByTeam(teamName: string, logins: { sso: boolean; password: boolean }) {
  const w = await team(t, teamName);
  await configureSso(t, w.id, w.admin, keys);
  const email = uniqueEmail('sso');
  const res = await callEndpoint(t, teamUsersApi.add, {
    params: { organizationId: w.id },
    token: w.admin.session,
    body: {
      email,
      firstName: 'Sam',
      lastName: 'Single',
      role: 'User',
      licenseType: 'Trial',
      assignSso: logins.sso,
      assignRoomscalePassword: logins.password,
    },
  });
  expect(res.status, res.raw.body).toBe(200);
  const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
  return { email, userId: user!.id };
}

const forgot = (email: string) => callEndpoint(t, usersApi.forgotPassword, { body: { email } });

const reset = (userId: string, token: string) =>
  callEndpoint(t, usersApi.resetPassword, {
    body: { userId, token, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD },
  });

const confirm = (userId: string, token: string) =>
  callEndpoint(t, usersApi.confirm, {
    body: { userId, token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });

const passwordSignIn = (email: string) =>
  callEndpoint(t, authApi.token, {
    body: { grant_type: 'password', username: email, password: NEW_PASSWORD },
  });

const passwordHashOf = async (userId: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.id, userId)))[0]?.passwordHash;

describe('an account with single sign-on only', () => {
  it('gets a mail that says how to sign in instead of a reset link, with the same answer', async () => {
    const { email } = await addedByTeam('Contoso', { sso: true, password: false });
    const answer = await forgot(email);
    const stranger = await forgot(uniqueEmail('nobody'));
    expect(answer.status).toBe(200);
    expect(answer.raw.body).toBe(stranger.raw.body);

    const mail = t.mailer.to(email).at(-1)!;
    expect(mail.subject).toBe(accountMailTexts.ssoOnlyReset.subject);
    expect(mail.text).toContain("choose 'Log in with Contoso'");
    expect(mail.text).toContain('http://roomscale.test/login');
    expect(mail.text).not.toContain('/reset-password');
    expect(() => t.mailer.link(email, '/reset-password')).toThrow();
  });

  it('refuses a reset or an activation with any token and creates no password login', async () => {
    const { email, userId } = await addedByTeam('Fabrikam', { sso: true, password: false });
    await forgot(email);
    expect(expectProblem(await reset(userId, 'made-up-token'), 400).detail).toBe(
      serverMessages.invalidToken,
    );
    // Even a genuine token of the account (issued before the team chose, or by a bug) is refused.
    const now = t.clock.now();
    const resetToken = await issueEmailToken(t.ctx.db, userId, 'reset', now);
    expect(expectProblem(await reset(userId, resetToken), 400).detail).toBe(
      serverMessages.invalidToken,
    );
    const activationToken = await issueEmailToken(t.ctx.db, userId, 'activation', now);
    expect(expectProblem(await confirm(userId, activationToken), 400).detail).toBe(
      serverMessages.invalidToken,
    );

    expect(await passwordHashOf(userId)).toBeNull();
    expect((await passwordSignIn(email)).raw.json().error).toBe('invalid_grant');
    const logins = await callEndpoint(t, usersApi.logins, { query: { email } });
    expect(logins.body).toEqual([{ loginProviderId: expect.any(String), displayName: 'Fabrikam' }]);
  });

  it('is told so when someone registers its address, without a reset link', async () => {
    const { email } = await addedByTeam('Northwind', { sso: true, password: false });
    const res = await callEndpoint(t, usersApi.register, {
      body: {
        email,
        firstName: 'Sam',
        lastName: 'Again',
        privacyAccepted: true,
        termsAccepted: true,
      },
    });
    expect(res.status, res.raw.body).toBe(200);
    const mail = t.mailer.to(email).at(-1)!;
    expect(mail.subject).toBe(accountMailTexts.ssoOnlyAlreadyRegistered.subject);
    expect(mail.text).toContain("choose 'Log in with Northwind'");
    expect(mail.text).not.toContain('/forgot-password');
  });
});

describe('an account the team gave a password too', () => {
  it('sets it from the invitation link, and resets it later', async () => {
    const { email, userId } = await addedByTeam('Litware', { sso: true, password: true });
    const link = t.mailer.link(email, '/activate-account');
    const activated = await confirm(userId, link.searchParams.get('token')!);
    expect(activated.status, activated.raw.body).toBe(200);
    expect((await passwordSignIn(email)).status).toBe(200);

    await forgot(email);
    const resetLink = t.mailer.link(email, '/reset-password');
    const again = await callEndpoint(t, usersApi.resetPassword, {
      body: {
        userId,
        token: resetLink.searchParams.get('token')!,
        password: 'Another123',
        passwordConfirm: 'Another123',
      },
    });
    expect(again.status, again.raw.body).toBe(200);
  });

  it('may still reset before activating (the activation link expired)', async () => {
    const { email, userId } = await addedByTeam('Tailspin', { sso: false, password: true });
    await forgot(email);
    const link = t.mailer.link(email, '/reset-password');
    const res = await reset(userId, link.searchParams.get('token')!);
    expect(res.status, res.raw.body).toBe(200);
    expect((await passwordSignIn(email)).status).toBe(200);
  });
});
