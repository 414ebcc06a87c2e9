import { activationSubject, resetSubject, seedUser, uniqueEmail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { admin, expect, type Page, test } from './support/fixtures.ts';
import { choose, field } from './support/forms.ts';
import { linkFrom } from './support/mailbox.ts';
import { screenshot } from './support/screenshot.ts';

/** The journeys of issue 2 §6, against the spec's exact strings (part1 §2, §4, §5, §8; part2 §2). */

const title = (t: string) => `${t} - Roomscale Dashboard`;
const forgotConfirmation =
  'If the provided email address is known with us, an email has been sent to the provided address to reset your password.';
const resetFailed = 'Reset password failed. Likely this means the reset email has expired.';
const trialNotice =
  'You are using Roomscale in trial mode. Purchase a license to remove the VR watermark.';

/** The strong-password field ('Password' or 'New password') of activation and reset. */
const newPasswordField = (page: Page) => page.getByLabel(/^\s*(new )?password\s*\*?\s*$/i);

/** The strong-password forms: the password and its confirmation. */
async function setPassword(page: Page, password: string) {
  await newPasswordField(page).fill(password);
  await page.getByLabel(/confirm|repeat/i).fill(password);
}

/** The user menu's trigger: the button showing the user's full name (and the current team). */
const userMenu = (page: Page, fullName: string) =>
  page.getByRole('button').filter({ hasText: fullName });

async function logIn(page: Page, email: string, password: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

test.describe('mail from the server', () => {
  test('forgot password mails a reset link to PUBLIC_URL, and nothing for unknown addresses', async ({
    request,
    mailbox,
    baseURL,
  }) => {
    const known = await request.post('/api/Users/ForgotPassword', {
      data: { email: admin.email },
    });
    const unknown = await request.post('/api/Users/ForgotPassword', {
      data: { email: uniqueEmail('nobody') },
    });
    // Enumeration resistance: the same answer either way.
    expect(unknown.status()).toBe(known.status());
    expect(await unknown.text()).toBe(await known.text());

    const mail = await mailbox.waitFor(admin.email, resetSubject);
    expect(mail.from).toContain('no-reply@roomscale.test');
    const link = linkFrom(mail, '/reset-password');
    expect(link.origin).toBe(new URL(baseURL!).origin);
    expect(link.searchParams.get('user')).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(22); // ≥128 bits
    expect(mail.html).toContain(link.searchParams.get('token'));
    expect((await mailbox.messages()).map((m) => m.to)).toEqual([[admin.email]]);
  });
});

test.describe('accounts journeys', () => {
  test('register → activation email → set password → create team → skip avatar → dashboard → log out → log in', async ({
    page,
    mailbox,
    baseURL,
  }) => {
    const email = uniqueEmail('ada');
    const password = 'Analytical-Engine1';

    await page.goto('/register');
    await field(page, 'First name').fill('Ada');
    await field(page, 'Last name').fill('Lovelace');
    await field(page, 'Email').fill(email);
    // Acceptance of the privacy policy and terms: one checkbox or one per document.
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await screenshot(page, 'register-filled');
    await expectAccessible(page, 'register-filled');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/register\/complete$/);
    await screenshot(page, 'register-complete');

    const mail = await mailbox.waitFor(email, activationSubject);
    const link = linkFrom(mail, '/activate-account');
    expect(link.origin).toBe(new URL(baseURL!).origin);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('user')).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.searchParams.get('token')).toMatch(/^\S{16,}$/);

    await page.goto(link.pathname + link.search);
    const activate = page.getByRole('button', { name: /activate|set password|confirm|save/i });
    // Submit stays disabled until the password is strong and confirmed (part1 §5).
    await field(page, 'Password').fill('weak');
    await expect(activate).toBeDisabled();
    await setPassword(page, password);
    await expect(activate).toBeEnabled();
    await screenshot(page, 'activate-account');
    await expectAccessible(page, 'activate-account');
    await activate.click();

    // Activation logs in and resolves a team; with none, team creation (part1 §4).
    await expect(page).toHaveURL(/\/organization\/create/);
    await expect(page).toHaveTitle(title('Create a Team'));
    const create = page.getByRole('button', { name: 'Create team', exact: true });
    await expect(create).toBeDisabled();
    await field(page, 'Team name').fill('Analytical Engines');
    await field(page, 'Company name').fill('Babbage & Co');
    await choose(page, 'Industry', 'Technology');
    await expect(create).toBeEnabled();
    await screenshot(page, 'organization-create');
    await expectAccessible(page, 'organization-create');
    await create.click();

    // No avatar yet: the guard sends the user to create one; skipping saves a default.
    await expect(page).toHaveURL(/\/create-avatar/);
    await screenshot(page, 'create-avatar');
    await page.getByRole('button', { name: 'Skip avatar creation' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle(title('Welcome'));
    await expect(page.getByText('Welcome back Ada', { exact: true })).toBeVisible();
    // The creator's team is a Trial team (part1 §5): the trial notice shows.
    await expect(page.getByText(trialNotice)).toBeVisible();
    await screenshot(page, 'dashboard');
    await expectAccessible(page, 'dashboard');

    // Log out from the user menu: tokens are cleared and the guard now sends to login.
    await userMenu(page, 'Ada Lovelace').click();
    await screenshot(page, 'user-menu');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    // A plain /login: the next person to sign in here does not land on this page.
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?targetRoute=/);

    await page.goto('/login');
    await logIn(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back Ada', { exact: true })).toBeVisible();
    await expect(userMenu(page, 'Ada Lovelace')).toContainText('Analytical Engines');
  });

  test('forgot password → reset → log in with the new password only', async ({
    page,
    request,
    mailbox,
  }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'reset',
      team: 'Reset Team',
      avatar: true,
    });
    const newPassword = 'Fresh-Start-2024';

    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await expect(page).toHaveURL(/\/forgot-password/);
    // The URL changes at once, but the login page (which has an Email field too) stays on screen
    // until the next screen's code has loaded: wait for that screen before typing into 'Email'.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await field(page, 'Email').fill(user.email);
    await expect(field(page, 'Email')).toHaveValue(user.email);
    await page.getByRole('button', { name: /reset|send|submit/i }).click();
    await expect(page.getByText(forgotConfirmation)).toBeVisible();
    await screenshot(page, 'forgot-password-sent');
    await expectAccessible(page, 'forgot-password-sent');

    const link = linkFrom(await mailbox.waitFor(user.email, resetSubject), '/reset-password');
    expect(link.searchParams.get('user')).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.searchParams.get('token')).toMatch(/^\S{16,}$/);
    await page.goto(link.pathname + link.search);
    await setPassword(page, newPassword);
    await page.getByRole('button', { name: /reset|save|set|change/i }).click();
    // Success and failure both offer a link to log in; only failure shows the failure text.
    const toLogin = page.getByRole('link', { name: /log ?in/i });
    await expect(toLogin).toBeVisible();
    await expect(page.getByText(resetFailed)).toHaveCount(0);
    await screenshot(page, 'reset-password-done');
    await toLogin.click();
    await expect(page).toHaveURL(/\/login/);

    // The old password no longer works; the new one does.
    await logIn(page, user.email, user.password);
    await expect(page.getByText(/^Login failed\. Please/)).toBeVisible();
    await screenshot(page, 'login-failed');
    await expectAccessible(page, 'login-failed');
    await field(page, 'Password').fill(newPassword);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Welcome back ${user.firstName}`, { exact: true })).toBeVisible();

    // A reset link works once.
    await page.goto(link.pathname + link.search);
    await setPassword(page, 'Another-Passw0rd');
    await page.getByRole('button', { name: /reset|save|set|change/i }).click();
    await expect(page.getByText(resetFailed)).toBeVisible();
    await screenshot(page, 'reset-password-reused');
  });

  test('a deep link while logged out goes to login with the target route, and back after login', async ({
    page,
    request,
    mailbox,
  }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'deeplink',
      team: 'Deep Team',
      avatar: true,
    });

    // /downloads needs a login but no particular team role; the guard keeps path and query.
    await page.goto('/downloads?platform=windows');
    await expect(page).toHaveURL(/\/login\?/);
    const target = new URL(page.url()).searchParams.get('targetRoute');
    expect(target).toBe('/downloads?platform=windows');
    await screenshot(page, 'login-with-target');

    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/downloads\?platform=windows$/);
    await expect(page).toHaveTitle(title('Download'));
  });
});
