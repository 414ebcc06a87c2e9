import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
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
 * the same numbers, the devices) and the meeting's attendance. The journeys' server rolls the
 * facts up every 5 seconds (USAGE_ROLLUP_EVERY_SECONDS in global-setup.ts), so the current week
 * shows the two members in VR and their meeting once the job has run. The browser is in Berlin:
 * the weeks are cut and the times written there.
 */
const zone = 'Europe/Berlin';

/** One CSV line's cells (RFC 4180: a quoted cell may hold commas, its quotes doubled). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out;
}

/** The numbers of a usage table, row by row (without the week's label). */
async function tableNumbers(table: Locator) {
  const rows = table.locator('tbody tr');
  const out: number[][] = [];
  for (const row of await rows.all())
    out.push((await row.locator('td').allTextContents()).map((s) => Number(s.replace(/,/g, ''))));
  return out;
}

test.describe('usage insight', () => {
  test.use({ timezoneId: zone });
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
      new RegExp(
        `^12 weeks from Mon \\d+ \\w+ (\\d{4} )?to Sun \\d+ \\w+ \\d{4}, times in ${zone}$`,
      ),
    );

    const devices = page.getByRole('table', { name: 'Devices of the team’s members' });
    await expect(devices.getByRole('row')).toHaveCount(3);
    await expect(devices.getByRole('row').nth(1)).toContainText('Quest Pro of Mo');
    await expect(devices.getByRole('row').nth(2)).toContainText('Quest 3 of Ada');
    await expect(devices).toContainText('Holding the seat');

    // The rollup sums the check-ins and joins within seconds: the current week (the last row)
    // shows both members in VR and the meeting they joined, once the page is loaded after it.
    const activeTable = page.getByRole('table', { name: /^Active users: 12 weeks/ });
    const meetingsTable = page.getByRole('table', { name: /^Meetings and attendance: 12 weeks/ });
    await expect(async () => {
      await page.reload();
      await expect(activeTable.locator('tbody tr').last().locator('td')).toHaveText('2', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 60_000 });
    await expect(activeTable.locator('tbody tr')).toHaveCount(12);
    // Meetings held, user attendees, guest attendees.
    await expect(meetingsTable.locator('tbody tr').last().locator('td')).toHaveText([
      '1',
      '2',
      '0',
    ]);
    await page.locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'insight-usage');
    await expectAccessible(page, 'team usage');

    // The CSV holds the screen's numbers: 12 weeks, each table's column equal to the CSV's.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^usage-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(csv).toHaveLength(13);
    const header = cells(csv[0]!);
    expect(header[0]).toBe(`Week (Monday, ${zone})`);
    const column = (name: string) => {
      const i = header.indexOf(name);
      expect(i, `CSV column ${name} in ${csv[0]}`).toBeGreaterThanOrEqual(0);
      return csv.slice(1).map((line) => Number(cells(line)[i]));
    };
    const shown = async (caption: RegExp) =>
      tableNumbers(page.getByRole('table', { name: caption }));
    expect((await shown(/^Active users: 12 weeks/)).map((r) => r[0])).toEqual(
      column('Active users'),
    );
    // The screen shows hours to a tenth; the CSV has the seconds they are from.
    expect((await shown(/^Hours in VR: 12 weeks/)).map((r) => r[0])).toEqual(
      column('Seconds in VR').map((s) => Math.round((s / 3600) * 10) / 10),
    );
    const meetings = await shown(/^Meetings and attendance: 12 weeks/);
    expect(meetings.map((r) => r[0])).toEqual(column('Meetings held'));
    expect(meetings.map((r) => r[1])).toEqual(column('User attendees'));
    expect(meetings.map((r) => r[2])).toEqual(column('Guest attendees'));
    const licenses = await shown(/^Licenses held and used: 12 weeks/);
    expect(licenses.map((r) => r[0])).toEqual(column('Licenses held'));
    expect(licenses.map((r) => r[1])).toEqual(column('Licenses used'));
    expect(column('Active users').at(-1)).toBe(2);

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
    // Times in the browser's zone, with their offset (Berlin: +01:00 in winter, +02:00 in summer).
    expect(rows.split(/\r?\n/)[0]).toContain(`First seen (${zone})`);
    expect(rows).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0[12]:00,/);
    expect(rows).toContain(admin.email);
    expect(rows).toContain(member.email);
    expect(rows).toContain(absent);
    await page.keyboard.press('Escape');

    // ── On a phone. ──
    await page.setViewportSize(phone);
    await page.goto('/team/usage');
    await expect(devices.getByRole('row')).toHaveCount(3);
    await expect(activeTable.getByRole('row')).toHaveCount(13);
    await page.locator('.recharts-surface').first().waitFor();
    await expectNoSidewaysScroll(page, 'the usage tab and its charts');
    await screenshot(page, 'insight-usage-phone');
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
