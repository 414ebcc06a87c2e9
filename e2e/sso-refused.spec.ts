import { startTestIdp, type TestIdp } from '../apps/server/src/test/samlIdp.ts';
import { seedUser, signInApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { logIn } from './support/login.ts';
import { expectNoSidewaysScroll, phone } from './support/phone.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * A refused single sign-on (docs/sso.md "When a sign-in is refused"): the browser learns only
 * that it failed, and the team admin reads why in the team's audit log — here an identity
 * provider account nobody has, and a hostile document refused before it was parsed.
 */

let idp: TestIdp;
test.beforeAll(async () => {
  idp = await startTestIdp();
});
test.afterAll(async () => {
  await idp?.close();
});

test('a team admin reads in the audit log why single sign-ons were refused', async ({
  page,
  request,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const admin = await seedUser(request, mailbox, {
    prefix: 'sso-refused-admin',
    team: 'Contoso Labs',
    avatar: true,
  });
  const api = await signInApi(request, admin);
  const saved = await request.post(`/api/Organization/${api.teamId}/SamlConfig`, {
    headers: api.headers,
    data: { identityLabel: idp.entityId, loginUrl: idp.loginUrl, certificate: idp.certificatePem },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { loginProviderId } = (await saved.json()) as { loginProviderId: string };

  // ── An account at the identity provider that nobody here has. ──
  const stranger = uniqueEmail('sso-stranger');
  await page.goto(`/saml/${loginProviderId}`);
  await expect(page).toHaveURL((url) => url.href.startsWith(idp.loginUrl));
  await page.getByLabel('Email').fill(stranger);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?samlerror=not_found$/);

  // ── A document nested thousands of levels deep, posted straight to the consumer. ──
  const deep = `<samlp:Response>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</samlp:Response>`;
  const posted = await request.post(`/saml/${loginProviderId}/acs`, {
    form: { SAMLResponse: Buffer.from(deep).toString('base64') },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  expect(posted.headers().location).toBe('/login?samlerror=not_found');

  // ── The team admin's audit log says why, in words. ──
  await logIn(page, admin.email, admin.password);
  await page.goto('/team/audit');
  const rows = page.getByRole('row').filter({ hasText: 'Single sign-on refused' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(
    'Reason: The response is larger or more deeply nested than allowed',
  );
  const unknown = rows.nth(1).locator('td[data-label="Change"] li');
  await expect(unknown).toHaveText([
    'Reason: Nobody in Roomscale has a single sign-on login with this account',
    `Account at the identity provider: ${stranger}`,
  ]);
  await expect(rows.nth(1)).toContainText('System');
  await screenshot(page, 'team-audit-sso-refused');
  await expectAccessible(page, 'team-audit-sso-refused');
});

test('a team admin opens the set-up steps of an identity provider with the keyboard', async ({
  page,
  request,
  mailbox,
}) => {
  const admin = await seedUser(request, mailbox, {
    prefix: 'sso-guide-admin',
    team: 'Contoso Guide',
    avatar: true,
  });
  await logIn(page, admin.email, admin.password);
  await page.goto('/team/sso');
  const guide = page.getByRole('region', { name: 'Set up in your identity provider' });
  const entra = guide.getByRole('button', { name: 'Microsoft Entra ID' });
  await entra.focus();
  await page.keyboard.press('Enter');
  await expect(entra).toHaveAttribute('aria-expanded', 'true');
  const table = guide.getByRole('table', { name: 'Microsoft Entra ID: Their field, Our value' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row').nth(2)).toContainText(
    'Reply URL (Assertion Consumer Service URL)',
  );
  await expect(table.getByRole('row').nth(2)).toContainText('/acs');
  // Tab to the next provider and open it with Space: one open at a time.
  await page.keyboard.press('Tab');
  const okta = guide.getByRole('button', { name: 'Okta' });
  await expect(okta).toBeFocused();
  await page.keyboard.press(' ');
  await expect(okta).toHaveAttribute('aria-expanded', 'true');
  await expect(entra).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(entra).toHaveAttribute('aria-expanded', 'true');
  await guide.scrollIntoViewIfNeeded();
  await screenshot(page, 'team-sso-setup-guide');
  await expectAccessible(page, 'team-sso-setup-guide');
  await page.setViewportSize(phone);
  await expectNoSidewaysScroll(page, 'the single sign-on set-up guide');
  await screenshot(page, 'team-sso-setup-guide-phone');
});
