import { seedUser } from './support/accounts.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * One session in several tabs (part1 §4 Session). Refresh tokens rotate on every use and the
 * server ends the whole session when a used one comes back, so two tabs that refresh at once
 * must take turns: one refreshes, the other picks up the tokens it stored.
 */

const TOKENS_KEY = 'roomscale.tokens';
const SCOPE = 'openid email profile offline_access roles';

type Stored = { accessToken: string; refreshToken: string; validUntil: number };
const storedTokens = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Stored | null,
    TOKENS_KEY,
  );

test('two tabs with an expired access token refresh at once and both stay signed in', async ({
  page,
  context,
  request,
  mailbox,
}) => {
  const user = await seedUser(request, mailbox, { prefix: 'tabs', team: 'Two Tabs', avatar: true });
  const signedIn = await request.post('/api/connect/token', {
    form: {
      grant_type: 'password',
      username: user.email,
      password: user.password,
      scope: SCOPE,
    },
  });
  expect(signedIn.ok()).toBe(true);
  const tokens = (await signedIn.json()) as { access_token: string; refresh_token: string };

  // The browser holds the session with an access token past its expiry. The tabs start on a
  // page without the app, so neither refreshes before both open the dashboard.
  await page.goto('/livez');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    TOKENS_KEY,
    JSON.stringify({
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      validUntil: Date.now() - 60_000,
    } satisfies Stored),
  ] as const);
  const second = await context.newPage();
  await second.goto('/livez');

  // Every token call is held a moment, so the two tabs' refreshes certainly overlap.
  const refreshes: string[] = [];
  await context.route('**/api/connect/token', async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    if (form.get('grant_type') === 'refresh_token') refreshes.push(form.get('refresh_token') ?? '');
    await new Promise((resolve) => setTimeout(resolve, 750));
    await route.continue();
  });

  // Both tabs open the dashboard at once: each needs a fresh access token for its calls.
  await Promise.all([page.goto('/dashboard'), second.goto('/dashboard')]);
  for (const tab of [page, second]) {
    await expect(
      tab.getByRole('heading', { level: 1, name: new RegExp(user.firstName) }),
    ).toBeVisible();
    await expect(tab).toHaveURL(/\/dashboard$/);
  }
  // One tab refreshed; the other waited for it and used the tokens it stored.
  expect(refreshes).toEqual([tokens.refresh_token]);

  // The session is alive on the server: no refresh token was presented twice.
  const now = await storedTokens(second);
  expect(now?.refreshToken).not.toBe(tokens.refresh_token);
  const me = await request.get('/api/Users/Me', {
    headers: { authorization: `Bearer ${now?.accessToken}` },
  });
  expect(me.status()).toBe(200);

  // Both tabs keep working afterwards.
  await Promise.all([page.reload(), second.reload()]);
  for (const tab of [page, second]) {
    await expect(
      tab.getByRole('heading', { level: 1, name: new RegExp(user.firstName) }),
    ).toBeVisible();
  }
  await screenshot(second, 'sessions-second-tab');
});
