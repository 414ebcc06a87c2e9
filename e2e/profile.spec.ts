import { seedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, metaStandIn, type Page, test } from './support/fixtures.ts';
import { field } from './support/forms.ts';
import { logIn } from './support/login.ts';
import { expectNoSidewaysScroll, phone } from './support/phone.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * The profile (part2 §2 'Profile' and 'Meta link callback', §4 'Linking', §5, §8): user
 * information, changing the password (which ends the user's other sessions, not this one),
 * linking and unlinking a Meta account through the run's stand-in of Meta's linking page
 * (global-setup.ts), and the page at phone width.
 */

const title = (t: string) => `${t} - Roomscale Dashboard`;
const TOKENS_KEY = 'roomscale.tokens';
const SCOPE = 'openid email profile offline_access roles';

/** A Mantine notification (toast) showing `text`. */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Opens the profile from the user menu, as a person would. */
async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle(title('Profile'));
}

/** An 8 × 8 orange PNG. */
const ORANGE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGN4ViGCFTEMLQkAWWRcgTKGLswAAAAASUVORK5CYII=';

type Stored = { accessToken: string; refreshToken: string; validUntil: number };
const storedTokens = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Stored | null,
    TOKENS_KEY,
  );

test.describe('profile', () => {
  test('a user edits their name and position; the shell shows the new name', async ({
    page,
    request,
    mailbox,
  }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'profile-info',
      team: 'Profile Team',
      avatar: true,
      firstName: 'Kathy',
      lastName: 'Coleman',
    });
    await logIn(page, user.email, user.password);
    await openProfile(page);
    const info = page.getByRole('region', { name: 'User information' });
    await expect(field(page, 'Email')).toHaveValue(user.email);
    await expect(field(page, 'Email')).toHaveAttribute('readonly', '');
    await expect(field(page, 'First name')).toHaveValue('Kathy');

    // A blank first name is refused in place and Save stays off.
    await field(page, 'First name').fill('');
    await field(page, 'Last name').focus();
    await expect(info.getByRole('button', { name: 'Save' })).toBeDisabled();
    await field(page, 'First name').fill('Katherine');
    await field(page, 'Last name').fill('Johnson');
    await field(page, 'Position').fill('Flight engineer');
    await info.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The data has been saved')).toBeVisible();
    const menu = page.getByRole('button', { name: 'Open user menu' });
    await expect(menu).toContainText('Katherine Johnson');

    await page.reload();
    await expect(field(page, 'First name')).toHaveValue('Katherine');
    await expect(field(page, 'Last name')).toHaveValue('Johnson');
    await expect(field(page, 'Position')).toHaveValue('Flight engineer');
    await expect(menu).toContainText('Katherine Johnson');
  });

  test('a user uploads a picture: the profile and the user menu show it; its address alone shows nothing', async ({
    page,
    request,
    mailbox,
  }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'profile-picture',
      team: 'Picture Team',
      avatar: true,
    });
    await logIn(page, user.email, user.password);
    await openProfile(page);
    const section = page.getByRole('region', { name: 'Profile picture' });
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/ProfileImage/user?fileName=me.png') && r.ok(),
    );
    await section.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(ORANGE_PNG, 'base64'),
    });
    const answer = (await (await uploaded).json()) as { url: string; slug: string };
    await expect(section.getByRole('button', { name: 'Remove picture' })).toBeVisible({
      timeout: 20_000,
    });

    // Shown in the profile and in the user menu (loaded with the token), and after a reload.
    const picture = section.getByRole('img', { name: 'Your profile picture' });
    const menuPicture = page.getByRole('button', { name: 'Open user menu' }).locator('img');
    for (const round of ['uploaded', 'reloaded']) {
      if (round === 'reloaded') await page.reload();
      for (const img of [picture, menuPicture]) {
        // (The avatar's 3D view keeps a slow machine busy: a generous wait.)
        await expect(img, round).toHaveJSProperty('naturalWidth', 8, { timeout: 30_000 });
      }
    }
    await screenshot(page, 'profile-picture');

    // The picture's address without a token is refused; the signed address of the upload's
    // answer works (until it expires).
    const plain = answer.url.replace(/&expires=.*$/, '');
    expect((await request.get(plain)).status()).toBe(401);
    const signed = await request.get(answer.url);
    expect(signed.status()).toBe(200);
    expect(signed.headers()['content-type']).toBe('image/png');
  });

  test('changing the password ends the other sessions, not this one', async ({
    page,
    browser,
    baseURL,
    request,
    mailbox,
  }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'profile-password',
      team: 'Password Team',
      avatar: true,
    });
    const newPassword = 'Brand-New-Passw0rd';
    const tokenCall = (form: Record<string, string>) =>
      request.post('/api/connect/token', { form: { scope: SCOPE, ...form } });

    // Another session of the same user (a second device), whose refresh token works now.
    const other = await tokenCall({
      grant_type: 'password',
      username: user.email,
      password: user.password,
    });
    expect(other.ok()).toBe(true);
    const refreshed = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: ((await other.json()) as { refresh_token: string }).refresh_token,
    });
    expect(refreshed.status()).toBe(200);
    const otherTokens = (await refreshed.json()) as { access_token: string; refresh_token: string };
    const otherMe = () =>
      request.get('/api/Users/Me', {
        headers: { authorization: `Bearer ${otherTokens.access_token}` },
      });
    expect((await otherMe()).status()).toBe(200);

    await logIn(page, user.email, user.password);
    await openProfile(page);
    const form = page.getByRole('region', { name: 'Change password' });
    // A wrong current password is said and changes nothing.
    await field(page, 'Current password').fill('Not-The-Passw0rd');
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm new password').fill(newPassword);
    await form.getByRole('button', { name: 'Save' }).click();
    const failed = page.getByRole('dialog').filter({
      hasText: 'Password change failed. Please check the information and try again.',
    });
    await failed.getByRole('button', { name: 'Ok' }).click();
    await expect(failed).toBeHidden();

    await field(page, 'Current password').fill(user.password);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Password has been changed')).toBeVisible();
    await expect(field(page, 'Current password')).toHaveValue('');

    // The other session is over: its refresh token and its access token are refused.
    const afterChange = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: otherTokens.refresh_token,
    });
    expect(afterChange.status()).toBe(400);
    expect(((await afterChange.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await otherMe()).status()).toBe(401);

    // This browser stays signed in, refreshing included: an hour later its access token has
    // expired, and opening the profile refreshes with its own refresh token.
    const before = await storedTokens(page);
    expect(before).not.toBeNull();
    await page.clock.install({ time: Date.now() + 60 * 60_000 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect
      .poll(async () => (await storedTokens(page))?.refreshToken)
      .not.toBe(before?.refreshToken);
    await expect(field(page, 'Email')).toHaveValue(user.email);

    // The old password no longer logs in; the new one does.
    const old = await tokenCall({
      grant_type: 'password',
      username: user.email,
      password: user.password,
    });
    expect(old.status()).toBe(400);
    const fresh = await browser.newContext({ baseURL });
    await logIn(await fresh.newPage(), user.email, newPassword);
    await fresh.close();
  });

  test('a user links a Meta account through Meta’s page and unlinks it', async ({
    page,
    request,
    mailbox,
  }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'profile-meta',
      team: 'Meta Team',
      avatar: true,
    });
    await logIn(page, user.email, user.password);
    await openProfile(page);
    const metaRow = page
      .getByRole('region', { name: 'Linked accounts' })
      .getByRole('listitem', { name: 'Meta Account' });
    await expect(metaRow.getByText('Not linked')).toBeVisible();

    // The link call is held until the callback page has been seen saying what it does.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/User/Me/LinkedAccounts/Oculus/Sso', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });

    await metaRow.getByRole('button', { name: 'Link Meta Account' }).click();
    // Meta's account-linking page (the stand-in), for this organization and back to us.
    await expect(page).toHaveURL((url) => url.href.startsWith(metaStandIn.authUrl));
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toMatch(/\/sso\/oculus$/);
    await expect(page.getByRole('heading', { name: 'Link your Meta account' })).toBeVisible();
    await page.getByRole('button', { name: 'Link Account' }).click();

    await expect(page).toHaveURL(/\/sso\/oculus#/);
    await expect(page.getByText('Linking account...')).toBeVisible();
    await screenshot(page, 'meta-callback-linking');
    release();
    const done = page.getByRole('dialog', { name: 'Link Meta account' });
    await expect(done).toContainText('Meta account linked');
    await screenshot(page, 'meta-callback-linked', { fullPage: false });
    await expectAccessible(page, 'meta-callback-linked');
    await done.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(metaRow.getByText('Linked', { exact: true })).toBeVisible();
    await page.reload();
    await expect(metaRow.getByText('Linked', { exact: true })).toBeVisible();
    await screenshot(page, 'profile-meta-linked');

    // Unlinking asks first.
    await metaRow.getByRole('button', { name: 'Unlink Meta Account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unlink Meta account' });
    await confirm.getByRole('button', { name: 'Unlink', exact: true }).click();
    await expect(toast(page, 'Meta account unlinked')).toBeVisible();
    await expect(metaRow.getByText('Not linked')).toBeVisible();
    await page.reload();
    await expect(metaRow.getByText('Not linked')).toBeVisible();
  });

  test('the profile reads well on a desktop and on a phone', async ({ page, request, mailbox }) => {
    const user = await seedUser(request, mailbox, {
      prefix: 'profile-look',
      team: 'Profile Look Team',
      avatar: true,
    });
    await logIn(page, user.email, user.password);
    await openProfile(page);
    for (const section of [
      'Profile picture',
      'Avatar',
      'User information',
      'Change password',
      'Linked accounts',
    ]) {
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    }
    await expect(
      page.getByRole('region', { name: 'Linked accounts' }).getByRole('listitem'),
    ).toHaveCount(2);
    await screenshot(page, 'profile');
    await expectAccessible(page, 'profile');

    await page.setViewportSize(phone);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Linked accounts' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'the profile');
    await screenshot(page, 'profile-phone');
    await expectAccessible(page, 'profile-phone');
  });
});
