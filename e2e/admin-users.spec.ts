import { seedUser, uniqueEmail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, type Page, test } from './support/fixtures.ts';
import { choose, field } from './support/forms.ts';
import { screenshot } from './support/screenshot.ts';
import {
  acknowledge,
  logInAsSuperAdmin as logIn,
  prepareSuperAdmin,
} from './support/superAdmin.ts';

/**
 * The admin users journey (part1 §2 'Admin area', §4 Membership and Saves, §5 admin new user,
 * admin user edit and membership editor): a super admin reads the overview, finds a user,
 * creates another, puts them in a team through the membership editor (a License refused, a
 * Trial given), edits them, removes them from the team and deletes them; at desktop and phone
 * width.
 */

const title = (t: string) => `${t} - Roomscale Dashboard`;
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

/**
 * A full-page screenshot taken from the top: a scrolled page would draw the sticky navigation
 * bar and the form's sticky buttons in the middle of the picture.
 */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

test.describe('admin users', () => {
  test('a super admin creates a user, gives them a team, edits, removes and deletes them', async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(desktop);
    await prepareSuperAdmin(request);
    const stamp = Date.now().toString(36);
    const team = `Nova ${stamp}`;
    const seeded = await seedUser(request, mailbox, {
      prefix: 'admin-users',
      team,
      avatar: true,
      firstName: 'Grace',
      lastName: `Hopper${stamp}`,
    });

    // ── The overview: user and team counts, linking to their lists. ──
    await logIn(page, '/admin');
    await expect(page).toHaveURL(/\/admin$/);
    const usersTile = page.getByRole('link', { name: /^Users\s*\d/ });
    await expect(usersTile).toBeVisible();
    await expect(page.getByRole('link', { name: /^Teams\s*\d/ })).toHaveAttribute(
      'href',
      '/admin/organizations',
    );
    await shot(page, 'admin-overview');
    await expectAccessible(page, 'admin-overview');

    // ── The list: search finds the seeded user with their team count. ──
    await usersTile.click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page).toHaveTitle(title('Users'));
    await expect(page.getByText('Super Admin').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`Hopper${stamp}`);
    await expect(page).toHaveURL(/search=Hopper/);
    const row = page.getByRole('row', { name: new RegExp(`Hopper${stamp}`) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(seeded.email);
    await expect(row.getByRole('cell').nth(3)).toHaveText('1');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await expect(page).toHaveURL(/\/admin\/users$/);
    await shot(page, 'admin-users');
    await expectAccessible(page, 'admin-users');

    // ── 'New user': Create waits for a valid form, then the new user's page opens. ──
    const email = uniqueEmail('admin-new');
    await page.getByRole('button', { name: 'New user' }).click();
    const modal = page.getByRole('dialog', { name: 'New user' });
    const create = modal.getByRole('button', { name: 'Create user' });
    await modal.getByLabel(/^Email/).fill(email);
    await modal.getByLabel(/^First name/).fill('Katherine');
    await modal.getByLabel(/^Last name/).fill('J');
    await expect(modal.getByText('Must be at least 2 characters')).toBeVisible();
    await expect(create).toBeDisabled();
    await modal.getByLabel(/^Last name/).fill(`Johnson${stamp}`);
    await expect(create).toBeEnabled();
    await shot(page, 'admin-users-new');
    await create.click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    const name = `Katherine Johnson${stamp}`;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Not a member of any team.')).toBeVisible();
    await expect(page.getByText('Never').first()).toBeVisible();
    // The activation email went out.
    await mailbox.waitFor(email, /activat|confirm|verify|welcome/i);

    // ── Add to team: the team is found by name; a License needs a free one. ──
    await page.getByRole('button', { name: 'Add to team' }).click();
    const editor = page.getByRole('dialog', { name: 'Add to team' });
    await expect(editor.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await editor.getByRole('textbox', { name: 'Team' }).fill(team);
    await page.getByRole('option', { name: team }).click();
    await choose(page, 'License type', 'License');
    await shot(page, 'admin-membership-editor');
    await expectAccessible(page, 'admin-membership-editor');
    await editor.getByRole('button', { name: 'Confirm' }).click();
    await expect(editor.getByRole('alert')).toContainText(
      'An error has occurred: The license limit has been reached.',
    );
    await choose(page, 'License type', 'Trial');
    await choose(page, 'Role', 'Admin');
    await editor.getByRole('button', { name: 'Confirm' }).click();
    await expect(editor).toBeHidden();
    const teams = page.getByRole('table', { name: 'Teams of this user' });
    const teamRow = teams.getByRole('row', { name: new RegExp(team) });
    await expect(teamRow).toContainText('Admin');
    await expect(teamRow).toContainText('Trial');

    // Adding them to the same team again is refused before any call. (By keyboard this time.)
    await page.getByRole('button', { name: 'Add to team' }).click();
    await editor.getByRole('textbox', { name: 'Team' }).fill(team);
    await expect(page.getByRole('option', { name: team })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(editor).toContainText('This user is already a member of this team.');
    await expect(editor.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();

    // ── Edit: validation, then Save and 'User saved'; the data reloads. ──
    const save = page.getByRole('button', { name: 'Save' });
    await field(page, 'Position').fill('E');
    await expect(save).toBeDisabled();
    await field(page, 'Position').fill('Mathematician');
    await page.getByRole('switch', { name: /^Manual user license/ }).check({ force: true });
    await expect(save).toBeEnabled();
    await save.click();
    await acknowledge(page, 'User saved', 'The data has been saved');
    await expect(field(page, 'Position')).toHaveValue('Mathematician');
    // Reloaded: edited now, by the super admin (no longer 'Never').
    await expect(page.getByText('Never')).toHaveCount(0);
    await shot(page, 'admin-user-edit');
    await expectAccessible(page, 'admin-user-edit');

    // ── Unsaved changes: leaving asks first; Stay keeps what was typed, Leave drops it. ──
    await field(page, 'Position').fill('Astronomer');
    await expect(save).toBeEnabled();
    // The link back above the title (the admin tab of the same name comes first).
    const back = page.getByRole('main').getByRole('link', { name: 'Users', exact: true }).last();
    await back.click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    await shot(page, 'admin-user-edit-unsaved');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(field(page, 'Position')).toHaveValue('Astronomer');
    await back.click();
    await expect(ask).toBeVisible();
    // Leave, and Back at once: as soon as the address has changed, before the next screen has
    // replaced this one (as when its code is still loading). Back is honoured, not taken for
    // leaving the user again and undone: the user's page stays, with what was typed if it never
    // went away, as saved if it did.
    await page.evaluate(() => {
      const push = history.pushState;
      history.pushState = function (...args: Parameters<History['pushState']>) {
        push.apply(this, args);
        history.pushState = push;
        history.back();
      };
    });
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(field(page, 'Position')).toHaveValue(/^(Astronomer|Mathematician)$/);
    await expect(ask).toBeHidden();
    // Leave once the list is on screen, then Back: the typed change is gone.
    await field(page, 'Position').fill('Astronomer');
    await back.click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('button', { name: 'New user' })).toBeVisible();
    await page.goBack();
    await expect(field(page, 'Position')).toHaveValue('Mathematician');

    // ── Phone width: every screen fits 390 px. ──
    await page.setViewportSize(phone);
    await shot(page, 'admin-user-edit-phone');
    await page.getByRole('button', { name: 'Add to team' }).click();
    await expect(editor).toBeVisible();
    await shot(page, 'admin-membership-editor-phone');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();
    await page.goto('/admin');
    await expect(page.getByRole('link', { name: /^Users\s*\d/ })).toBeVisible();
    await shot(page, 'admin-overview-phone');
    await page.goto(`/admin/users?search=${stamp}`);
    await expect(page.getByRole('row', { name: new RegExp(`Johnson${stamp}`) })).toBeVisible();
    await shot(page, 'admin-users-phone');
    await expectAccessible(page, 'admin-users-phone');
    await page.getByRole('button', { name: 'New user' }).click();
    await expect(modal).toBeVisible();
    await shot(page, 'admin-users-new-phone');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the user list scrolls sideways at 390px').toBeLessThanOrEqual(0);
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.setViewportSize(desktop);

    // ── Remove from the team: a confirmation, then role None and license None. ──
    await page.getByRole('button', { name: `Remove from ${team}` }).click();
    const confirmRemove = page.getByRole('dialog', { name: 'Remove from team' });
    await confirmRemove.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Not a member of any team.')).toBeVisible();

    // ── Delete: a confirmation, then back to the list without them. ──
    await page.getByRole('button', { name: 'Delete user' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete user' });
    await expect(confirmDelete).toContainText(email);
    await confirmDelete.getByRole('button', { name: 'Delete user' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.getByRole('searchbox', { name: 'Search users' }).fill(`Johnson${stamp}`);
    await expect(page.getByText('No users found')).toBeVisible();
  });
});
