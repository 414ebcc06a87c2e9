import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  makeIdpKeys,
  startTestIdp,
  type TestIdp,
  type TestIdpSigning,
} from '../apps/server/src/test/samlIdp.ts';
import { seedUser, signInApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { field } from './support/forms.ts';
import { acceptTermsAndSkipAvatar, logIn } from './support/login.ts';
import { screenshot } from './support/screenshot.ts';
import { openTeamTab } from './support/team.ts';

/**
 * Single sign-on set up from the identity provider's metadata FILE (docs/sso.md "Importing the
 * identity provider's metadata"): a team admin uploads the test identity provider's metadata on
 * the Single sign-on tab, reviews the values it filled in and saves; a user then signs in with
 * each signature a provider may send: the Assertion's only (Entra ID's, ADFS's and Okta's
 * default), the Response's only, and both.
 */

let idp: TestIdp;
test.beforeAll(async () => {
  idp = await startTestIdp();
});
test.afterAll(async () => {
  await idp?.close();
});

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('a team admin sets up single sign-on from the identity provider metadata file; a user signs in with assertion-only, response-only and both signatures', async ({
  page,
  request,
  mailbox,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const team = 'Meridian Works';
  const admin = await seedUser(request, mailbox, { prefix: 'sso-md-admin', team, avatar: true });

  // The identity provider's metadata, as its admin console downloads it.
  const metadata = await (await fetch(idp.entityId)).text();
  expect(metadata).toContain('IDPSSODescriptor');
  const file = join(tmpdir(), `idp-metadata-${Date.now()}.xml`);
  await writeFile(file, metadata);

  // ── The admin imports the file on Team → Single sign-on. ──
  await logIn(page, admin.email, admin.password);
  await page.goto('/team/users');
  await openTeamTab(page, 'Single sign-on');
  const importer = page.getByRole('region', { name: 'Import metadata' });
  await importer.getByText('File', { exact: true }).click();
  await expect(importer.getByRole('radio', { name: 'File' })).toBeChecked();
  const chooser = page.waitForEvent('filechooser');
  await importer.getByRole('button', { name: 'Metadata file' }).click();
  await (await chooser).setFiles(file);
  await importer.getByRole('button', { name: 'Import' }).click();
  await expect(toast(page, 'Metadata imported. Review the values and save.')).toBeVisible();

  // Filled for review, not saved yet.
  await expect(field(page, 'Identity provider entity ID')).toHaveValue(idp.entityId);
  await expect(field(page, 'Login URL')).toHaveValue(idp.loginUrl);
  const base64 = idp.certificatePem.replace(/-----[A-Z ]+-----|\s/g, '');
  await expect(field(page, 'Certificate')).toHaveValue(base64);
  await expect(page.getByRole('status').filter({ hasText: 'not set up yet' })).toBeVisible();
  await screenshot(page, 'sso-metadata-imported');
  await expectAccessible(page, 'sso-metadata-imported');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Configuration saved')).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Single sign-on is set up.' }),
  ).toContainText(/Certificate valid until \S/);

  // The provider announces its next certificate: both are kept, each with its end.
  const next = await makeIdpKeys({ commonName: 'Meridian identity provider (next)' });
  await field(page, 'Next certificate (optional)').fill(next.certificatePem);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: 'Single sign-on is set up.' });
  await expect(status).toContainText(/Next certificate valid until \S/);
  await screenshot(page, 'sso-certificate-rollover');

  // ── A user with single sign-on only. ──
  const api = await signInApi(request, admin);
  const email = uniqueEmail('sso-md-user');
  const added = await request.put(`/api/Organizations/${api.teamId}/Users`, {
    headers: api.headers,
    data: {
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      position: null,
      role: 'User',
      licenseType: 'Trial',
      assignRoomscalePassword: false,
      assignSso: true,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);

  // ── She signs in once with each kind of signature, each time in a fresh browser. ──
  const modes: TestIdpSigning[] = ['assertion', 'response', 'both'];
  for (const [i, mode] of modes.entries()) {
    idp.signWith(mode);
    const context = await browser.newContext({ baseURL });
    const hers = await context.newPage();
    await hers.goto('/login');
    await field(hers, 'Email').fill(email);
    await hers.getByRole('link', { name: `Log in with ${team}` }).click();
    await expect(hers).toHaveURL((url) => url.href.startsWith(idp.loginUrl));
    await hers.getByLabel('Email').fill(email);
    await hers.getByRole('button', { name: 'Sign in' }).click();
    if (i === 0) await acceptTermsAndSkipAvatar(hers);
    await expect(hers, `signed in with the ${mode} signature`).toHaveURL(/\/dashboard$/);
    await expect(hers.getByRole('button', { name: 'Open user menu' })).toContainText(team);
    await context.close();
  }
});
