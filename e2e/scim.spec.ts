import { seedUser, signInApi } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { logIn } from './support/login.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * SCIM provisioning (docs/scim.md): a team admin creates the team's SCIM token on the Single
 * sign-on tab, copies the base URL and token once, and an identity provider provisions with them;
 * the admin revokes it and the token stops working.
 */
test('a team admin creates a SCIM token, an identity provider provisions with it, the admin revokes it', async ({
  page,
  request,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const admin = await seedUser(request, mailbox, {
    prefix: 'scim-admin',
    team: 'Fabrikam',
    avatar: true,
  });
  const api = await signInApi(request, admin);
  await logIn(page, admin.email, admin.password);
  await page.goto('/team/sso');
  const card = page.getByRole('region', { name: 'SCIM provisioning' });
  await expect(card).toContainText('SCIM provisioning is off');
  await card.getByRole('button', { name: 'Create token' }).click();
  await expect(card).toContainText('it is shown only this once');
  const token = await card.getByRole('textbox', { name: 'Token', exact: true }).inputValue();
  const baseUrl = await card.getByRole('textbox', { name: 'SCIM base URL' }).inputValue();
  expect(baseUrl).toMatch(new RegExp(`/scim/v2/${api.teamId}$`));
  await expect(card).toContainText('SCIM provisioning is on');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'team-sso-scim-token');
  await expectAccessible(page, 'team-sso-scim-token');

  // The identity provider creates a user with it.
  const scimPath = new URL(baseUrl).pathname;
  const created = await request.post(`${scimPath}/Users`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    data: JSON.stringify({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `scim-${Date.now()}@example.com`,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      active: true,
    }),
  });
  expect(created.status(), await created.text()).toBe(201);

  // The card says it was used; a replacement asks first, a revocation ends it.
  await page.reload();
  await expect(card).toContainText('last used');
  await card.getByRole('button', { name: 'Revoke token' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText("can no longer change the team's members");
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(card).toContainText('SCIM provisioning is off');
  await screenshot(page, 'team-sso-scim-revoked');
  const refused = await request.get(`${scimPath}/Users`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(401);
});
