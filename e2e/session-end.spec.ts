import { randomBytes } from 'node:crypto';
import { resetSubject, type SeededUser, seedUser } from './support/accounts.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { field } from './support/forms.ts';
import { logIn } from './support/login.ts';
import { linkFrom } from './support/mailbox.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * A session ended elsewhere, then a sign-in again in the same browser (issue 24 §1, part1 §4
 * Organization resolve). Browser B is signed in; the session ends by a password change in
 * browser A, by a password reset by email, or by the server (a replayed refresh token revokes the
 * session). B opens /meetings, lands on the login page with it as the target route, signs in and
 * must get the meetings page: its teams loaded afresh, nothing of the ended session kept.
 */

const SCOPE = 'openid email profile offline_access roles';
const NEW_PASSWORD = 'Brand-New-Passw0rd';
const teamsFailed = 'Your teams could not be loaded';

/** Every `GET /api/Users/Me/Organizations` `page` makes from now on. */
function countTeamCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/Users/Me/Organizations') {
      calls.push(r.url());
    }
  });
  return calls;
}

/** B, on the login page the guard sent it to, signs in and gets the page it asked for. */
async function signInAgainTo(page: Page, user: SeededUser, password: string, slug: string) {
  await expect(page).toHaveURL(`/login?targetRoute=%2Fmeetings`);
  const teamCalls = countTeamCalls(page);
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/meetings$/);
  await expect(page).toHaveTitle(/^Meetings/);
  await expect(page.getByText(teamsFailed)).toHaveCount(0);
  // The teams were asked for again after the sign-in, not taken from the ended session.
  expect(teamCalls.length).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('button', { name: 'Open user menu' })).toContainText(
    `${user.firstName} ${user.lastName}`,
  );
  await screenshot(page, `session-end-${slug}-signed-in-again`);
}

const stored = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('roomscale.tokens') ?? 'null') as {
        refreshToken: string;
      } | null,
  );

test.describe('signing in again after a session was ended elsewhere', () => {
  test('a password change in another browser', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
  }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'ended-change',
      team: 'Ended Change',
      avatar: true,
    });
    await logIn(page, user.email, user.password);

    // Browser A: the same user changes the password on the profile.
    const a = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': `10.${[...randomBytes(3)].join('.')}` },
    });
    const other = await a.newPage();
    await logIn(other, user.email, user.password);
    await other.goto('/profile');
    const form = other.getByRole('region', { name: 'Change password' });
    await field(other, 'Current password').fill(user.password);
    await field(other, 'New password').fill(NEW_PASSWORD);
    await field(other, 'Confirm new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      other.getByRole('alert').filter({ hasText: 'Password has been changed' }),
    ).toBeVisible();
    await a.close();

    // Browser B opens /meetings (a full load with its old tokens and the last visit's snapshot).
    await page.goto('/meetings');
    await signInAgainTo(page, user, NEW_PASSWORD, 'password-change');
  });

  test('a password reset by email', async ({ page, request, mailbox }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'ended-reset',
      team: 'Ended Reset',
      avatar: true,
    });
    await logIn(page, user.email, user.password);

    // Elsewhere, the password is reset through the emailed link: every session of the account ends.
    const forgot = await request.post('/api/Users/ForgotPassword', { data: { email: user.email } });
    expect(forgot.ok()).toBe(true);
    const link = linkFrom(await mailbox.waitFor(user.email, resetSubject), '/reset-password');
    const reset = await request.post('/api/Users/ResetPassword', {
      data: {
        userId: link.searchParams.get('user'),
        token: link.searchParams.get('token'),
        password: NEW_PASSWORD,
        passwordConfirm: NEW_PASSWORD,
      },
    });
    expect(reset.ok(), await reset.text()).toBe(true);

    await page.goto('/meetings');
    await signInAgainTo(page, user, NEW_PASSWORD, 'password-reset');
  });

  test('the server ending the session, met on a screen already open', async ({
    page,
    request,
    mailbox,
  }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'ended-revoked',
      team: 'Ended Revoked',
      avatar: true,
    });
    await logIn(page, user.email, user.password);
    await expect(page.getByRole('button', { name: 'Open user menu' })).toContainText(
      'Ended Revoked',
    );
    // The dashboard has everything it asks for: no call of it is still under way.
    await page.waitForLoadState('networkidle');

    // B's refresh token presented twice: the server takes the second use for theft and ends the
    // whole session (its access tokens included).
    const refreshToken = (await stored(page))?.refreshToken ?? '';
    const refresh = () =>
      request.post('/api/connect/token', {
        form: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: SCOPE },
      });
    expect((await refresh()).status()).toBe(200);
    expect((await refresh()).status()).toBe(400);

    // B, still on the dashboard, goes on to Meetings: the first call of the screen meets the 401.
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Meetings', exact: true }).first().click();
    await expect(page).toHaveURL(`/login?targetRoute=%2Fmeetings`);
    expect(await stored(page)).toBeNull();
    await signInAgainTo(page, user, user.password, 'revoked');
  });
});

test('a logout in another tab ends the session in this one, which signs in again', async ({
  page,
  context,
  request,
  mailbox,
}) => {
  const user = await seedUser(request, mailbox, {
    prefix: 'ended-tab',
    team: 'Ended Tab',
    avatar: true,
  });
  await logIn(page, user.email, user.password);
  await page.goto('/meetings');
  await expect(page).toHaveTitle(/^Meetings/);
  const other = await context.newPage();
  await other.goto('/dashboard');
  await other.getByRole('button', { name: 'Open user menu' }).click();
  await other.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(other).toHaveURL(/\/login$/);

  // The first tab leaves its screen for the login page at once, keeping its page as the target.
  await signInAgainTo(page, user, user.password, 'other-tab');
});
