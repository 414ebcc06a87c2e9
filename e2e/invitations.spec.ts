import { seedUser, signInApi } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { field } from './support/forms.ts';
import { logIn } from './support/login.ts';
import { linkFrom } from './support/mailbox.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * Teams that do not trust each other (docs/team.md "Invitations"): an admin invites someone who
 * already has an account; until that person accepts, the team sees only the typed address and
 * the person gets nothing from the team. The invitee accepts from the user menu's Teams list
 * and lands in the team; the inviting admin cannot change the person's names. Another
 * invitation is declined from its emailed link, which no other account may answer.
 */

async function closeModal(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('team invitations', () => {
  test('an admin invites an existing account → pending row → accept from the user menu → names stay the owner’s', async ({
    page,
    request,
    mailbox,
    browser,
    baseURL,
  }) => {
    const admin = await seedUser(request, mailbox, {
      prefix: 'inv-admin',
      team: 'Orbit Labs',
      avatar: true,
      firstName: 'Olga',
      lastName: 'Owner',
    });
    const invitee = await seedUser(request, mailbox, {
      prefix: 'inv-existing',
      team: 'Home Base',
      avatar: true,
      firstName: 'Katherine',
      lastName: 'Johnson',
    });

    // The admin adds the address with names of their own choosing.
    await logIn(page, admin.email, admin.password);
    await page.goto('/team/users');
    const users = page.getByRole('list', { name: 'Team users' });
    await page.getByRole('button', { name: 'Add user' }).click();
    const row = users.getByRole('listitem', { name: 'New user' });
    await row.getByLabel(/^First name/).fill('Typed');
    await row.getByLabel(/^Last name/).fill('Byadmin');
    await row.getByLabel(/^Email/).fill(invitee.email);
    await row.getByRole('button', { name: 'Save user' }).click();
    await closeModal(page, 'User has been invited.');

    // Pending: only the typed address, no names (neither theirs nor the typed ones).
    const pending = users.getByRole('listitem', { name: invitee.email });
    await expect(pending.getByText('Invitation pending')).toBeVisible();
    await expect(pending.getByText('Joins the team after accepting the invitation.')).toBeVisible();
    await expect(users).not.toContainText('Katherine');
    await expect(users).not.toContainText('Typed');
    await expect(pending.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await screenshot(page, 'invitations-pending-row');
    await expectAccessible(page, 'invitations-pending-row');

    // The invitation email points at the invitation page.
    const mail = await mailbox.waitFor(invitee.email, /invited to Orbit Labs/);
    expect(linkFrom(mail, '/invitation').searchParams.get('token')).toMatch(/^\S{16,}$/);

    // Not a member yet: the team's routes refuse them.
    const theirApi = await signInApi(request, invitee);
    const probe = await request.get(
      `/api/Organizations/${(await signInApi(request, admin)).teamId}/Users?Filter=&Page=1&PageSize=5`,
      { headers: theirApi.headers },
    );
    expect(probe.status()).toBe(404);

    // The invitee sees the invitation in the Teams list of the user menu and accepts.
    const theirs = await browser.newContext({ baseURL });
    const theirPage = await theirs.newPage();
    await logIn(theirPage, invitee.email, invitee.password);
    await theirPage.getByRole('button', { name: 'Open user menu' }).click();
    const invitations = theirPage.getByRole('list', { name: 'Invitations' });
    await expect(invitations.getByText('Orbit Labs')).toBeVisible();
    await expect(invitations.getByText('Invited as user')).toBeVisible();
    await screenshot(theirPage, 'invitations-user-menu');
    await invitations.getByRole('button', { name: 'Accept the invitation to Orbit Labs' }).click();
    await expect(theirPage).toHaveURL(/\/dashboard$/);
    await expect(theirPage.getByRole('button', { name: 'Open user menu' })).toContainText(
      'Orbit Labs',
    );
    await theirPage.goto('/team/users');
    await expect(
      theirPage
        .getByRole('list', { name: 'Team users' })
        .getByRole('listitem', { name: 'Olga Owner' }),
    ).toBeVisible();
    await theirs.close();

    // The admin now sees the member with their own names, and cannot change them.
    await page.reload();
    const member = users.getByRole('listitem', { name: 'Katherine Johnson' });
    await expect(member).toBeVisible();
    await member.getByRole('button', { name: 'Edit Katherine Johnson' }).click();
    const editing = users.getByRole('listitem', { name: 'Katherine Johnson' });
    await expect(editing.getByLabel(/^First name/)).toHaveAttribute('readonly', '');
    await expect(editing.getByLabel(/^Last name/)).toHaveAttribute('readonly', '');
    await expect(
      editing.getByText('Only the person can change their name and position.'),
    ).toBeVisible();
    await screenshot(page, 'invitations-locked-names');
    await expectAccessible(page, 'invitations-locked-names');
    await editing.getByRole('button', { name: 'Cancel' }).click();

    // Through the API as well: 403 with a clear message, the names unchanged.
    const adminApi = await signInApi(request, admin);
    const list = (await (
      await request.get(`/api/Organizations/${adminApi.teamId}/Users?Filter=&Page=1&PageSize=50`, {
        headers: adminApi.headers,
      })
    ).json()) as { results: { results: { id: string; email: string }[] } };
    const id = list.results.results.find((u) => u.email === invitee.email)?.id;
    const refused = await request.patch(`/api/Organizations/${adminApi.teamId}/Users/${id}`, {
      headers: adminApi.headers,
      data: { firstName: 'Mallory' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).detail).toContain('Only the person can change');
    await expect(member).toBeVisible();
  });

  test('an admin withdraws a pending invitation; the answer never named the account', async ({
    page,
    request,
    mailbox,
  }) => {
    const admin = await seedUser(request, mailbox, {
      prefix: 'inv-withdraw-admin',
      team: 'Quasar Inc',
      avatar: true,
    });
    const invitee = await seedUser(request, mailbox, {
      prefix: 'inv-withdraw',
      team: 'Their Own',
      avatar: true,
    });
    const inviteeApi = await signInApi(request, invitee);
    const me = await request.get('/api/Users/Me', { headers: inviteeApi.headers });
    const inviteeId = ((await me.json()) as { id: string }).id;

    await logIn(page, admin.email, admin.password);
    await page.goto('/team/users');
    const users = page.getByRole('list', { name: 'Team users' });
    await page.getByRole('button', { name: 'Add user' }).click();
    const row = users.getByRole('listitem', { name: 'New user' });
    await row.getByLabel(/^First name/).fill('Any');
    await row.getByLabel(/^Last name/).fill('Name');
    await row.getByLabel(/^Email/).fill(invitee.email);
    const added = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/api\/Organizations\/[^/]+\/Users$/.test(r.url()),
    );
    await row.getByRole('button', { name: 'Save user' }).click();
    // The pending row is the invitation's: nothing of the account, not even its id.
    const answer = await (await added).text();
    expect(answer).not.toContain(inviteeId);
    await closeModal(page, 'User has been invited.');

    const pending = users.getByRole('listitem', { name: invitee.email });
    await pending
      .getByRole('button', { name: `Withdraw the invitation of ${invitee.email}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw invitation' });
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await expect(pending).toHaveCount(0);
    await page.reload();
    await expect(users).toContainText(admin.email);
    await expect(users).not.toContainText(invitee.email);
    // The invitee has nothing left to answer.
    const open = await request.get('/api/Users/Me/Invitations', { headers: inviteeApi.headers });
    expect(await open.json()).toEqual([]);
  });

  test('an invitation link: another account is told it is not theirs; the invitee declines', async ({
    page,
    request,
    mailbox,
    browser,
    baseURL,
  }) => {
    const admin = await seedUser(request, mailbox, {
      prefix: 'inv-decline-admin',
      team: 'Nebula Works',
      avatar: true,
    });
    const invitee = await seedUser(request, mailbox, {
      prefix: 'inv-decline',
      team: 'Own Team',
      avatar: true,
      firstName: 'Dorothy',
      lastName: 'Vaughan',
    });
    const stranger = await seedUser(request, mailbox, {
      prefix: 'inv-stranger',
      team: 'Elsewhere',
      avatar: true,
    });
    const adminApi = await signInApi(request, admin);
    const invited = await request.put(`/api/Organizations/${adminApi.teamId}/Users`, {
      headers: adminApi.headers,
      data: { email: invitee.email, firstName: 'Any', lastName: 'Name' },
    });
    expect(invited.status()).toBe(200);
    const link = linkFrom(
      await mailbox.waitFor(invitee.email, /invited to Nebula Works/),
      '/invitation',
    );
    const path = link.pathname + link.search;

    // Someone else signed in gets a clear error and no team details.
    await logIn(page, stranger.email, stranger.password);
    await page.goto(path);
    await expect(page.getByRole('alert')).toContainText('This invitation is for another account');
    await expect(page.getByText('Nebula Works')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log out and switch account' })).toBeVisible();
    await screenshot(page, 'invitations-other-account');
    await expectAccessible(page, 'invitations-other-account');

    // The invitee, logged out, signs in through the link and declines.
    const theirs = await browser.newContext({ baseURL });
    const theirPage = await theirs.newPage();
    await theirPage.goto(path);
    await expect(theirPage).toHaveURL(/\/login\?targetRoute=/);
    await field(theirPage, 'Email').fill(invitee.email);
    await field(theirPage, 'Password').fill(invitee.password);
    await theirPage.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(theirPage.getByRole('heading', { name: 'Join Nebula Works?' })).toBeVisible();
    await screenshot(theirPage, 'invitations-link-page');
    await expectAccessible(theirPage, 'invitations-link-page');
    await theirPage.getByRole('button', { name: 'Decline' }).click();
    await expect(theirPage.getByRole('heading', { name: 'Invitation declined' })).toBeVisible();
    await screenshot(theirPage, 'invitations-declined');

    // Declined: not a member, nothing left in the user menu, gone from the team's list.
    await theirPage.goto('/dashboard');
    await theirPage.getByRole('button', { name: 'Open user menu' }).click();
    await expect(theirPage.getByRole('menuitem', { name: 'Own Team' })).toBeVisible();
    await expect(theirPage.getByRole('list', { name: 'Invitations' })).toHaveCount(0);
    await expect(theirPage.getByRole('menuitem', { name: 'Nebula Works' })).toHaveCount(0);
    await theirs.close();
    const list = await request.get(
      `/api/Organizations/${adminApi.teamId}/Users?Filter=&Page=1&PageSize=50`,
      { headers: adminApi.headers },
    );
    expect(JSON.stringify(await list.json())).not.toContain(invitee.email);
  });
});
