import type { APIRequestContext } from '@playwright/test';
import { seedUser, signInApi } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { choose, field } from './support/forms.ts';
import type { Mailbox } from './support/mailbox.ts';
import { screenshot } from './support/screenshot.ts';
import {
  acknowledge,
  logInAsSuperAdmin as logIn,
  prepareSuperAdmin,
} from './support/superAdmin.ts';

/**
 * The admin teams journey (part1 §2 'Admin team edit in detail', §4 Membership and Licenses,
 * §5 License form): a super admin finds a team, creates another from a name, completes its
 * details, joins and leaves it, gives it a manual license, attaches a payment customer and
 * deletes it; at desktop and phone width.
 */

const title = (t: string) => `${t} - Roomscale Dashboard`;
/** An 8 × 8 orange PNG. */
const ORANGE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGN4ViGCFTEMLQkAWWRcgTKGLswAAAAASUVORK5CYII=';

/**
 * A customer at the payment provider that no team holds: another team's admin saves billing
 * details (which creates it), then a super admin detaches it from that team.
 */
async function detachedCustomer(
  request: APIRequestContext,
  mailbox: Mailbox,
  rootHeaders: Record<string, string>,
  stamp: string,
) {
  const payer = await seedUser(request, mailbox, { prefix: 'payer', team: `Payer ${stamp}` });
  const api = await signInApi(request, payer);
  const saved = await request.post(`/api/StripeCustomers/${api.teamId}`, {
    headers: api.headers,
    data: {
      isBusiness: true,
      fullName: `Payer ${stamp} B.V.`,
      addressLine1: 'Keizersgracht 1',
      addressPostalCode: '1015 AA',
      addressCity: 'Amsterdam',
      addressCountry: 'NL',
      invoiceEmail: payer.email,
      phone: '+31 20 123 4567',
      taxId: 'NL123456789B01',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { customerId } = (await saved.json()) as { customerId: string };
  const detached = await request.patch(`/api/Admin/Organizations/${api.teamId}`, {
    headers: rootHeaders,
    data: {
      name: `Payer ${stamp}`,
      companyName: `Payer ${stamp} Ltd`,
      industry: 'Technology',
      selfManaged: true,
      customerId: '',
    },
  });
  expect(detached.ok(), await detached.text()).toBe(true);
  return customerId;
}

test.describe('admin teams', () => {
  test('a super admin manages a team: details, membership, a manual license, the customer', async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(150_000);
    const rootHeaders = await prepareSuperAdmin(request);
    const stamp = Date.now().toString(36);
    const seeded = `Nova ${stamp}`;
    await seedUser(request, mailbox, { prefix: 'admin-teams', team: seeded, avatar: true });
    const customerId = await detachedCustomer(request, mailbox, rootHeaders, stamp);

    // ── The list: search finds the seeded team with its counts. ──
    await logIn(page, '/admin/organizations');
    await expect(page).toHaveURL(/\/admin\/organizations$/);
    await expect(page).toHaveTitle(title('Teams'));
    await page.getByRole('searchbox', { name: 'Search teams' }).fill(seeded);
    const row = page.getByRole('row', { name: new RegExp(seeded) });
    await expect(row).toBeVisible();
    await expect(page).toHaveURL(/search=Nova/);
    // One member (its admin), no licenses, rooms or files yet.
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('0');
    await page.getByRole('searchbox', { name: 'Search teams' }).fill('');
    await expect(page).toHaveURL(/\/admin\/organizations$/);
    await screenshot(page, 'admin-teams');
    await expectAccessible(page, 'admin-teams');

    // ── 'New team' asks for a name and opens the new team's page. ──
    const name = `Orbit ${stamp}`;
    await page.getByRole('button', { name: 'New team' }).click();
    const prompt = page.getByRole('dialog', { name: 'New team' });
    await prompt.getByLabel('Team name').fill(name);
    await prompt.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/admin\/organizations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Team: ${name}` })).toBeVisible();
    await expect(page.getByText('No Licenses assigned')).toBeVisible();
    await expect(page.getByText('This team has no members yet.')).toBeVisible();

    // A team made from a name has no company or industry yet: Save waits for them.
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await field(page, 'Company name').fill('Orbit Labs');
    await choose(page, 'Industry', 'Education');
    await page.getByRole('switch', { name: 'Self managed' }).check({ force: true });
    await expect(page.getByText('On: the team may manage its own subscription.')).toBeVisible();
    await expect(save).toBeEnabled();
    await save.click();
    await acknowledge(page, 'team saved', 'The data has been saved');
    // Reloaded: edited now, by the super admin.
    const about = page.getByRole('region', { name: 'About this team' });
    await expect(about.getByText('Never')).toHaveCount(0);

    // ── Join: the team becomes the current one; then leave again. ──
    await page.getByRole('button', { name: 'Join this team' }).click();
    await expect(page.getByText('You are now part of this team.')).toBeVisible();
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row')).toHaveCount(2);
    await expect(members.getByText('Super admin', { exact: true })).toBeVisible();
    await expect(members.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    await expect(members.getByRole('cell', { name: 'Trial', exact: true })).toBeVisible();

    // ── The team's logo (uploaded by its admin, here the super admin) shows in 'About'. ──
    const teamId = new URL(page.url()).pathname.split('/').pop()!;
    const logo = await request.post(`/api/ProfileImage/organization/${teamId}?fileName=logo.png`, {
      headers: { ...rootHeaders, 'content-type': 'image/png' },
      data: Buffer.from(ORANGE_PNG, 'base64'),
    });
    expect(logo.status()).toBe(200);
    await page.reload();
    await expect(about.getByRole('img', { name: `Picture of ${name}` })).toHaveJSProperty(
      'naturalWidth',
      8,
      { timeout: 30_000 },
    );

    // ── A manual license: the defaults, the rules, then it is active and highlighted. ──
    await page.getByRole('button', { name: 'Add license' }).click();
    const editor = page.getByRole('dialog', { name: 'Add license' });
    await expect(editor.getByRole('checkbox', { name: 'Send email' })).toBeChecked();
    await expect(editor.getByLabel(/^Users/)).toHaveValue('1');
    await editor.getByLabel(/^Users/).fill('0');
    await expect(editor.getByText('Must be at least 1')).toBeVisible();
    await editor.getByLabel(/^Users/).fill('3');
    await editor.getByLabel(/^Name/).fill('Pilot project');
    await screenshot(page, 'admin-team-license-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    const licenses = page.getByRole('table', { name: 'Manual licenses' });
    const license = licenses.getByRole('row', { name: /Pilot project/ });
    await expect(license).toHaveAttribute('aria-current', 'true');
    await expect(license.getByText('Active')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'License limit' })).toHaveValue('3');

    // ── A payment customer by its id. ──
    const payment = page.getByRole('region', { name: 'Payment provider' });
    await payment.getByRole('button', { name: 'Attach customer' }).click();
    const attach = page.getByRole('dialog', { name: 'Attach customer' });
    await expect(attach.getByRole('textbox', { name: 'Customer id' })).toHaveAttribute(
      'placeholder',
      'cus_NffrFeUfNV2Hib',
    );
    // An id the payment provider does not know is refused in place.
    await attach.getByRole('textbox', { name: 'Customer id' }).fill(`cus_${stamp}`);
    await attach.getByRole('button', { name: 'Attach' }).click();
    const refused = page.getByRole('dialog', { name: 'Error' });
    await expect(refused).toContainText('An error has occurred: The customer ID does not exist.');
    await refused.getByRole('button', { name: 'Ok' }).click();
    await attach.getByRole('textbox', { name: 'Customer id' }).fill(customerId);
    await attach.getByRole('button', { name: 'Attach' }).click();
    await expect(attach).toBeHidden();
    await expect(payment.getByText(customerId)).toBeVisible();
    // The provider's customer: its company details.
    await expect(payment.getByText(`Payer ${stamp} B.V.`)).toBeVisible();
    await screenshot(page, 'admin-team-edit');
    await expectAccessible(page, 'admin-team-edit');

    // ── Phone width: the list and the team page still work. ──
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-team-edit-phone');
    await page.getByRole('button', { name: 'Leave this team' }).click();
    await expect(page.getByText('You are now no longer part of this team.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join this team' })).toBeVisible();

    // ── Delete the license (no email), then the team. ──
    await license.getByRole('button', { name: 'Delete license Pilot project' }).click();
    const deleteLicense = page.getByRole('dialog', { name: 'Delete license' });
    await deleteLicense.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No Licenses assigned')).toBeVisible();
    // The confirmation closes with a transition; its Delete button goes with it.
    await expect(deleteLicense).toBeHidden();

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete team' });
    await expect(confirm).toContainText(`'${name}' will be deleted for good`);
    await confirm.getByRole('button', { name: 'Delete team' }).click();
    await expect(page).toHaveURL(/\/admin\/organizations$/);
    await expect(page.getByText(`'${name}' has been deleted.`)).toBeVisible();
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    await screenshot(page, 'admin-teams-phone');
  });
});
