import type { Locator } from '@playwright/test';
import { activationSubject, seedUser, uniqueEmail } from './support/accounts.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { choose, field } from './support/forms.ts';
import { acceptTermsAndSkipAvatar, logIn } from './support/login.ts';
import { linkFrom } from './support/mailbox.ts';
import { screenshot } from './support/screenshot.ts';
import { logInAsSuperAdmin, prepareSuperAdmin } from './support/superAdmin.ts';

/**
 * The license journey of issue 9 (part1 §2, §4 Licenses; part2 §3): a super admin creates a
 * user and a team, puts both people in it, awards a manual license with 'Send email'; the team
 * admin gets the mail and gives the member a License on /team/users; the member's trial notice
 * goes. When the license's end passes, the server's job puts the member back on Trial and the
 * team admin is told who.
 */

const trialNotice =
  'You are using Roomscale in trial mode. Purchase a license to remove the VR watermark.';

/** Chooses `text` in a suggestion field of the membership editor (its list is in a portal). */
async function suggest(page: Page, dialog: Locator, label: string, text: string) {
  await dialog.getByRole('textbox', { name: label }).fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

test.describe('licenses', () => {
  test('a manual license reaches a member through the team admin, and ends', async ({
    page,
    browser,
    request,
    mailbox,
  }) => {
    test.setTimeout(180_000);
    const rootHeaders = await prepareSuperAdmin(request);
    const stamp = Date.now().toString(36);
    const member = await seedUser(request, mailbox, {
      prefix: 'lic-member',
      firstName: 'Mia',
      lastName: 'Member',
      avatar: true,
    });

    // ── The super admin creates the future team admin on the Users tab. ──
    await logInAsSuperAdmin(page, '/admin/users');
    await expect(page).toHaveURL(/\/admin\/users$/);
    const teamAdmin = { email: uniqueEmail('lic-admin'), password: 'Team-Admin-Passw0rd' };
    await page.getByRole('button', { name: 'New user' }).click();
    const newUser = page.getByRole('dialog', { name: 'New user' });
    await newUser.getByLabel(/^Email/).fill(teamAdmin.email);
    await newUser.getByLabel(/^First name/).fill('Theo');
    await newUser.getByLabel(/^Last name/).fill('Teamadmin');
    await newUser.getByRole('button', { name: 'Create user' }).click();
    await expect(newUser).toBeHidden();

    // They activate the account from the email registration also sends.
    const activation = linkFrom(
      await mailbox.waitFor(teamAdmin.email, activationSubject),
      '/activate-account',
    );
    const confirmed = await request.post('/api/Users/Confirm', {
      data: {
        userId: activation.searchParams.get('user'),
        token: activation.searchParams.get('token'),
        password: teamAdmin.password,
        confirmPassword: teamAdmin.password,
      },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);

    // ── A new team, with Theo as its admin and Mia as a member. ──
    await page.goto('/admin/organizations');
    await page.getByRole('button', { name: 'New team' }).click();
    const teamName = `Licensed ${stamp}`;
    const prompt = page.getByRole('dialog', { name: 'New team' });
    await prompt.getByLabel('Team name').fill(teamName);
    await prompt.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Team: ${teamName}` })).toBeVisible();
    const teamId = page.url().split('/').at(-1)!;

    for (const [who, role] of [
      [teamAdmin.email, 'Admin'],
      [member.email, 'User'],
    ] as const) {
      await page.getByRole('button', { name: 'Add user', exact: true }).click();
      const editor = page.getByRole('dialog', { name: 'Add user' });
      await suggest(page, editor, 'User', who);
      await choose(page, 'Role', role);
      await editor.getByRole('button', { name: 'Confirm' }).click();
      await expect(editor).toBeHidden();
    }
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row', { name: /Theo Teamadmin/ })).toContainText('Admin');
    await expect(members.getByRole('row', { name: /Mia Member/ })).toContainText('Trial');

    // ── A manual license with 'Send email': it starts now, for 7 days; 2 users. ──
    await page.getByRole('button', { name: 'Add license' }).click();
    const license = page.getByRole('dialog', { name: 'Add license' });
    await license.getByLabel(/^Name/).fill('Pilot');
    await license.getByLabel(/^Users/).fill('2');
    await expect(license.getByRole('checkbox', { name: 'Send email' })).toBeChecked();
    await license.getByRole('button', { name: 'Save' }).click();
    await expect(license).toBeHidden();
    const licenses = page.getByRole('table', { name: 'Manual licenses' });
    await expect(licenses.getByRole('row', { name: /Pilot/ })).toContainText('Active');
    await screenshot(page, 'licenses-admin-team');

    // ── Mia, still on Trial, sees the notice. ──
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await logIn(memberPage, member.email, member.password);
    await expect(memberPage.getByText(trialNotice)).toBeVisible();

    // ── Theo gets the mail, signs in and gives Mia a License. ──
    const available = await mailbox.waitFor(teamAdmin.email, /licenses for .* are available/);
    expect(available.text).toContain('2 users');
    expect(linkFrom(available, '/team/users').pathname).toBe('/team/users');

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/login?targetRoute=%2Fteam%2Fusers');
    await field(adminPage, 'Email').fill(teamAdmin.email);
    await field(adminPage, 'Password').fill(teamAdmin.password);
    await adminPage.getByRole('button', { name: 'Log in', exact: true }).click();
    // A new account accepts the terms and skips the avatar first.
    await acceptTermsAndSkipAvatar(adminPage, /\/team\/users$/);
    const users = adminPage.getByRole('list', { name: 'Team users' });
    await users.getByRole('button', { name: 'Edit Mia Member' }).click();
    const row = users.getByRole('listitem', { name: 'Mia Member' });
    await row.getByRole('switch', { name: 'License' }).click({ force: true });
    await row.getByRole('button', { name: 'Save user' }).click();
    await expect(adminPage.getByRole('dialog').filter({ hasText: /saved|updated/i })).toBeVisible();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
    await expect(adminPage.getByText('1 license is free.')).toBeVisible();
    await screenshot(adminPage, 'licenses-team-users');

    // ── Theo gives himself the other: his own trial notice goes at once, without a reload. ──
    await expect(adminPage.getByText(trialNotice)).toBeVisible();
    await users.getByRole('button', { name: 'Edit Theo Teamadmin' }).click();
    const own = users.getByRole('listitem', { name: 'Theo Teamadmin' });
    await own.getByRole('switch', { name: 'License' }).click({ force: true });
    await own.getByRole('button', { name: 'Save user' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
    await expect(adminPage.getByText(trialNotice)).toHaveCount(0);
    await expect(own).toContainText('License');
    await screenshot(adminPage, 'licenses-team-users-self');

    // ── Mia's trial notice is gone. ──
    await memberPage.reload();
    await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(memberPage.getByText(trialNotice)).toHaveCount(0);
    await screenshot(memberPage, 'licenses-member-licensed');

    // ── The license ends in a few seconds: the server's job returns Mia to Trial. ──
    const detail = await request.get(`/api/Admin/Organizations/${teamId}`, {
      headers: rootHeaders,
    });
    const { licenses: awarded } = (await detail.json()) as {
      licenses: { licenseId: string; start: string }[];
    };
    const soon = new Date(Date.now() + 3000).toISOString();
    const cut = await request.patch(`/api/Admin/ManualLicenses/${awarded[0]!.licenseId}`, {
      headers: rootHeaders,
      data: {
        description: 'Pilot',
        start: awarded[0]!.start,
        end: soon,
        userAmount: 2,
        sendEmailNow: false,
      },
    });
    expect(cut.ok(), await cut.text()).toBe(true);
    const back = await mailbox.waitFor(teamAdmin.email, /back on Trial/, { timeout: 30_000 });
    expect(back.text).toContain(member.email);
    await memberPage.reload();
    await expect(memberPage.getByText(trialNotice)).toBeVisible();

    // ── The audit log has it all: the super admin's view of the team, and the team admin's. ──
    await page.goto(`/admin/auditlog?team=${teamId}`);
    const log = page.getByRole('table', { name: 'Recorded changes' });
    // Mia's and Theo's licenses both ended: one row each.
    const returned = log.getByRole('row', { name: /Returned to Trial/ }).filter({
      hasText: 'Mia Member',
    });
    await expect(returned).toContainText('System');
    await expect(
      log.getByRole('row', { name: /Returned to Trial/ }).filter({ hasText: /Theo Teamadmin/ }),
    ).toContainText('System');
    await expect(log.getByRole('row', { name: /License created/ })).toContainText('Super Admin');
    await expect(
      log.getByRole('row', { name: /Membership changed/ }).filter({ hasText: 'Mia Member' }),
    ).toContainText('Theo Teamadmin');
    await screenshot(page, 'licenses-audit-log');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'licenses-audit-log-phone');

    await adminPage.goto('/team/audit');
    await expect(adminPage.getByText('Returned to Trial')).toHaveCount(2);
    await expect(adminPage.getByText('License created')).toHaveCount(1);

    await memberContext.close();
    await adminContext.close();
  });
});
