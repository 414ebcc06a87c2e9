import type { Frame, Request } from '@playwright/test';
import { seedUser } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { logIn } from './support/login.ts';
import { expectNoSidewaysScroll } from './support/phone.ts';
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
  // A user is told the build is not there yet; which server setting adds it is for super admins.
  await expect(
    page.getByText('The download will be offered here as soon as it is available.'),
  ).toHaveCount(3);
  await expect(page.getByText(/by setting/)).toHaveCount(0);
  // Only the knowledge base is linked: the words promise no release notes.
  await expect(page.getByText('Step-by-step guides for every headset and computer.')).toBeVisible();
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
  await page.keyboard.press('Escape');
  await expect(tutorials).toBeHidden();
  await expectNoSidewaysScroll(page, 'the dashboard');

  await page.goto('/downloads');
  await expect(page.getByRole('button', { name: 'Not available yet' })).toHaveCount(3);
  await expectNoSidewaysScroll(page, 'the download page');
  await screenshot(page, 'downloads-phone');

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

  // An unknown address goes to the root as the spec says, and the dashboard it lands on says why.
  await page.goto('/dashbord/oops');
  await expect(page).toHaveURL(/\/dashboard$/);
  const notFound = page.getByRole('status').filter({ hasText: 'Page not found' });
  await expect(notFound).toContainText(
    'There is no page at /dashbord/oops. You are on the start page instead.',
  );
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await screenshot(page, 'not-found-dashboard');
  await expectAccessible(page, 'page not found on the dashboard');
  await notFound.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notFound).toHaveCount(0);
  // Dismissed for good: a reload does not bring it back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);

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

test('an unknown address lands a signed-out visitor on login, which says so', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/meetings-old/archive?page=2');
  await expect(page).toHaveURL(/\/login$/);
  const notFound = page.getByRole('status').filter({ hasText: 'Page not found' });
  await expect(notFound).toContainText('There is no page at /meetings-old/archive?page=2.');
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await screenshot(page, 'not-found-login-phone');
  await expectAccessible(page, 'page not found on login');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the login page scrolls sideways at 390px').toBeLessThanOrEqual(0);
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

/**
 * The API calls of a full page load, in the order they started, with start and end times
 * relative to the navigation (ms). Kept apart by method, address and body: two different
 * listings of one endpoint are two things, the same listing twice is one fetched twice.
 */
async function apiCallsOfFullLoad(page: Page, path: string, ready: () => Promise<void>) {
  const calls: { key: string; start: number; end?: number }[] = [];
  const t0 = Date.now();
  const byRequest = new Map<Request, (typeof calls)[number]>();
  // Only this load's calls: the page before it may still have some under way when the
  // navigation starts; the new document asks for nothing before it is committed.
  let committed = false;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) committed = true;
  };
  const onRequest = (r: Request) => {
    if (!committed) return;
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/api/')) return;
    const body = r.postData();
    const call = {
      key: `${r.method()} ${url.pathname}${url.search}${body ? ` ${body}` : ''}`,
      start: Date.now() - t0,
    };
    calls.push(call);
    byRequest.set(r, call);
  };
  const onDone = (r: Request) => {
    const call = byRequest.get(r);
    if (call) call.end = Date.now() - t0;
  };
  page.on('framenavigated', onNavigated);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('framenavigated', onNavigated);
  page.off('request', onRequest);
  page.off('requestfinished', onDone);
  page.off('requestfailed', onDone);
  // In the journey's output: the figures the issue asks about.
  console.log(
    `API calls of a full load of ${path}:\n${calls
      .map(
        (c) => `  ${String(c.start).padStart(5)}–${String(c.end ?? '?').padStart(5)} ms  ${c.key}`,
      )
      .join('\n')}`,
  );
  return calls;
}

test('a full load asks for each thing once and starts what does not depend on another at once', async ({
  page,
  request,
  mailbox,
}) => {
  const user = await seedUser(request, mailbox, {
    prefix: 'first-requests',
    team: 'Fast Lane',
    avatar: true,
  });
  await logIn(page, user.email, user.password);

  for (const [path, ready] of [
    ['/dashboard', () => expect(page.getByRole('region', { name: 'Recent files' })).toBeVisible()],
    ['/files', () => expect(page.getByRole('link', { name: /^Team files .+/ })).toBeVisible()],
  ] as const) {
    const calls = await apiCallsOfFullLoad(page, path, ready);
    const keys = calls.map((c) => c.key);
    const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(twice, `asked for twice on a full load of ${path}`).toEqual([]);
    // The user and their teams do not depend on each other: both are asked for before either
    // has answered.
    const me = calls.find((c) => c.key === 'GET /api/Users/Me');
    const teams = calls.find((c) => c.key === 'GET /api/Users/Me/Organizations');
    expect(me && teams, `${path} loads the user and their teams`).toBeTruthy();
    expect(teams!.start, 'the teams are asked for with the user').toBeLessThan(me!.end!);
    expect(me!.start, 'the user is asked for with the teams').toBeLessThan(teams!.end!);
  }
});
