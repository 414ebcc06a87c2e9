import type { APIRequestContext, Locator } from '@playwright/test';
import { addToTeam, seedUser, signInApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { logIn } from './support/login.ts';
import { screenshot } from './support/screenshot.ts';

/**
 * The meetings journeys of issue 4 §3–§4 (part2 §2, §4, §5, §8): a team admin schedules a
 * meeting with a guest and a moderator, the guest's invitation arrives with an .ics file, the
 * launch page shows 'Upcoming meeting', and the dashboard panel lists the meeting.
 * A second member of the team, added through the team users call, is made a moderator and
 * then edits the meeting from their own session.
 */

const title = (t: string) => `${t} - Roomscale Dashboard`;
/** The input labelled `label` (with or without the required asterisk) inside `scope`. */
const input = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^\\s*${label}\\s*\\*?\\s*$`));
type Api = { headers: Record<string, string>; teamId: string };

/** A team room made from the first public template, through the API. */
async function addTeamRoom(request: APIRequestContext, api: Api, name: string) {
  const templates = await request.post(`/api/Organizations/${api.teamId}/Rooms`, {
    headers: api.headers,
    data: { templateFilter: 'Templates', page: 1 },
  });
  const list = (await templates.json()) as { results: { id: string; name: string }[] };
  expect(list.results.length, 'default public templates').toBeGreaterThan(0);
  const res = await request.put(`/api/Organizations/${api.teamId}/Rooms`, {
    headers: api.headers,
    data: { templateOrClonedRoomId: list.results[0]!.id, name },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { room: (await res.json()) as { id: string; name: string }, template: list.results[0]! };
}

test.describe('meetings', () => {
  test('a team admin schedules a meeting with a guest → invitation with .ics → launch page → dashboard', async ({
    page,
    request,
    mailbox,
    browser,
    baseURL,
  }) => {
    const admin = await seedUser(request, mailbox, {
      prefix: 'meetings-admin',
      team: 'Meeting Makers',
      avatar: true,
    });
    const api = await signInApi(request, admin);
    const colleague = await seedUser(request, mailbox, {
      prefix: 'meetings-moderator',
      firstName: 'Katherine',
      lastName: 'Johnson',
      avatar: true,
    });
    await addToTeam(request, api, colleague);
    const { room, template } = await addTeamRoom(request, api, 'Board room');
    const guest = uniqueEmail('guest');
    const meetingName = 'Quarterly design review';

    await logIn(page, admin.email, admin.password);

    // The dashboard's meetings panel, empty at first.
    const panel = page.getByRole('region', { name: 'Meetings' });
    await expect(panel.getByText('No upcoming meetings')).toBeVisible();
    await screenshot(page, 'meetings-dashboard-empty');

    // Creating from the dashboard opens the large create modal on /meetings.
    await panel.getByRole('link', { name: 'New meeting' }).click();
    await expect(page).toHaveURL(/\/meetings\?new=1$/);
    await expect(page).toHaveTitle(title('Meetings'));
    const dialog = page.getByRole('dialog', { name: 'New meeting' });
    await expect(dialog).toBeVisible();
    const create = dialog.getByRole('button', { name: 'Create meeting' });
    // Name, a participant (the admin, moderator by default) and a room are needed first.
    await expect(create).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: /Moderator: Grace Hopper/ })).toBeChecked();

    await input(dialog, 'Name').fill(meetingName);
    await input(dialog, 'Description').fill('Walk through the new lobby.');

    // Team members are suggested from 2 characters; the admin is already in the list.
    const search = dialog.getByRole('textbox', { name: 'Add participants' });
    await search.scrollIntoViewIfNeeded();
    await search.fill('Ka');
    await expect(page.getByRole('option', { name: /Katherine Johnson/ })).toBeVisible();
    await screenshot(page, 'meetings-form-suggestions');
    await page.getByRole('option', { name: /Katherine Johnson/ }).click();
    const moderator = dialog.getByRole('switch', { name: /Moderator: Katherine Johnson/ });
    await expect(moderator).not.toBeChecked();
    await moderator.check();
    await expect(moderator).toBeChecked();
    // A valid address becomes a guest.
    await search.fill(guest.toUpperCase());
    await page.getByRole('option', { name: `Invite ${guest} as a guest` }).click();
    const people = dialog.getByTestId('participant');
    await expect(people).toHaveCount(3);
    await expect(people.nth(2)).toContainText(guest);
    await expect(people.nth(2)).toContainText('Guest');
    // Guests cannot moderate: only the known users have the switch.
    await expect(dialog.getByRole('switch')).toHaveCount(2);
    // Adding the same address again changes nothing.
    await search.fill(guest);
    await search.press('Enter');
    await expect(people).toHaveCount(3);

    // The room selection: a team room and a template (a temporary room).
    await dialog.getByRole('button', { name: 'Select rooms' }).click();
    const picker = page.getByRole('dialog', { name: 'Select rooms' });
    await expect(picker.getByRole('heading', { name: 'Team rooms' })).toBeVisible();
    const roomTile = picker.getByRole('button', { name: new RegExp(`^${room.name}`) });
    const templateTile = picker
      .getByRole('button', { name: new RegExp(`^${template.name}`) })
      .last();
    await roomTile.click();
    await templateTile.click();
    await expect(roomTile).toHaveAttribute('aria-pressed', 'true');
    await expect(templateTile).toHaveAttribute('aria-pressed', 'true');
    // Clicking again deselects.
    await templateTile.click();
    await expect(templateTile).toHaveAttribute('aria-pressed', 'false');
    await templateTile.click();
    await expect(picker.getByText('2 rooms selected')).toBeVisible();
    await screenshot(page, 'meetings-room-picker');
    await picker.getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByText('Temporary room', { exact: true })).toBeVisible();

    await expect(create).toBeEnabled();
    await dialog.getByRole('button', { name: 'Change rooms' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'meetings-form-filled');
    await expectAccessible(page, 'meetings-form-filled');
    await create.click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/meetings$/);

    // The new card: name, counts, the code, toolbar.
    const card = page.getByRole('article', { name: meetingName });
    await expect(card).toBeVisible();
    const copyCode = card.getByRole('button', { name: /^Copy meeting code / });
    const code = ((await copyCode.getAttribute('aria-label')) ?? '').replace(
      'Copy meeting code ',
      '',
    );
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{7}$/);
    await expect(card.getByText('3 participants')).toBeAttached();
    await expect(card.getByText('2 rooms')).toBeAttached();
    await expect(card.getByRole('button', { name: 'Edit meeting' })).toBeVisible();
    await expect(card.getByRole('link', { name: /Open launch page/ })).toHaveAttribute(
      'href',
      `/launch?meeting=${code}`,
    );
    await screenshot(page, 'meetings-list');
    await expectAccessible(page, 'meetings-list');

    // The guest's invitation, with a calendar file.
    const mail = await mailbox.waitFor(guest, `Invitation: ${meetingName}`);
    expect(mail.text).toContain(code);
    expect(mail.text).toContain(`${new URL(baseURL!).origin}/launch?meeting=${code}`);
    expect(mail.raw).toMatch(/Content-Type: text\/calendar;[^\n]*method=REQUEST/i);
    expect(mail.raw).toMatch(/filename="?invite\.ics"?/);
    // The team member is invited too.
    expect((await mailbox.waitFor(colleague.email, `Invitation: ${meetingName}`)).text).toContain(
      code,
    );

    // The launch page is public: a visitor without a session sees 'Upcoming meeting'.
    const visitor = await browser.newContext({ baseURL });
    const launch = await visitor.newPage();
    await launch.goto(`/launch?meeting=${code}`);
    await expect(launch).toHaveTitle(title('Launch'));
    await expect(launch.getByRole('heading', { level: 1, name: 'Upcoming meeting' })).toBeVisible();
    await expect(launch.getByTestId('meeting-code')).toHaveText(code);
    await expect(launch.getByRole('button', { name: 'Copy meeting code' })).toBeVisible();
    await expect(launch.getByRole('link', { name: 'Launch Roomscale' })).toHaveAttribute(
      'href',
      `roomscale://meeting/${code}`,
    );
    // No navbar; the footer shows, with the client config's links.
    await expect(launch.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expect(launch.getByRole('contentinfo')).toContainText('Terms of service');
    await screenshot(launch, 'meetings-launch-upcoming');
    await expectAccessible(launch, 'meetings-launch-upcoming');

    // Unknown codes and rooms.
    await launch.goto('/launch?meeting=ZZZZZZZ');
    await expect(launch.getByRole('heading', { name: 'Meeting not found' })).toBeVisible();
    await screenshot(launch, 'meetings-launch-not-found');
    await launch.goto(`/launch?room=${room.id}&room-name=${encodeURIComponent(room.name)}`);
    await expect(launch.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
    await expect(launch.getByRole('link', { name: 'Launch Roomscale' })).toHaveAttribute(
      'href',
      `roomscale://room/${room.id}`,
    );
    await screenshot(launch, 'meetings-launch-room');
    await visitor.close();

    // An ongoing meeting (started ten minutes ago), planned through the API.
    const now = Date.now();
    const ongoing = await request.put(`/api/Organizations/${api.teamId}/Meetings`, {
      headers: api.headers,
      data: {
        name: 'Stand-up',
        startDate: new Date(now - 10 * 60_000).toISOString(),
        endDate: new Date(now + 50 * 60_000).toISOString(),
        timezoneLabel: 'UTC',
        emailNewUsers: false,
        existingRooms: [room.id],
        participants: [{ email: admin.email, participantType: 'Moderator' }],
      },
    });
    expect(ongoing.ok(), await ongoing.text()).toBe(true);
    const standUp = (await ongoing.json()) as { meetingCode: string };

    // The dashboard lists both; the ongoing one offers 'Join now' in a new tab.
    await page.goto('/dashboard');
    await expect(panel.getByText(meetingName)).toBeVisible();
    await expect(panel.getByText(code)).toBeVisible();
    await expect(panel.getByText('Ongoing:')).toBeVisible();
    const join = panel.getByRole('link', { name: /^Join now/ });
    await expect(join).toHaveAttribute('href', `/launch?meeting=${standUp.meetingCode}`);
    await expect(join).toHaveAttribute('target', '_blank');
    await screenshot(page, 'meetings-dashboard');
    await expectAccessible(page, 'meetings-dashboard');

    // 'Join now' opens the launch page of the running meeting: its name and room.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), join.click()]);
    await expect(tab.getByRole('heading', { level: 1, name: 'Stand-up' })).toBeVisible();
    await expect(tab.getByText(`Room: ${room.name}`)).toBeVisible();
    await screenshot(tab, 'meetings-launch-ongoing');
    await tab.close();

    // Editing shows the saved values; the ongoing meeting can be deleted after a confirmation.
    await page.goto('/meetings');
    await page
      .getByRole('article', { name: meetingName })
      .getByRole('button', { name: 'Edit meeting' })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit meeting' });
    await expect(input(edit, 'Name')).toHaveValue(meetingName);
    await expect(edit.getByTestId('participant')).toHaveCount(3);
    await screenshot(page, 'meetings-edit');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    await page
      .getByRole('article', { name: 'Stand-up' })
      .getByRole('button', { name: 'Delete meeting' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete meeting' });
    await expect(confirm).toContainText('This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('article', { name: 'Stand-up' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: meetingName })).toBeVisible();

    // The moderator, a plain member of the team, finds the meeting on their dashboard and may
    // edit it; the change reaches the admin's list.
    const colleagueSession = await browser.newContext({ baseURL });
    const theirPage = await colleagueSession.newPage();
    await logIn(theirPage, colleague.email, colleague.password);
    await expect(
      theirPage.getByRole('region', { name: 'Meetings' }).getByText(meetingName),
    ).toBeVisible();
    await theirPage.goto('/meetings');
    await theirPage
      .getByRole('article', { name: meetingName })
      .getByRole('button', { name: 'Edit meeting' })
      .click();
    const theirEdit = theirPage.getByRole('dialog', { name: 'Edit meeting' });
    await input(theirEdit, 'Description').fill('Walk through the new lobby and the roof terrace.');
    await theirEdit.getByRole('button', { name: 'Save changes' }).click();
    await expect(theirEdit).toBeHidden();
    await colleagueSession.close();
    const saved = await request.get(
      `/api/Organizations/${api.teamId}/Meetings?IncludePastMeetings=true&Page=1&PageSize=10`,
      {
        headers: api.headers,
      },
    );
    const meetings = (await saved.json()) as { results: { name: string; description: string }[] };
    expect(meetings.results.find((m) => m.name === meetingName)?.description).toBe(
      'Walk through the new lobby and the roof terrace.',
    );

    // Small screens: the list, the form and the launch page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/meetings');
    await expect(page.getByRole('article', { name: meetingName })).toBeVisible();
    await screenshot(page, 'meetings-list-mobile');
    await page.getByRole('button', { name: 'Add meeting' }).click();
    await expect(page.getByRole('dialog', { name: 'New meeting' })).toBeVisible();
    await screenshot(page, 'meetings-form-mobile');
    await page.goto(`/launch?meeting=${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming meeting' })).toBeVisible();
    await screenshot(page, 'meetings-launch-mobile');
    await page.goto('/dashboard');
    await expect(page.getByText(meetingName).first()).toBeVisible();
    await screenshot(page, 'dashboard-mobile');
  });
});
