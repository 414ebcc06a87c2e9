import { seedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { logIn } from './support/login.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * A new user's first run on an installation with nothing configured: every link leads somewhere
 * (terms, privacy and support are this server's own pages; unconfigured builds are explained,
 * not linked), a page the user may not open says so in place, the launch page names a room's
 * kind, and logging out leaves no page behind in the login link.
 */

test('registration links readable terms and privacy pages served by this server', async ({
  page,
  context,
}) => {
  await page.goto('/register');
  // First name has the focus; following a link from there must open it (the field's error
  // appearing on the way out used to push the link from under the pointer and tick the box).
  await expect(page.getByLabel(/^First name/)).toBeFocused();
  const terms = page.getByRole('link', { name: 'Terms of service' }).first();
  await expect(terms).toHaveAttribute('href', '/terms-of-service.html');
  const privacy = page.getByRole('link', { name: 'Privacy policy' }).first();
  await expect(privacy).toHaveAttribute('href', '/privacy-policy.html');
  const [privacyTab] = await Promise.all([context.waitForEvent('page'), privacy.click()]);
  await privacyTab.waitForLoadState();
  await expect(privacyTab.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await privacyTab.close();
  await expect(page.getByRole('checkbox')).not.toBeChecked();
  await expect(page.getByText('This field is required')).toHaveCount(0);

  const termsTab = await context.newPage();
  await termsTab.goto('/terms-of-service.html');
  await expect(termsTab.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
  await screenshot(termsTab, 'terms-of-service');
  await expectAccessible(termsTab, 'terms of service');
  await termsTab.close();

  const res = await page.request.get('/privacy-policy.html');
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain('<h1>Privacy policy</h1>');
});

test('no link leads to a placeholder; the download page explains the builds it has not got', async ({
  page,
  request,
  mailbox,
}) => {
  const user = await seedUser(request, mailbox, {
    prefix: 'first-run',
    team: 'Fresh Start',
    avatar: true,
  });
  await logIn(page, user.email, user.password);

  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Terms of service' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Website' })).toHaveCount(0);
  for (const href of await page
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
    expect(href).not.toMatch(/\.example\b/);
  }

  await page.goto('/downloads');
  await expect(page.getByRole('button', { name: 'Not available yet' })).toHaveCount(3);
  await expect(page.getByText('by setting PICO_APK_URL.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download APK' })).toHaveCount(0);
  await screenshot(page, 'downloads-unconfigured');
  await expectAccessible(page, 'downloads without configured builds');

  // On a phone: the dashboard and the tutorials modal.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: /Tutorials/ })
    .first()
    .click();
  const tutorials = page.getByRole('dialog');
  await expect(tutorials.getByRole('button', { name: /Welcome to Roomscale/ })).toBeVisible();
  await screenshot(page, 'tutorials-phone');
  await expectAccessible(page, 'tutorials on a phone');

  const support = await page.request.get('/support.html');
  expect(await support.text()).toContain('<h1>Roomscale support</h1>');
});

test('a page the user may not open says so in place; logging out leaves a plain login link', async ({
  page,
  request,
  mailbox,
}) => {
  const user = await seedUser(request, mailbox, {
    prefix: 'first-denied',
    team: 'Quiet Co',
    avatar: true,
  });
  await logIn(page, user.email, user.password);

  await page.goto('/admin/roomtemplates');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(
    page.getByText('That page is only available to platform administrators.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/roomtemplates$/);
  await screenshot(page, 'access-denied');
  await expectAccessible(page, 'access denied');

  await page.goto('/files/team');
  await page
    .getByRole('button')
    .filter({ hasText: `${user.firstName} ${user.lastName}` })
    .click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the launch page names a private room's kind", async ({ page }) => {
  const room = '7b1f8d2e-4c3a-4e5f-9a1b-2c3d4e5f6a7b';
  await page.goto(`/launch?room=${room}&room-name=Focus+booth&room-type=private`);
  await expect(page.getByRole('heading', { name: 'Focus booth' })).toBeVisible();
  await expect(page.getByText('Private room', { exact: true })).toBeVisible();
  await expect(page.getByText('Join the private room Focus booth.')).toBeVisible();
  await expect(page.getByText(/team room/i)).toHaveCount(0);
  await screenshot(page, 'launch-private-room');
});
