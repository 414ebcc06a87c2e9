import type { APIRequestContext } from '@playwright/test';
import {
  addToTeam,
  defaultAvatarUrl,
  type SeededUser,
  seedUser,
  signInApi,
} from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { admin, expect, type Page, test } from './support/fixtures.ts';
import { choose, field } from './support/forms.ts';
import { expectNoSidewaysScroll, phone } from './support/phone.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * Journeys of issue 4 for rooms and room templates (part1 §2 admin area; part2 §2 Rooms), with
 * the spec's exact strings.
 */

const title = (t: string) => `${t} - Roomscale Dashboard`;
const createdEdited = /\d{1,2}-\d{1,2}-\d{4} \d{1,2}:\d{2}:\d{2}/;

type Token = { authorization: string };

async function tokenFor(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/connect/token', {
    form: {
      grant_type: 'password',
      username: email,
      password,
      scope: 'openid email profile offline_access roles',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { access_token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

async function teamsOf(request: APIRequestContext, headers: Token) {
  const res = await request.get('/api/Users/Me/Organizations', { headers });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: string; name: string; role: string }[];
}

/** The super admin can use the dashboard: an avatar and a team (otherwise login asks for them). */
async function prepareSuperAdmin(request: APIRequestContext) {
  const headers = await tokenFor(request, admin.email, admin.password);
  await request.patch('/api/Users/Me', {
    headers,
    data: { readyPlayerMeAvatar: await defaultAvatarUrl(request) },
  });
  if ((await teamsOf(request, headers)).length === 0) {
    const res = await request.put('/api/Organizations/Register', {
      headers,
      data: { name: 'Platform Team', companyName: 'Roomscale', industry: 'Technology' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

async function logIn(page: Page, email: string, password: string, target: string) {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto(`/login?targetRoute=${encodeURIComponent(target)}`);
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Closes the success modal (part1 §2 'Room saved') after checking its title. */
async function acknowledge(page: Page, heading: string) {
  const dialog = page.getByRole('dialog', { name: heading });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
}

async function confirm(page: Page, heading: string, label: string, text?: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: heading });
  await expect(dialog).toBeVisible();
  if (text) await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: label, exact: true }).click();
}

const capability = (page: Page, n: number) =>
  page.getByRole('textbox', { name: `Capability ${n}`, exact: true });

/** Clicks a choice of the rooms filters (the inputs are hidden behind their labels). */
async function filter(page: Page, group: 'Sharing Filter' | 'Room type filter', option: string) {
  const role = group === 'Sharing Filter' ? 'group' : 'radiogroup';
  await page
    .getByRole(role, { name: group })
    .locator('label')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click();
}

test.describe('rooms and room templates', () => {
  test('super admin creates a template → a team admin adds a room from it, edits, duplicates and converts it', async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    await prepareSuperAdmin(request);
    const owner: SeededUser = await seedUser(request, mailbox, {
      prefix: 'rooms-admin',
      team: 'Orbit Studio',
      avatar: true,
    });
    const ownerTeam = (
      await teamsOf(request, await tokenFor(request, owner.email, owner.password))
    )[0]!;
    const templateName = `Boardroom ${Date.now().toString(36)}`;

    // ── Super admin: /admin opens the overview (part1 §2, admin's empty child); its ribbon
    // leads to the room templates tab. ──
    await logIn(page, admin.email, admin.password, '/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Room templates' })
      .click();
    await expect(page).toHaveURL(/\/admin\/roomtemplates$/);
    await expect(page).toHaveTitle(title('Room templates'));
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Room templates' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The default public templates of a new installation, with their images.
    await expect(page.getByRole('link', { name: 'Lounge', exact: true })).toBeVisible();
    await expect(page.getByText('Public', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Lounge' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Lounge' })).toBeVisible();
    await expect(page.locator('img[src="/room-templates/lounge.svg"]')).toBeVisible();
    await screenshot(page, 'admin-room-templates');
    await expectAccessible(page, 'admin-room-templates');

    // 'New room template' asks for a name (min 2), creates it and opens its edit page.
    await page.getByRole('button', { name: 'New room template' }).click();
    const prompt = page.getByRole('dialog', { name: 'New room template' });
    const create = prompt.getByRole('button', { name: 'Create' });
    await prompt.getByLabel('Name').fill('B');
    await expect(create).toBeDisabled();
    await expect(prompt.getByText('Must be at least 2 characters')).toBeVisible();
    await prompt.getByLabel('Name').fill(templateName);
    await expect(create).toBeEnabled();
    await screenshot(page, 'admin-room-template-new');
    await create.click();
    await expect(page).toHaveURL(/\/admin\/roomtemplates\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle(title('Room template'));
    await expect(page.getByRole('heading', { name: templateName })).toBeVisible();
    await expect(page.getByText(createdEdited).first()).toBeVisible();
    await expect(page.getByText('Never')).toBeVisible();
    await expect(
      page.getByText(
        'Fields marked with * are saved to all rooms created from this template when you save.',
      ),
    ).toBeVisible();

    // Every field of part1 §2 / §5; Save is disabled while the form is invalid.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await page.getByLabel(/^Category/).fill('Boardrooms');
    await page
      .getByLabel('Description')
      .fill('A long table with a wall screen for board meetings.');
    await page.getByLabel(/^Image url/).fill('/room-templates/meeting-room.svg');
    await expect(page.locator('img[src="/room-templates/meeting-room.svg"]')).toBeVisible();
    await page.getByLabel(/^Scene name/).fill('');
    await expect(save).toBeDisabled();
    await page.getByLabel(/^Scene name/).fill('Boardroom');
    await page
      .getByLabel(/^Addressable url Android/)
      .fill('https://cdn.example.com/boardroom/android');
    await page
      .getByLabel(/^Addressable url Windows/)
      .fill('https://cdn.example.com/boardroom/windows');
    await page.getByLabel(/^Max users/).fill('');
    await expect(save).toBeDisabled();
    await page.getByLabel(/^Max users/).fill('10');
    await page.getByRole('button', { name: 'Add capability' }).click();
    await expect(save).toBeDisabled(); // an empty capability name
    await capability(page, 1).fill('Whiteboard');
    await page.getByRole('button', { name: 'Add capability' }).click();
    await capability(page, 2).fill('Screen sharing');
    await page.getByRole('button', { name: 'Add capability' }).click();
    await capability(page, 3).fill('Notes');
    await page.getByRole('button', { name: 'Remove capability 2' }).click();
    await expect(capability(page, 3)).toHaveCount(0);

    // Allowed teams are editable only for OrganizationAllowlist; another team is found by name.
    const allowed = page.getByRole('combobox', { name: 'Allowed teams' });
    await expect(allowed).toBeDisabled();
    await choose(page, 'Sharing type', 'Organization allowlist');
    await expect(allowed).toBeEnabled();
    await allowed.fill(`No such team ${templateName}`);
    await expect(page.getByText('No team found')).toBeVisible();
    await allowed.fill(ownerTeam.name);
    await page.getByRole('option', { name: ownerTeam.name, exact: true }).click();
    await expect(save).toBeEnabled();
    await screenshot(page, 'admin-room-template-edit');
    await expectAccessible(page, 'admin-room-template-edit');
    await save.click();
    await acknowledge(page, 'Room template saved');
    // Saved and reloaded: the server's names for the allowed team, and an edited time.
    await expect(allowed).toBeEnabled();
    await expect(page.getByText('Orbit Studio', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Never')).toHaveCount(0);
    await expect(page.getByText('Organization allowlist', { exact: true }).first()).toBeVisible();

    // The audit log names the template and says the change in words (allowed teams by name,
    // capabilities as a list, the sharing type by its label).
    await page.goto('/admin/auditlog');
    const auditRow = page
      .getByRole('row')
      .filter({ hasText: 'Room template changed' })
      .filter({ hasText: templateName });
    await expect(auditRow).toHaveCount(1);
    await expect(auditRow.locator('td[data-label="About"]')).toHaveText(
      `${templateName}Room template`,
    );
    const auditChange = auditRow.locator('td[data-label="Change"]');
    await expect(auditChange).toContainText(/Allowed teams: —\s*→\s*changed to\s*Orbit Studio/);
    await expect(auditChange).toContainText(/Capabilities: —\s*→\s*changed to\s*Whiteboard, Notes/);
    await expect(auditChange).toContainText(
      /Sharing type: None\s*→\s*changed to\s*Organization allowlist/,
    );
    await expect(auditChange).not.toContainText(ownerTeam.id);
    await auditRow.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-audit-room-template');

    // Back to the list: the search (1 s debounce) finds the template, with its room count.
    await page.getByRole('link', { name: 'Room templates' }).first().click();
    await expect(page).toHaveURL(/\/admin\/roomtemplates$/);
    await page.getByRole('searchbox', { name: 'Search room templates' }).fill(templateName);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByText('1 room template', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: templateName, exact: true })).toBeVisible();
    await expect(page.getByText('0 rooms')).toBeVisible();
    await screenshot(page, 'admin-room-templates-search');

    // A throwaway template is deleted after a confirmation.
    await page.getByRole('searchbox', { name: 'Search room templates' }).fill('');
    await page.getByRole('button', { name: 'New room template' }).click();
    await page
      .getByRole('dialog', { name: 'New room template' })
      .getByLabel('Name')
      .fill('Scratch template');
    await page
      .getByRole('dialog', { name: 'New room template' })
      .getByRole('button', { name: 'Create' })
      .click();
    await expect(page.getByRole('heading', { name: 'Scratch template' })).toBeVisible();
    await page.getByRole('link', { name: 'Room templates' }).first().click();
    await page.getByRole('button', { name: 'Delete Scratch template' }).click();
    await confirm(page, 'Delete room template', 'Delete', 'This cannot be undone');
    await expect(page.getByText('Room template deleted')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Scratch template' })).toHaveCount(0);

    // ── Team admin: no rooms yet, so the admin's empty state. ──
    await logIn(page, owner.email, owner.password, '/rooms');
    await expect(page).toHaveURL(/\/rooms$/);
    await expect(page).toHaveTitle(title('Rooms'));
    await expect(page.getByText('No rooms found.')).toBeVisible();
    await expect(page.getByText('create a room or remove filter')).toBeVisible();
    // Filter defaults: team plus private sharing, rooms only.
    await expect(page.getByRole('checkbox', { name: 'Team' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Private' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'All' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'Rooms' })).toBeChecked();
    await screenshot(page, 'rooms-empty-admin');

    // Add room: template cards; Create waits for a template; choosing one prefills the form.
    await page.getByRole('button', { name: 'Add room' }).first().click();
    const addDialog = page.getByRole('dialog', { name: 'Add room' });
    await expect(addDialog.getByRole('radio', { name: templateName })).toBeVisible();
    await expect(addDialog.getByRole('radio', { name: 'Lounge' })).toBeVisible();
    const createRoom = addDialog.getByRole('button', { name: 'Create room' });
    await expect(createRoom).toBeDisabled();
    await expect(
      addDialog.getByText('all team members can access without a meeting code'),
    ).toBeVisible();
    await expect(
      addDialog.getByText(
        'only the owner; others join only after the setting changes or via a planned meeting',
      ),
    ).toBeVisible();
    await addDialog.getByRole('radio', { name: templateName }).click();
    await expect(addDialog.getByLabel('Name')).toHaveValue(templateName);
    await expect(addDialog.getByLabel('Description')).toHaveValue(
      'A long table with a wall screen for board meetings.',
    );
    await expect(createRoom).toBeEnabled();
    // An edited name survives choosing another template; the untouched description follows it.
    await addDialog.getByLabel('Name').fill('Strategy room');
    // Template cards are radios a keyboard can pick.
    await addDialog.getByRole('radio', { name: 'Lounge' }).focus();
    await page.keyboard.press('Space');
    await expect(addDialog.getByRole('radio', { name: 'Lounge' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(addDialog.getByLabel('Name')).toHaveValue('Strategy room');
    await expect(addDialog.getByLabel('Description')).toHaveValue(
      'A relaxed corner for one-on-ones, stand-ups and informal chats.',
    );
    await addDialog.getByRole('radio', { name: templateName }).click();
    await addDialog.getByLabel('Name').fill('');
    await expect(createRoom).toBeDisabled();
    await addDialog.getByLabel('Name').fill('Strategy room');
    await expect(addDialog.getByRole('radio', { name: 'Team room' })).toBeChecked();
    await screenshot(page, 'rooms-add-modal');
    await expectAccessible(page, 'rooms-add-modal');
    await createRoom.click();
    await acknowledge(page, 'Room saved');
    await expect(addDialog).toBeHidden();

    const card = page.getByRole('button', { name: 'Open Strategy room' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Team');
    await expect(card).toContainText('Up to 10 users');
    await screenshot(page, 'rooms-list');
    await expectAccessible(page, 'rooms-list');

    // View room: details, launch in a new tab, then edit name, description and persistence.
    // Keyboard: a card is a button; Enter opens the room.
    await card.focus();
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: 'Strategy room' });
    await expect(view).toContainText('Room objects are cleared after each session');
    const launch = view.getByRole('link', { name: /Launch/ });
    await expect(launch).toHaveAttribute('target', '_blank');
    const href = await launch.getAttribute('href');
    const launchUrl = new URL(href!, 'http://x');
    expect(launchUrl.pathname).toBe('/launch');
    expect(launchUrl.searchParams.get('room')).toMatch(/^[0-9a-f-]{36}$/);
    expect(launchUrl.searchParams.get('room-name')).toBe('Strategy room');
    const [launchTab] = await Promise.all([page.waitForEvent('popup'), launch.click()]);
    await expect(launchTab).toHaveURL(/\/launch\?room=/);
    await expect(launchTab.getByText('Strategy room').first()).toBeVisible();
    await screenshot(launchTab, 'rooms-launch-tab');
    await launchTab.close();
    await screenshot(page, 'rooms-view-modal');

    await view.getByRole('button', { name: 'Edit' }).click();
    await view.getByLabel('Name').fill('');
    await expect(view.getByRole('button', { name: 'Save' })).toBeDisabled();
    await view.getByLabel('Name').fill('Strategy room');
    await view.getByLabel('Description').fill('Quarterly planning, with the roadmap on the wall.');
    await view.getByRole('switch', { name: 'Persist room objects in-between sessions' }).check({
      force: true,
    });
    await screenshot(page, 'rooms-edit-modal');
    await expectAccessible(page, 'rooms-edit-modal');
    await view.getByRole('button', { name: 'Save' }).click();
    await acknowledge(page, 'Room saved');
    await expect(view).toContainText('Room objects are kept in-between sessions');
    await expect(view).toContainText('Quarterly planning, with the roadmap on the wall.');

    // Duplicate: confirmed, named 'Copy of {name}'; the modal shows the copy.
    await view.getByRole('button', { name: 'Duplicate room' }).click();
    await confirm(page, 'Duplicate room', 'Duplicate', "'Copy of Strategy room'");
    await acknowledge(page, 'Room saved');
    const copy = page.getByRole('dialog', { name: 'Copy of Strategy room' });
    await expect(copy).toBeVisible();

    // Convert the copy to a template: confirmed; it leaves the Rooms filter.
    await copy.getByRole('button', { name: 'Convert to template' }).click();
    await confirm(page, 'Convert to template', 'Convert');
    await acknowledge(page, 'Room saved');
    await expect(copy.getByRole('button', { name: 'Convert to room' })).toBeVisible();
    await expect(copy.getByRole('link', { name: /Launch/ })).toHaveCount(0);
    await copy.getByRole('button', { name: 'Close' }).click();
    await expect(copy).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open Copy of Strategy room' })).toHaveCount(0);
    await filter(page, 'Room type filter', 'Templates');
    await expect(page.getByRole('button', { name: 'Open Copy of Strategy room' })).toBeVisible();
    await filter(page, 'Room type filter', 'All');
    await expect(page.getByRole('button', { name: 'Open Strategy room' })).toBeVisible();
    await expect(page.getByText('2 rooms')).toBeVisible();
    await screenshot(page, 'rooms-list-all');

    // ── On a phone: the list, a room's view and edit modals, and Add room. ──
    const desktop = page.viewportSize()!;
    await page.setViewportSize(phone);
    await expect(page.getByRole('button', { name: 'Open Strategy room' })).toBeVisible();
    await screenshot(page, 'rooms-list-phone');
    await expectNoSidewaysScroll(page, 'the rooms list');
    await expectAccessible(page, 'rooms-list-phone');
    await page.getByRole('button', { name: 'Open Strategy room' }).click();
    await expect(view).toContainText('Quarterly planning, with the roadmap on the wall.');
    await screenshot(page, 'rooms-view-modal-phone');
    await expectNoSidewaysScroll(page, 'the room view');
    await view.getByRole('button', { name: 'Edit' }).click();
    await expect(view.getByLabel('Name')).toHaveValue('Strategy room');
    await screenshot(page, 'rooms-edit-modal-phone');
    await expectNoSidewaysScroll(page, 'the room editor');
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    await page.getByRole('button', { name: 'Add room' }).first().click();
    await expect(addDialog.getByRole('radio', { name: templateName })).toBeVisible();
    await addDialog.getByRole('radio', { name: templateName }).click();
    await screenshot(page, 'rooms-add-modal-phone');
    await expectNoSidewaysScroll(page, 'Add room');
    await page.keyboard.press('Escape');
    await expect(addDialog).toBeHidden();
    await page.setViewportSize(desktop);

    // Delete the original, after 'This cannot be undone'.
    await page.getByRole('button', { name: 'Open Strategy room' }).click();
    await page
      .getByRole('dialog', { name: 'Strategy room' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await confirm(page, 'Delete room', 'Delete', 'This cannot be undone');
    await expect(page.getByText('Room deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open Strategy room' })).toHaveCount(0);
  });

  test('the rooms list loads the next page when its end scrolls into view', async ({
    page,
    request,
    mailbox,
  }) => {
    const owner = await seedUser(request, mailbox, {
      prefix: 'rooms-many',
      team: 'Many Rooms',
      avatar: true,
    });
    const headers = await tokenFor(request, owner.email, owner.password);
    const team = (await teamsOf(request, headers))[0]!;
    const path = `/api/Organizations/${team.id}/Rooms`;
    const templates = await request.post(path, {
      headers,
      data: { templateFilter: 'Templates', shareTypeFilter: [], page: 1 },
    });
    const lounge = (
      (await templates.json()) as { results: { id: string; name: string }[] }
    ).results.find((t) => t.name === 'Lounge')!;
    for (let i = 1; i <= 30; i++) {
      const res = await request.put(path, {
        headers,
        data: { templateOrClonedRoomId: lounge.id, name: `Huddle ${String(i).padStart(2, '0')}` },
      });
      expect(res.ok()).toBe(true);
    }

    await logIn(page, owner.email, owner.password, '/rooms');
    const cards = page.getByRole('button', { name: /^Open Huddle/ });
    await expect(cards).toHaveCount(24); // one page (roomLimits.pageSize)
    await expect(page.getByText('30 rooms')).toBeVisible();
    await page.getByText('Huddle 24').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(cards).toHaveCount(30);
    await expect(page.getByText('All rooms are shown')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('a member who is not a team admin sees the disabled add button and the member empty state', async ({
    page,
    request,
    mailbox,
  }) => {
    // A team whose admin adds a plain member (role User) through the team users call.
    const owner = await seedUser(request, mailbox, {
      prefix: 'rooms-member-admin',
      team: 'Member Team',
      avatar: true,
    });
    const member = await seedUser(request, mailbox, {
      prefix: 'rooms-member',
      firstName: 'Mary',
      lastName: 'Jackson',
      avatar: true,
    });
    await addToTeam(request, await signInApi(request, owner), member);

    await logIn(page, member.email, member.password, '/rooms');
    await expect(page).toHaveURL(/\/rooms$/);
    await expect(page.getByText('No rooms found.')).toBeVisible();
    await expect(page.getByText('Request your team admin to create a room')).toBeVisible();
    await expect(page.getByText('create a room or remove filter')).toHaveCount(0);
    const add = page.getByRole('button', { name: 'Add room' });
    await expect(add).toBeDisabled();
    // The reason shows on keyboard focus as well as on hover.
    await page.getByRole('link', { name: /trial mode/ }).focus();
    await page.keyboard.press('Tab');
    await expect(add).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText('You must be an admin to add or edit rooms');
    await add.blur();
    await add.hover();
    await expect(page.getByRole('tooltip')).toHaveText('You must be an admin to add or edit rooms');
    await add.click({ force: true });
    await expect(page.getByRole('dialog', { name: 'Add room' })).toHaveCount(0);
    await screenshot(page, 'rooms-empty-member');
    await expectAccessible(page, 'rooms-empty-member');

    // The member sees the product's templates (read only, no edit controls) under All / All.
    await filter(page, 'Sharing Filter', 'All');
    await filter(page, 'Room type filter', 'All');
    await page.getByRole('button', { name: 'Open Lounge' }).click();
    const lounge = page.getByRole('dialog', { name: 'Lounge' });
    await expect(lounge).toContainText('This template is provided by Roomscale');
    await expect(lounge.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(lounge.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await screenshot(page, 'rooms-template-view-member');
    await lounge.getByRole('button', { name: 'Close' }).click();

    // Small screens: the filters and cards stack.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await filter(page, 'Room type filter', 'Templates');
    await filter(page, 'Sharing Filter', 'All');
    await expect(page.getByRole('button', { name: 'Open Lounge' })).toBeVisible();
    await screenshot(page, 'rooms-mobile');
    await expectNoSidewaysScroll(page, 'the rooms list of a member');
    await page.getByRole('button', { name: 'Open Lounge' }).click();
    await expect(lounge).toContainText('This template is provided by Roomscale');
    await screenshot(page, 'rooms-template-view-member-phone');
    await expectNoSidewaysScroll(page, 'a template seen by a member');
  });
});
