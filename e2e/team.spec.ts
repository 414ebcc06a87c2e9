import { deflateSync } from 'node:zlib';
import { addToTeam, seedUser, signInApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { choose, field } from './support/forms.ts';
import { acceptTermsAndSkipAvatar, logIn } from './support/login.ts';
import { linkFrom } from './support/mailbox.ts';
import { expectNoSidewaysScroll, phone } from './support/phone.ts';
import { screenshot } from './support/screenshot.ts';
import { openTeamTab, teamTabs } from './support/team.ts';

/**
 * The team users journey (part2 §2, §4, §5, §8): a team admin invites a new address from the
 * Users tab, the invitation arrives, the invited person sets a password and lands in the team,
 * the admin changes their role and position, and a member who is not an admin sees the list
 * read-only.
 */

const title = (t: string) => `${t} - Roomscale Dashboard`;
const invitationSubject = /invited to/i;

/** Closes the success or error modal showing `text`. */
async function closeModal(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}

/** A real 2:1 PNG (200 × 100): a teal band over white, made here so the test needs no file. */
function logoPng(): Buffer {
  const width = 200;
  const height = 100;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      const band = y > 30 && y < 70 && x > 20 && x < 180;
      rows.push(...(band ? [18, 140, 126] : [255, 255, 255]));
    }
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe('team details', () => {
  test('an admin renames the team and uploads a logo; a member cannot open Details', async ({
    page,
    request,
    mailbox,
    browser,
    baseURL,
  }) => {
    const admin = await seedUser(request, mailbox, {
      prefix: 'details-admin',
      team: 'Nova Studio',
      avatar: true,
    });
    const member = await seedUser(request, mailbox, { prefix: 'details-member', avatar: true });
    await addToTeam(request, await signInApi(request, admin), member);

    await logIn(page, admin.email, admin.password);
    await page.goto('/team/users');
    await openTeamTab(page, 'Details');
    await expect(page).toHaveURL(/\/team\/details$/);
    await expect(page).toHaveTitle(title('Team details'));
    await expect(field(page, 'Team name')).toHaveValue('Nova Studio');
    await expect(page.getByText('No logo yet')).toBeVisible();

    // A text file renamed is refused before it is sent.
    const picker = page.locator('input[type="file"]');
    await picker.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await closeModal(page, 'File type not supported. Upload a valid image.');

    // A real 2:1 PNG shows in both previews.
    await picker.setInputFiles({ name: 'nova-logo.png', mimeType: 'image/png', buffer: logoPng() });
    const logo = page.getByRole('img', { name: 'Logo of Nova Studio' });
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);

    // Rename, with a free-text industry.
    await field(page, 'Team name').fill('Nova Studios');
    await field(page, 'Company name').fill('Nova Studios GmbH');
    await choose(page, 'Industry', 'Other');
    await field(page, 'Please specify').fill('Architecture');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await closeModal(page, 'The data has been saved');
    await expect(page.getByRole('dialog', { name: /Edit organization/ })).toHaveCount(0);
    // The shell shows the new name at once, and after a reload.
    const menu = page.getByRole('button', { name: 'Open user menu' });
    await expect(menu).toContainText('Nova Studios');
    await page.reload();
    await expect(field(page, 'Team name')).toHaveValue('Nova Studios');
    await expect(field(page, 'Please specify')).toHaveValue('Architecture');
    await expect(menu).toContainText('Nova Studios');
    await expect(logo).toBeVisible();
    // The team switcher in the user menu shows the logo beside the team's name.
    await menu.click();
    const teamEntry = page.getByRole('menuitem', { name: 'Nova Studios' });
    await expect
      .poll(() => teamEntry.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(200);
    await page.keyboard.press('Escape');
    await expect(teamEntry).toBeHidden();
    await screenshot(page, 'team-details');
    await expectAccessible(page, 'team-details');
    // On a phone (reloaded at that size, so no menu is caught mid-slide by the screenshot).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(logo).toBeVisible();
    await expect(field(page, 'Team name')).toHaveValue('Nova Studios');
    await screenshot(page, 'team-details-phone');

    // A member sees Details locked, and its address leads back to the dashboard.
    const memberSession = await browser.newContext({ baseURL });
    const memberPage = await memberSession.newPage();
    await logIn(memberPage, member.email, member.password);
    await memberPage.goto('/team/users');
    const tabs = teamTabs(memberPage);
    for (const adminTab of ['Details', 'Single sign-on']) {
      await expect(tabs.getByRole('button', { name: adminTab })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    await memberPage.goto('/team/details');
    // Said in place, under the team's tabs, with a way to the dashboard.
    await expect(memberPage.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(
      memberPage.getByText('That page is only available to admins of your team.'),
    ).toBeVisible();
    await expect(memberPage).toHaveURL(/\/team\/details$/);
    await screenshot(memberPage, 'team-details-denied');
    await memberPage.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(memberPage).toHaveURL(/\/dashboard$/);
    await memberSession.close();
  });
});

test.describe('team tabs on a phone', () => {
  test('the tabs that do not fit show that they are there, scroll into view and take the keyboard', async ({
    page,
    request,
    mailbox,
  }) => {
    const admin = await seedUser(request, mailbox, {
      prefix: 'tabs-admin',
      team: 'Pocket Team',
      avatar: true,
    });
    await page.setViewportSize(phone);
    await logIn(page, admin.email, admin.password);
    await page.goto('/team/users');
    const tabs = teamTabs(page);
    // All six are in the navigation, whether they fit or not: a screen reader lists every one.
    await expect(tabs.getByRole('link')).toHaveText([
      'Users',
      'Subscription',
      'Details',
      'Single sign-on',
      'Audit log',
      'Usage',
    ]);
    const usage = tabs.getByRole('link', { name: 'Usage' });
    // Whole: the tab list keeps room after its last tab, so its scroll's end shows all of it.
    const whole = { ratio: 1 };
    await expect(usage).not.toBeInViewport({ ratio: 1 });
    // The edge with more tabs behind it has an arrow (and a fade); the other has none.
    const more = tabs.getByTitle('Show more tabs');
    const back = tabs.getByTitle('Show the previous tabs');
    await expect(more).toBeVisible();
    await expect(back).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'the team users page');
    await screenshot(page, 'team-tabs-phone');
    await expectAccessible(page, 'the team tabs on a phone');

    // A page at a time, so on a phone the arrow is pressed until the last tab is in view.
    await expect(async () => {
      if ((await more.count()) > 0) await more.click();
      await expect(usage).toBeInViewport(whole);
    }).toPass();
    await expect(back).toBeVisible();
    await expect(more).toHaveCount(0);
    await screenshot(page, 'team-tabs-phone-scrolled');
    await back.click();
    await expect(usage).not.toBeInViewport({ ratio: 1 });
    await expect(more).toBeVisible();

    // By keyboard: Tab walks the tabs, each comes into view, and Enter opens it.
    await tabs.getByRole('link', { name: 'Users' }).focus();
    for (const name of ['Subscription', 'Details', 'Single sign-on', 'Audit log', 'Usage']) {
      await page.keyboard.press('Tab');
      const tab = tabs.getByRole('link', { name });
      await expect(tab).toBeFocused();
      await expect(tab).toBeInViewport(whole);
    }
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/team\/usage$/);
    await expect(usage).toHaveAttribute('aria-current', 'page');
    await expect(usage).toBeInViewport(whole);
    await screenshot(page, 'team-tabs-phone-usage');
  });
});

test.describe('team users', () => {
  test('an admin invites a new address → invitation → activation → role change → read-only member', async ({
    page,
    request,
    mailbox,
    browser,
    baseURL,
  }) => {
    const admin = await seedUser(request, mailbox, {
      prefix: 'team-admin',
      team: 'Orbit Labs',
      avatar: true,
    });
    const member = await seedUser(request, mailbox, {
      prefix: 'team-member',
      firstName: 'Dorothy',
      lastName: 'Vaughan',
      avatar: true,
    });
    await addToTeam(request, await signInApi(request, admin), member);
    const invitee = { email: uniqueEmail('team-invitee'), password: 'Invited-Passw0rd' };

    // The navigation's Team item opens the Users tab.
    await logIn(page, admin.email, admin.password);
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Team' })
      .click();
    await expect(page).toHaveURL(/\/team\/users$/);
    await expect(page).toHaveTitle(title('Team users'));
    const tabs = teamTabs(page);
    await expect(tabs.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Details' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Single sign-on' })).toHaveAttribute(
      'href',
      '/team/sso',
    );
    const users = page.getByRole('list', { name: 'Team users' });
    await expect(users.getByRole('listitem', { name: 'Grace Hopper' })).toBeVisible();
    await expect(users.getByRole('listitem', { name: 'Dorothy Vaughan' })).toBeVisible();
    // No subscription yet: no licenses, so the License switch stays off (part2 §5).
    await expect(page.getByTestId('counter-Licenses in use')).toHaveText('0 / 0');
    await expect(page.getByTestId('counter-Team members')).toHaveText('2');
    await screenshot(page, 'team-users');
    await expectAccessible(page, 'team-users');

    // Add a user: a new row in edit mode with the defaults.
    await page.getByRole('button', { name: 'Add user' }).click();
    const row = users.getByRole('listitem', { name: 'New user' });
    await expect(row.getByRole('switch', { name: 'Admin' })).not.toBeChecked();
    await expect(row.getByRole('switch', { name: 'License' })).toBeDisabled();
    await row.getByLabel(/^First name/).fill('Mary');
    await row.getByLabel(/^Last name/).fill('Jackson');
    await row.getByLabel(/^Email/).fill('not-an-address');
    await row.getByRole('button', { name: 'Save user' }).click();
    await expect(row.getByText('Please enter a valid email address')).toBeVisible();
    await row.getByLabel(/^Email/).fill(invitee.email);
    await row.getByLabel(/^Position/).fill('Mathematician');
    await screenshot(page, 'team-users-add');
    await expectAccessible(page, 'team-users-add');
    await row.getByRole('button', { name: 'Save user' }).click();
    await closeModal(page, 'User has been invited.');
    const mary = users.getByRole('listitem', { name: 'Mary Jackson' });
    await expect(mary.getByText('Invitation sent')).toBeVisible();
    await expect(mary.getByText('Mathematician')).toBeVisible();
    await expect(page.getByTestId('counter-Team members')).toHaveText('3');
    await screenshot(page, 'team-users-invited');

    // The admin cannot remove themselves nor change their own role.
    const self = users.getByRole('listitem', { name: 'Grace Hopper' });
    await expect(self.getByRole('button', { name: 'Remove Grace Hopper' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    // The invitation's link sets the first password, logs in and lands in the team.
    const mail = await mailbox.waitFor(invitee.email, invitationSubject);
    expect(mail.subject).toContain('Orbit Labs');
    const link = linkFrom(mail, '/activate-account');
    const theirs = await browser.newContext({ baseURL });
    const theirPage = await theirs.newPage();
    await theirPage.goto(link.pathname + link.search);
    await theirPage.getByLabel(/^\s*(new )?password\s*\*?\s*$/i).fill(invitee.password);
    await theirPage.getByLabel(/confirm|repeat/i).fill(invitee.password);
    await theirPage.getByRole('button', { name: /activate|set password|confirm|save/i }).click();
    // Invited people have not accepted the terms yet: the terms gate asks first.
    await acceptTermsAndSkipAvatar(theirPage);
    await theirPage.goto('/team');
    await expect(theirPage).toHaveURL(/\/team\/users$/);
    await expect(theirPage.getByText('Only team admins can add or edit users.')).toBeVisible();
    await expect(theirPage.getByRole('button', { name: 'Add user' })).toHaveCount(0);

    // The admin sees the activation, then makes them an admin. Activated, Mary's name and
    // position are her own: the team cannot change them any more.
    await page.reload();
    await expect(mary.getByText('Invitation sent')).toHaveCount(0);
    await mary.getByRole('button', { name: 'Edit Mary Jackson' }).click();
    const editing = users.getByRole('listitem', { name: 'Mary Jackson' });
    await expect(editing.getByLabel(/^Position/)).toHaveAttribute('readonly', '');
    await expect(
      editing.getByText('Only the person can change their name and position.'),
    ).toBeVisible();
    await editing.getByRole('switch', { name: 'Admin' }).click({ force: true });
    await expect(editing.getByRole('switch', { name: 'Admin' })).toBeChecked();
    await screenshot(page, 'team-users-edit');
    await editing.getByRole('button', { name: 'Save user' }).click();
    await closeModal(page, 'User has been edited.');
    await expect(mary.getByText('Admin', { exact: true })).toBeVisible();
    await expect(mary.getByText('Mathematician')).toBeVisible();

    // Now an admin, Mary may add users too.
    await theirPage.reload();
    await expect(theirPage.getByRole('button', { name: 'Add user' })).toBeVisible();
    await theirs.close();

    // A member who is not an admin sees the list read-only, with locked admin tabs.
    const memberSession = await browser.newContext({ baseURL });
    const memberPage = await memberSession.newPage();
    await logIn(memberPage, member.email, member.password);
    await memberPage.goto('/team');
    await expect(memberPage).toHaveURL(/\/team\/users$/);
    const memberList = memberPage.getByRole('list', { name: 'Team users' });
    await expect(memberList.getByRole('listitem', { name: 'Mary Jackson' })).toBeVisible();
    await expect(memberPage.getByText('Only team admins can add or edit users.')).toBeVisible();
    await expect(memberPage.getByRole('button', { name: /^(Add user|Edit |Remove )/ })).toHaveCount(
      0,
    );
    await screenshot(memberPage, 'team-users-member');
    await expectAccessible(memberPage, 'team-users-member');
    await memberPage.setViewportSize({ width: 390, height: 844 });
    await expect(memberList.getByRole('listitem', { name: 'Mary Jackson' })).toBeVisible();
    await screenshot(memberPage, 'team-users-member-phone');
    await memberSession.close();
  });
});
