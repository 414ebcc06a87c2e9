import type { APIRequestContext } from '@playwright/test';
import { startTestIdp, type TestIdp } from '../apps/server/src/test/samlIdp.ts';
import { addToTeam, seedUser, signInApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { field } from './support/forms.ts';
import { acceptTermsAndSkipAvatar, logIn } from './support/login.ts';
import { linkFrom } from './support/mailbox.ts';
import { expectNoSidewaysScroll, phone } from './support/phone.ts';
import { screenshot } from './support/screenshot.ts';
import { openTeamTab } from './support/team.ts';

/**
 * Team single sign-on (SAML 2.0; part1 §2, §7, §8; part2 §2, §4, §5; docs/sso.md) against a real
 * identity provider on 127.0.0.1 (apps/server/src/test/samlIdp.ts): a team admin sets it up on
 * the team's 'Single sign-on' tab and adds a user with single sign-on only, who logs in through
 * the identity provider; a member with a password links the team's single sign-on from the
 * profile, logs in with it and unlinks it; a sign-in the server cannot match (an unknown user, a
 * tampered response) ends on the login page with the spec's SAML failure text.
 */

const title = (t: string) => `${t} - Roomscale Dashboard`;
const samlFailed =
  'SAML authentication failed. Make sure the account exists, and is linked to the SSO provider.';
const invitationSubject = /invited to/i;

let idp: TestIdp;
test.beforeAll(async () => {
  idp = await startTestIdp();
});
test.afterAll(async () => {
  await idp?.close();
});

/** A Mantine notification (toast) showing `text`. */
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** On the login page: types the address, waits for its single sign-on button and follows it. */
async function startSsoLogin(page: Page, email: string, team: string) {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  const button = page.getByRole('link', { name: `Log in with ${team}` });
  await expect(button).toBeVisible();
  await button.click();
}

/** At the test identity provider's sign-in page: signs in as `email`. */
async function signInAtIdp(page: Page, email: string) {
  await expect(page).toHaveURL((url) => url.href.startsWith(idp.loginUrl));
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The team's single sign-on set up through the API, with the test identity provider's values. */
async function configureSso(
  request: APIRequestContext,
  admin: { email: string; password: string },
) {
  const api = await signInApi(request, admin);
  const res = await request.post(`/api/Organization/${api.teamId}/SamlConfig`, {
    headers: api.headers,
    data: { identityLabel: idp.entityId, loginUrl: idp.loginUrl, certificate: idp.certificatePem },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

/** A new address added to the team with single sign-on only (the team users call). */
async function addSsoUser(
  request: APIRequestContext,
  admin: { headers: Record<string, string>; teamId: string },
  person: { email: string; firstName: string; lastName: string },
) {
  const res = await request.put(`/api/Organizations/${admin.teamId}/Users`, {
    headers: admin.headers,
    data: {
      ...person,
      position: null,
      role: 'User',
      licenseType: 'Trial',
      assignRoomscalePassword: false,
      assignSso: true,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('single sign-on', () => {
  test('an admin sets up single sign-on and adds an SSO-only user, who logs in through the identity provider', async ({
    page,
    request,
    mailbox,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const team = 'Helix Labs';
    const admin = await seedUser(request, mailbox, { prefix: 'sso-admin', team, avatar: true });
    const { teamId } = await signInApi(request, admin);
    const providerId = `saml-${teamId}`;

    // ── The admin opens Team → Single sign-on. ──
    await logIn(page, admin.email, admin.password);
    await page.goto('/team/users');
    await openTeamTab(page, 'Single sign-on');
    await expect(page).toHaveURL(/\/team\/sso$/);
    await expect(page).toHaveTitle(title('Single sign-on'));
    await expect(page.getByRole('status').filter({ hasText: 'not set up yet' })).toBeVisible();

    // Our values come first, derived from the team before anything is saved.
    const entityId = `${baseURL}/saml/${providerId}/metadata`;
    await expect(field(page, 'Entity ID (App ID URI)')).toHaveValue(entityId);
    await expect(field(page, 'Sign-on URL')).toHaveValue(`${baseURL}/saml/${providerId}`);
    await expect(field(page, 'Reply URL (Assertion Consumer Service)')).toHaveValue(
      `${baseURL}/saml/${providerId}/acs`,
    );
    const metadata = field(page, 'Service provider metadata');
    await expect(metadata).toHaveValue(new RegExp(`entityID="${entityId}"`));
    await expect(metadata).toHaveValue(new RegExp(`Location="${baseURL}/saml/${providerId}/acs"`));
    await expect(field(page, 'Entity ID (App ID URI)')).toHaveAttribute('readonly', '');
    // The entity id is also the metadata's address, as the hint says.
    const served = await request.get(entityId);
    expect(served.status()).toBe(200);
    expect(await served.text()).toContain(`entityID="${entityId}"`);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeDisabled();
    await screenshot(page, 'sso-tab-empty');
    await expectAccessible(page, 'sso-tab-empty');

    // ── The identity provider's values; a certificate that does not parse is refused. ──
    await field(page, 'Identity provider entity ID').fill(idp.entityId);
    await field(page, 'Login URL').fill(idp.loginUrl);
    await field(page, 'Certificate').fill(
      '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----',
    );
    await save.click();
    // part2 §8: the 'Error' modal says why, and what was typed stays.
    const refused = page.getByRole('dialog', { name: 'Error' });
    await expect(refused).toContainText(
      'An error has occurred: The certificate could not be read.',
    );
    await screenshot(page, 'sso-save-refused', { fullPage: false });
    await refused.getByRole('button', { name: 'Ok' }).click();
    await expect(refused).toBeHidden();
    await expect(field(page, 'Login URL')).toHaveValue(idp.loginUrl);
    await field(page, 'Certificate').fill(idp.certificatePem);
    await save.click();
    await expect(toast(page, 'Configuration saved')).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Single sign-on is set up.' }),
    ).toContainText(/Certificate valid until \S/);
    await expect(field(page, 'Identity provider entity ID')).toHaveValue(idp.entityId);
    await expect(toast(page, 'Configuration saved')).toBeHidden();
    await screenshot(page, 'sso-tab-saved');
    await expectAccessible(page, 'sso-tab-saved');
    // Saved, not just shown: a reload reads it back.
    await page.reload();
    await expect(field(page, 'Login URL')).toHaveValue(idp.loginUrl);
    // The certificate as stored (normalised PEM, whatever line ending it was pasted with).
    await expect
      .poll(async () => (await field(page, 'Certificate').inputValue()).trim())
      .toBe(idp.certificatePem.trim());

    // On a phone: long values stay inside their fields.
    await page.setViewportSize(phone);
    await page.reload();
    await expect(field(page, 'Sign-on URL')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the single sign-on tab');
    await screenshot(page, 'sso-tab-phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // ── The admin adds a user with single sign-on and no password. ──
    const ssoUser = { email: uniqueEmail('sso-only'), firstName: 'Annie', lastName: 'Easley' };
    await openTeamTab(page, 'Users');
    await expect(page).toHaveURL(/\/team\/users$/);
    await page.getByRole('button', { name: 'Add user' }).click();
    const users = page.getByRole('list', { name: 'Team users' });
    const row = users.getByRole('listitem', { name: 'New user' });
    await row.getByLabel(/^First name/).fill(ssoUser.firstName);
    await row.getByLabel(/^Last name/).fill(ssoUser.lastName);
    await row.getByLabel(/^Email/).fill(ssoUser.email);
    const ssoSwitch = row.getByRole('switch', { name: 'Single sign-on' });
    const passwordSwitch = row.getByRole('switch', { name: 'Password login' });
    // New users: password on (locked while SSO is off), SSO off (part2 §4).
    await expect(ssoSwitch).not.toBeChecked();
    await expect(passwordSwitch).toBeChecked();
    await expect(passwordSwitch).toBeDisabled();
    await ssoSwitch.click({ force: true });
    await expect(passwordSwitch).toBeEnabled();
    await passwordSwitch.click({ force: true });
    await expect(ssoSwitch).toBeChecked();
    await expect(passwordSwitch).not.toBeChecked();
    await screenshot(page, 'team-users-add-sso');
    await row.getByRole('button', { name: 'Save user' }).click();
    const invited = page.getByRole('dialog').filter({ hasText: 'User has been invited.' });
    await invited.getByRole('button', { name: 'Ok' }).click();
    const annie = users.getByRole('listitem', { name: 'Annie Easley' });
    await expect(
      annie.getByRole('list', { name: 'Login methods' }).getByRole('listitem'),
    ).toHaveText(['Single sign-on']);

    // The email says to log in with the team, and links to the login page.
    const mail = await mailbox.waitFor(ssoUser.email, invitationSubject);
    expect(mail.subject).toContain(team);
    expect(mail.text).toContain(`Log in with ${team}`);
    const loginLink = linkFrom(mail, '/login');

    // ── Annie, in her own browser, logs in through the identity provider. ──
    const hers = await browser.newContext({ baseURL });
    const herPage = await hers.newPage();
    await herPage.goto(loginLink.pathname + loginLink.search);
    await field(herPage, 'Email').fill(ssoUser.email);
    const ssoButton = herPage.getByRole('link', { name: `Log in with ${team}` });
    await expect(ssoButton).toBeVisible();
    await expect(herPage.getByText('This account signs in with single sign-on.')).toBeVisible();
    await screenshot(herPage, 'login-sso-button');
    await expectAccessible(herPage, 'login-sso-button');
    await herPage.setViewportSize(phone);
    await expect(ssoButton).toBeVisible();
    await expectNoSidewaysScroll(herPage, 'the login page with single sign-on');
    await screenshot(herPage, 'login-sso-button-phone');
    await herPage.setViewportSize({ width: 1280, height: 720 });
    await ssoButton.click();
    await signInAtIdp(herPage, ssoUser.email);
    // Back through /sso/token; first login: the terms, then the avatar.
    await acceptTermsAndSkipAvatar(herPage);
    await expect(
      herPage.getByText(`Welcome back ${ssoUser.firstName}`, { exact: true }),
    ).toBeVisible();
    await expect(herPage.getByRole('button', { name: 'Open user menu' })).toContainText(team);
    await screenshot(herPage, 'sso-landing');
    // Her session is a real one: the spent one-time token is not in the address any more.
    expect(herPage.url()).not.toContain('/sso/token');
    // Single sign-on is her only way in, and she has no password to set: the profile keeps it,
    // and says whom to ask.
    await herPage.goto('/profile');
    await herPage.getByRole('button', { name: /^Unlink / }).click();
    await herPage
      .getByRole('dialog', { name: 'Unlink single sign-on' })
      .getByRole('button', { name: 'Unlink' })
      .click();
    const kept = herPage.getByRole('dialog', { name: 'Error' });
    await expect(kept).toContainText('Ask a team admin for another way to sign in');
    await expect(kept).not.toContainText(/set a password/i);
    await screenshot(herPage, 'profile-unlink-only-login', { fullPage: false });
    await kept.getByRole('button', { name: 'Ok' }).click();
    await expect(herPage.getByRole('button', { name: /^Unlink / })).toBeVisible();
    await hers.close();

    // The admin sees her activated, with single sign-on as her only login.
    await page.reload();
    await expect(annie.getByText('Invitation sent')).toHaveCount(0);
  });

  test('a member links the team single sign-on from the profile, logs in with it and unlinks it', async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const team = 'Quasar Works';
    const admin = await seedUser(request, mailbox, {
      prefix: 'sso-link-admin',
      team,
      avatar: true,
    });
    const adminApi = await configureSso(request, admin);
    const member = await seedUser(request, mailbox, {
      prefix: 'sso-link-member',
      firstName: 'Evelyn',
      lastName: 'Boyd',
      avatar: true,
    });
    await addToTeam(request, adminApi, member);

    // ── A member cannot open the team's single sign-on settings. ──
    await logIn(page, member.email, member.password);
    await page.goto('/team/sso');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByLabel('Identity provider entity ID')).toHaveCount(0);

    // ── The profile offers the team's single sign-on, not linked. ──
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const linked = page.getByRole('region', { name: 'Linked accounts' });
    const ssoRow = linked.getByRole('listitem', { name: team });
    await expect(ssoRow).toContainText(`Single sign-on of ${team}`);
    await expect(ssoRow.getByText('Not linked')).toBeVisible();

    // Linking asks first, with the warning to trust the identity provider; cancel changes nothing.
    await ssoRow.getByRole('button', { name: `Link ${team}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Link single sign-on' });
    await expect(confirm).toContainText('Only link an identity provider you fully trust');
    await screenshot(page, 'profile-sso-link-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);

    await ssoRow.getByRole('button', { name: `Link ${team}` }).click();
    await confirm.getByRole('button', { name: 'Link', exact: true }).click();
    await signInAtIdp(page, member.email);
    // Back on the profile with the proof; it is used once and leaves the address.
    await expect(toast(page, 'Account linked')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(ssoRow.getByText('Linked', { exact: true })).toBeVisible();
    await expect(ssoRow.getByRole('button', { name: `Unlink ${team}` })).toBeVisible();
    await screenshot(page, 'profile-sso-linked');

    // ── Logged out, the login page offers the team's single sign-on beside the password. ──
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await startSsoLogin(page, member.email, team);
    await signInAtIdp(page, member.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Welcome back ${member.firstName}`, { exact: true })).toBeVisible();

    // ── Unlinking asks too, then the login page offers only the password. ──
    await page.goto('/profile');
    await ssoRow.getByRole('button', { name: `Unlink ${team}` }).click();
    const unlink = page.getByRole('dialog', { name: 'Unlink single sign-on' });
    await expect(unlink).toContainText(`you can no longer log in with ${team}`);
    await unlink.getByRole('button', { name: 'Unlink', exact: true }).click();
    await expect(toast(page, 'Account unlinked')).toBeVisible();
    await expect(ssoRow.getByText('Not linked')).toBeVisible();
    await page.reload();
    await expect(ssoRow.getByText('Not linked')).toBeVisible();
    const logins = await request.get(
      `/api/LinkedAccounts/Logins?email=${encodeURIComponent(member.email)}`,
    );
    expect(
      ((await logins.json()) as { loginProviderId: string }[]).map((l) => l.loginProviderId),
    ).toEqual(['RoomscaleAppUser']);
  });

  test('a sign-in the server cannot match ends on the login page with the SAML failure', async ({
    page,
    context,
    request,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const team = 'Nimbus Group';
    const admin = await seedUser(request, mailbox, {
      prefix: 'sso-fail-admin',
      team,
      avatar: true,
    });
    const adminApi = await configureSso(request, admin);
    const alice = { email: uniqueEmail('sso-alice'), firstName: 'Alice', lastName: 'Ball' };
    const bob = { email: uniqueEmail('sso-bob'), firstName: 'Bob', lastName: 'Noyce' };
    await addSsoUser(request, adminApi, alice);
    await addSsoUser(request, adminApi, bob);

    // ── An identity provider account nobody here has. ──
    await startSsoLogin(page, alice.email, team);
    await signInAtIdp(page, uniqueEmail('sso-stranger'));
    await expect(page).toHaveURL(/\/login\?samlerror=not_found$/);
    await expect(page.getByRole('alert')).toHaveText(samlFailed);
    await screenshot(page, 'login-saml-failed');
    await expectAccessible(page, 'login-saml-failed');
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?targetRoute=/);

    // ── A genuine response for Alice, altered on its way to name Bob. ──
    let tampered = 0;
    await context.route('**/saml/*/acs', async (route) => {
      const form = new URLSearchParams(route.request().postData() ?? '');
      const xml = Buffer.from(form.get('SAMLResponse') ?? '', 'base64').toString('utf8');
      if (xml.includes(alice.email)) {
        form.set(
          'SAMLResponse',
          Buffer.from(xml.replaceAll(alice.email, bob.email)).toString('base64'),
        );
        tampered += 1;
      }
      await route.continue({ postData: form.toString() });
    });
    await startSsoLogin(page, alice.email, team);
    await signInAtIdp(page, alice.email);
    await expect(page).toHaveURL(/\/login\?samlerror=not_found$/);
    await expect(page.getByRole('alert')).toHaveText(samlFailed);
    expect(tampered).toBe(1);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?targetRoute=/);

    // The same sign-in, untouched, works: what failed was the tampering.
    await context.unrouteAll();
    await startSsoLogin(page, alice.email, team);
    await signInAtIdp(page, alice.email);
    const terms = page.getByRole('dialog', { name: 'Our terms and privacy policy' });
    await expect(terms).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: samlFailed })).toHaveCount(0);
  });
});
