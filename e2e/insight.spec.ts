import { readFile } from 'node:fs/promises';
import { addToTeam, seedUser, signInApi, uniqueEmail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { logIn } from './support/login.ts';
import { expectNoSidewaysScroll, phone } from './support/phone.ts';
import { screenshot } from './support/screenshot.ts';
import { logInAsSuperAdmin, prepareSuperAdmin } from './support/superAdmin.ts';
import { openTeamTab } from './support/team.ts';

/**
 * Usage insight (issue 29 §2): two members' headsets check in on their seats and join a running
 * meeting through the VR app's calls; the team admin opens the Usage tab (its weeks, the CSV of
 * the same numbers, the devices) and the meeting's attendance. The daily totals are summed by
 * the hourly rollup job, which no call starts: the weeks show what the totals hold when the
 * journey runs (none yet on a fresh server: the empty state), while the devices and the
 * attendance, read from the seats and the facts, show the check-ins and joins just made.
 */
test.describe('usage insight', () => {
  test('devices, attendance and the usage weeks of a team, with their CSV', async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const admin = await seedUser(request, mailbox, {
      prefix: 'insight-admin',
      team: 'Usage Watchers',
      firstName: 'Ada',
      lastName: 'Admin',
      avatar: true,
    });
    const api = await signInApi(request, admin);
    const member = await seedUser(request, mailbox, {
      prefix: 'insight-member',
      firstName: 'Mo',
      lastName: 'Member',
      avatar: true,
    });
    await addToTeam(request, api, member);
    const memberApi = await signInApi(request, member);
    const absent = uniqueEmail('insight-absent');
    const templates = await request.post(`/api/Organizations/${api.teamId}/Rooms`, {
      headers: api.headers,
      data: { templateFilter: 'Templates', page: 1 },
    });
    const template = ((await templates.json()) as { results: { id: string }[] }).results[0]!;
    const madeRoom = await request.put(`/api/Organizations/${api.teamId}/Rooms`, {
      headers: api.headers,
      data: { templateOrClonedRoomId: template.id, name: 'Review room' },
    });
    expect(madeRoom.ok(), await madeRoom.text()).toBe(true);
    const room = (await madeRoom.json()) as { id: string };

    // A meeting that started ten minutes ago: the admin moderates, the member and an invitee
    // who never comes take part.
    const now = Date.now();
    const planned = await request.put(`/api/Organizations/${api.teamId}/Meetings`, {
      headers: api.headers,
      data: {
        name: 'Weekly review',
        startDate: new Date(now - 10 * 60_000).toISOString(),
        endDate: new Date(now + 50 * 60_000).toISOString(),
        timezoneLabel: 'UTC',
        emailNewUsers: false,
        existingRooms: [room.id],
        participants: [
          { email: admin.email, participantType: 'Moderator' },
          { email: member.email, participantType: 'Participant' },
          { email: absent, participantType: 'Participant' },
        ],
      },
    });
    expect(planned.ok(), await planned.text()).toBe(true);
    const meeting = (await planned.json()) as { id: string; meetingCode: string };

    // The VR app: each headset checks in on its user's seat, then looks the meeting up by code.
    for (const [who, device] of [
      [api, 'Quest 3 of Ada'],
      [memberApi, 'Quest Pro of Mo'],
    ] as const) {
      const headers = { ...who.headers, 'user-agent': 'Roomscale/4.2.0 (Quest)' };
      const seat = await request.put('/api/Users/Me/Seat', {
        headers,
        data: { seatKey: `seat-${device}`, deviceName: device },
      });
      expect(seat.ok(), await seat.text()).toBe(true);
      const lookup = await request.get(`/api/Meetings/${meeting.meetingCode}`, { headers });
      expect(lookup.ok(), await lookup.text()).toBe(true);
    }

    // ── The team admin's Usage tab. ──
    await logIn(page, admin.email, admin.password);
    await page.goto('/team/users');
    // Both members checked in just now: 'Last in VR' on their rows.
    await expect(
      page
        .getByRole('listitem', { name: 'Mo Member' })
        .getByText(/^Last in VR: (now|\d+ (seconds?|minutes?) ago|just now)$/),
    ).toBeVisible();
    await openTeamTab(page, 'Usage');
    await expect(page).toHaveURL(/\/team\/usage$/);
    const period = page.getByTestId('usage-period');
    await expect(period).toHaveText(
      /^12 weeks from Mon \d+ \w+ (\d{4} )?to Sun \d+ \w+ \d{4}, times in /,
    );

    const devices = page.getByRole('table', { name: 'Devices of the team’s members' });
    await expect(devices.getByRole('row')).toHaveCount(3);
    await expect(devices.getByRole('row').nth(1)).toContainText('Quest Pro of Mo');
    await expect(devices.getByRole('row').nth(2)).toContainText('Quest 3 of Ada');
    await expect(devices).toContainText('Holding the seat');
    await screenshot(page, 'insight-usage');
    await expectAccessible(page, 'team usage');

    // The CSV holds the screen's weeks: 12 rows, the same active users as the table (or none,
    // on the empty state, before the job has summed a day).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^usage-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(csv).toHaveLength(13);
    const header = csv[0]!.split(',');
    const active = header.findIndex((h) => /active/i.test(h));
    expect(active).toBeGreaterThanOrEqual(0);
    const csvActive = csv.slice(1).map((line) => Number(line.split(',')[active]));
    const table = page.getByRole('table', { name: /^Active users: 12 weeks/ });
    if (await page.getByText('No use recorded yet').isVisible()) {
      expect(csvActive.every((n) => n === 0)).toBe(true);
    } else {
      const shown = await table.locator('tbody tr td').allTextContents();
      expect(csvActive).toEqual(shown.map((s) => Number(s.replace(/\D/g, ''))));
    }

    // ── The meeting's attendance, from its card. ──
    await page.goto('/meetings');
    await page
      .getByRole('article', { name: 'Weekly review' })
      .getByRole('button', { name: 'Attendance' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Attendance of Weekly review' });
    const joined = dialog.getByRole('table', { name: 'Who joined' });
    await expect(joined.getByRole('row')).toHaveCount(3);
    await expect(joined).toContainText('Ada Admin');
    await expect(joined).toContainText('Mo Member');
    await expect(
      dialog.getByRole('region', { name: /^Invited, never joined \(1\)/ }),
    ).toContainText(absent);
    await screenshot(page, 'insight-attendance', { fullPage: false });
    await expectAccessible(page, 'meeting attendance');
    const [attendanceCsv] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(attendanceCsv.suggestedFilename()).toBe(`attendance-${meeting.meetingCode}.csv`);
    const rows = (await readFile(await attendanceCsv.path(), 'utf8')).trim();
    expect(rows).toContain(admin.email);
    expect(rows).toContain(member.email);
    expect(rows).toContain(absent);
    await page.keyboard.press('Escape');

    // ── On a phone. ──
    await page.setViewportSize(phone);
    await page.goto('/team/usage');
    await expect(devices.getByRole('row')).toHaveCount(3);
    await expectNoSidewaysScroll(page, 'the usage tab');
    await screenshot(page, 'insight-usage-phone');

    // The charts of a busy team, to look at: the server's own answer for this period with the
    // numbers of a 2,000-member team put in (the journey cannot sum a year of days).
    await page.route('**/Usage?*', async (route) => {
      const real = (await (await route.fetch()).json()) as {
        licensesHeld: number;
        weeks: Record<string, number | string>[];
      };
      real.licensesHeld = 1800;
      real.weeks = real.weeks.map((w, i) => ({
        ...w,
        activeUsers: 1200 + 37 * i,
        licensesUsed: 1100 + 31 * i,
        secondsInVr: 3600 * (2400 + 90 * i),
        meetingsHeld: 300 + 11 * i,
        userAttendees: 1500 + 40 * i,
        guestAttendees: 120 + 9 * i,
      }));
      await route.fulfill({ json: real });
    });
    await page.reload();
    const activeTable = page.getByRole('table', { name: /^Active users: 12 weeks/ });
    await expect(activeTable.getByRole('row')).toHaveCount(13);
    await page.locator('.recharts-surface').first().waitFor();
    await expectNoSidewaysScroll(page, 'the usage charts');
    await screenshot(page, 'insight-usage-charts-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Show the numbers' }).first().click();
    await expect(activeTable).toBeVisible();
    await screenshot(page, 'insight-usage-charts');
    await expectAccessible(page, 'team usage charts');
  });

  test("the super admins' platform usage on the admin overview", async ({ page, request }) => {
    await prepareSuperAdmin(request);
    await logInAsSuperAdmin(page, '/admin');
    await expect(page.getByRole('heading', { name: 'Platform usage' })).toBeVisible();
    const active = page.getByRole('table', { name: /^Weekly active users and teams: 12 weeks/ });
    await expect(active.getByRole('row')).toHaveCount(13);
    await page.locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'insight-admin-overview');
    await expectAccessible(page, 'admin overview with platform usage');
    await page.setViewportSize(phone);
    await page.reload();
    await expect(active.getByRole('row')).toHaveCount(13);
    await expectNoSidewaysScroll(page, 'the admin overview');
    await screenshot(page, 'insight-admin-overview-phone');
  });
});
