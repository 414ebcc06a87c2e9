import { insightLimits, insightMessages, usageLimits } from '@roomscale/shared';
import {
  guestsApi,
  insightApi,
  meetingsApi,
  seatsApi,
  teamUsersApi,
} from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guests,
  manualLicenses,
  memberships,
  usageCheckIns,
  usageMeetingJoins,
  usageTeamLicenses,
  usageTeamWeeks,
} from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { uniqueEmail } from '../../test/factories.ts';
import { signInGuest } from '../../test/guests.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  addMember,
  addRoom,
  advance,
  createMeeting,
  meetingBody,
  type Person,
  person,
  team,
} from '../../test/workspace.ts';
import { usageFactsSettled } from '../usage/record.ts';
import { rollupDay } from '../usage/rollup.ts';
import { csvCell } from './presenter.ts';
import { sessionSeconds } from './service.ts';
import { weekRange } from './weeks.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dayMs = 86_400_000;
const interval = usageLimits.checkInIntervalSeconds;
const headset = 'RoomscaleVR/2.4.1 (Quest 3; Android 12)';
/** Who calls: a person's session, or nobody. */
const as = (by: Person | null) => (by ? { token: by.session } : {});
/** A team's usage (JSON or CSV) as `by` asks for it, in `timeZone` if given. */
const usageOf = (by: Person, organizationId: string, timeZone?: string) =>
  callEndpoint(t, insightApi.teamUsage, {
    params: { organizationId },
    query: timeZone ? { timeZone } : {},
    token: by.session,
  });
const usageCsvOf = (by: Person, organizationId: string) =>
  callEndpoint(t, insightApi.teamUsageCsv, { params: { organizationId }, token: by.session });

/** `seconds` after midnight UTC of `day`. */
const at = (day: string, seconds: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + seconds * 1000);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Check-ins of a user every interval from `from` seconds, `n` of them, on a UTC day. */
async function checkIns(userId: string, day: string, from: number, n: number, seatKey = 'seat') {
  await t.ctx.db.insert(usageCheckIns).values(
    Array.from({ length: n }, (_, i) => ({
      at: at(day, from + i * interval),
      userId,
      seatKey,
      deviceName: 'Quest 3',
      appVersion: headset,
      conflicted: false,
    })),
  );
}

describe('the session rule and CSV cells', () => {
  it('cuts sessions where a gap passes the limit', () => {
    const gap = usageLimits.sessionGapSeconds * 1000;
    expect(sessionSeconds([])).toBe(0);
    expect(sessionSeconds([0])).toBe(0);
    expect(sessionSeconds([0, gap])).toBe(gap / 1000);
    expect(sessionSeconds([0, gap, 2 * gap + 1000])).toBe(gap / 1000);
  });

  it('quotes per RFC 4180 and guards formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
  });
});

describe('weeks in a time zone', () => {
  it('12 ISO weeks up to the current one; a zone east of +12 takes the UTC day before', () => {
    // Wednesday 2026-03-11 10:00 UTC.
    const now = new Date('2026-03-11T10:00:00Z');
    const utc = weekRange(now, 'UTC');
    expect(utc.weekStarts).toHaveLength(insightLimits.weeks);
    expect(utc.from).toBe('2025-12-22');
    expect(utc.to).toBe('2026-03-15');
    expect(utc.utcBounds[0]).toBe('2025-12-22');
    expect(utc.utcBounds.at(-1)).toBe('2026-03-16');
    const kiritimati = weekRange(now, 'Pacific/Kiritimati');
    expect(kiritimati.from).toBe('2025-12-22');
    expect(kiritimati.utcBounds[0]).toBe('2025-12-21');
    expect(weekRange(now, 'America/New_York').utcBounds[0]).toBe('2025-12-22');
    // Sunday 23:00 in New York is Monday in UTC: still the week before there.
    expect(weekRange(new Date('2026-03-16T03:00:00Z'), 'America/New_York').to).toBe('2026-03-15');
  });
});

/** A team with an admin, a licensed member, and the current week's Monday (UTC). */
async function usageTeam() {
  const w = await team(t);
  await t.ctx.db
    .update(memberships)
    .set({ licenseType: 'License' })
    .where(and(eq(memberships.organizationId, w.id), eq(memberships.userId, w.member.id)));
  const now = t.clock.now();
  await t.ctx.db.insert(manualLicenses).values({
    organizationId: w.id,
    description: 'Pilot',
    userAmount: 3,
    startsAt: new Date(now.getTime() - 400 * dayMs),
    endsAt: new Date(now.getTime() + 400 * dayMs),
  });
  const today = Date.parse(`${isoDay(now.getTime())}T00:00:00Z`);
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * dayMs;
  return { ...w, monday };
}

describe("a team's usage", () => {
  it('sums a seeded week of facts rolled up, per ISO week; CSV has the same numbers', async () => {
    const w = await usageTeam();
    const lastMonday = isoDay(w.monday - 7 * dayMs);
    const lastWednesday = isoDay(w.monday - 5 * dayMs);
    // The admin (no License): an hour on Monday; the member (License): 30 minutes on Wednesday.
    await checkIns(w.admin.id, lastMonday, 8 * 3600, 13);
    await checkIns(w.member.id, lastWednesday, 9 * 3600, 7);
    const guest = (
      await t.ctx.db
        .insert(guests)
        .values({ email: uniqueEmail('g') })
        .returning()
    )[0]!;
    const meetingId = crypto.randomUUID();
    await t.ctx.db.insert(usageMeetingJoins).values([
      { at: at(lastMonday, 8 * 3600), meetingId, organizationId: w.id, userId: w.admin.id },
      {
        at: at(lastMonday, 8 * 3600 + 60),
        meetingId,
        organizationId: w.id,
        guestId: guest.id,
        guestEmail: guest.email,
      },
    ]);
    for (const day of [lastMonday, lastWednesday]) await rollupDay(t.ctx.db, day);

    const usage = (await usageOf(w.admin, w.id)).body;
    expect(usage.timeZone).toBe('UTC');
    expect(usage.weeks).toHaveLength(insightLimits.weeks);
    expect(usage.to).toBe(isoDay(w.monday + 6 * dayMs));
    expect(usage.licensesHeld).toBe(3);
    expect(usage.weeks.at(-2)).toEqual({
      weekStart: lastMonday,
      activeUsers: 2,
      licensesUsed: 1,
      licensesHeld: 3,
      secondsInVr: 3600 + 1800,
      meetingsHeld: 1,
      userAttendees: 1,
      guestAttendees: 1,
    });
    for (const week of [...usage.weeks.slice(0, -2), usage.weeks.at(-1)!])
      expect(week).toMatchObject({ activeUsers: 0, secondsInVr: 0, meetingsHeld: 0 });

    const csv = await usageCsvOf(w.admin, w.id);
    expect(csv.status, csv.raw.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="usage-${usage.from}-${usage.to}.csv"`,
    );
    const lines = csv.raw.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + insightLimits.weeks);
    expect(lines[0]).toBe(
      '"Week (Monday, UTC)",Active users,Licenses used,Licenses held,Hours in VR,Seconds in VR,Meetings held,User attendees,Guest attendees',
    );
    expect(lines.at(-2)).toBe(`${lastMonday},2,1,3,1.5,5400,1,1,1`);
  });

  it("cuts weeks in the caller's zone: a Sunday (UTC) counts for the next week east of +12", async () => {
    const w = await usageTeam();
    const sunday = isoDay(w.monday - 8 * dayMs);
    await checkIns(w.member.id, sunday, 12 * 3600, 2);
    await rollupDay(t.ctx.db, sunday);
    const week = async (zone: string) => {
      const u = (await usageOf(w.admin, w.id, zone)).body;
      expect(u.timeZone).toBe(zone);
      return u.weeks.map((x) => x.activeUsers);
    };
    expect((await week('UTC')).slice(-3)).toEqual([1, 0, 0]);
    expect((await week('Pacific/Kiritimati')).slice(-3)).toEqual([0, 1, 0]);
    const bad = await usageOf(w.admin, w.id, 'Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(bad.raw.body).toContain(insightMessages.badTimeZone);
  });

  it("reads a UTC week's active users from the weekly totals, a zone whose weeks cut other UTC days from the day rows", async () => {
    const w = await usageTeam();
    const lastMonday = isoDay(w.monday - 7 * dayMs);
    // The member in VR on last week's Monday and Tuesday (UTC), rolled up: one active user.
    await checkIns(w.member.id, lastMonday, 12 * 3600, 2);
    await checkIns(w.member.id, isoDay(w.monday - 6 * dayMs), 12 * 3600, 2);
    for (const d of [0, 1]) await rollupDay(t.ctx.db, isoDay(w.monday - (7 - d) * dayMs));
    const weeks = async (zone: string) =>
      (await usageOf(w.admin, w.id, zone)).body.weeks
        .slice(-2)
        .map((x) => [x.activeUsers, x.licensesUsed]);
    // Berlin (+1) and New York (−5) cut weeks at UTC Mondays: both read the week's total.
    expect(await weeks('Europe/Berlin')).toEqual([
      [1, 1],
      [0, 0],
    ]);
    // The week's total says more (as if another member's day had been summed into it): the
    // zones of UTC weeks answer it, Kiritimati (+14, weeks from the UTC Sunday) the day rows.
    await t.ctx.db
      .update(usageTeamWeeks)
      .set({ activeUsers: 5, licensesUsed: 4 })
      .where(and(eq(usageTeamWeeks.organizationId, w.id), eq(usageTeamWeeks.week, lastMonday)));
    expect(await weeks('Europe/Berlin')).toEqual([
      [5, 4],
      [0, 0],
    ]);
    expect(await weeks('America/New_York')).toEqual([
      [5, 4],
      [0, 0],
    ]);
    expect(await weeks('Pacific/Kiritimati')).toEqual([
      [1, 1],
      [0, 0],
    ]);
  });

  it('shows each week the licenses held then, as the rollup recorded them', async () => {
    const w = await usageTeam();
    const day = (weeksAgo: number, d = 0) => isoDay(w.monday - weeksAgo * 7 * dayMs + d * dayMs);
    // Recorded: 10 on a day five weeks ago, 12 and then 14 (its last day) three weeks ago.
    await t.ctx.db.insert(usageTeamLicenses).values([
      { organizationId: w.id, day: day(5, 2), licensesHeld: 10 },
      { organizationId: w.id, day: day(3, 1), licensesHeld: 12 },
      { organizationId: w.id, day: day(3, 4), licensesHeld: 14 },
    ]);
    const usage = (await usageOf(w.admin, w.id)).body;
    // Now: the team's 3 manual licenses. Weeks before the first record show the first one.
    expect(usage.licensesHeld).toBe(3);
    expect(usage.weeks.map((x) => x.licensesHeld)).toEqual([
      10, 10, 10, 10, 10, 10, 10, 10, 14, 14, 14, 14,
    ]);
    // The CSV holds the same numbers.
    const csv = await usageCsvOf(w.admin, w.id);
    const held = csv.raw.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[3]));
    expect(held).toEqual(usage.weeks.map((x) => x.licensesHeld));
    // A record before the period carries into its first weeks; none at all shows today's count.
    await t.ctx.db
      .insert(usageTeamLicenses)
      .values({ organizationId: w.id, day: day(20), licensesHeld: 7 });
    const again = (await usageOf(w.admin, w.id)).body;
    expect(again.weeks.map((x) => x.licensesHeld).slice(0, 7)).toEqual([7, 7, 7, 7, 7, 7, 10]);
    const bare = await usageTeam();
    const none = (await usageOf(bare.admin, bare.id)).body;
    expect(new Set(none.weeks.map((x) => x.licensesHeld))).toEqual(new Set([3]));
  });

  it('team admins only: a member 403, another team 404, a super admin of no membership 404', async () => {
    const w = await team(t);
    const other = await team(t);
    const root = await person(t, { superAdmin: true });
    for (const [e, query] of [
      [insightApi.teamUsage, {}],
      [insightApi.teamUsageCsv, {}],
      [insightApi.devices, { Page: 1, PageSize: 10 }],
    ] as const) {
      const by = async (p: Person | null) =>
        (await callUnchecked(t, e, { params: { organizationId: w.id }, query, ...as(p) })).status;
      expect(await by(w.admin)).toBe(200);
      expect(await by(w.member)).toBe(403);
      expect(await by(other.admin)).toBe(404);
      expect(await by(root)).toBe(404);
      expect(await by(null)).toBe(401);
    }
  });
});

describe("a meeting's attendance through the VR app's calls", () => {
  it('two users and a guest: first and last seen, duration to the check-in interval; CSV the same', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const absent = await person(t, { firstName: 'Ann', lastName: 'Absent' });
    await addMember(t, w.id, absent.id, 'User');
    const guestEmail = uniqueEmail('visitor');
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(
        t,
        [room.id],
        [{ email: w.member.email }, { email: absent.email }, { email: guestEmail }],
      ),
    );
    const attendance = (by: Person) =>
      callEndpoint(t, insightApi.attendance, {
        params: { organizationId: w.id, meetingId: m.id },
        ...as(by),
      });
    expect((await attendance(w.admin)).status).toBe(400);
    await advance(t, 3600 + 60, w.admin, w.member);
    const seat = (
      token: string,
      endpoint: typeof seatsApi.check | typeof guestsApi.checkSeat,
      seatKey: string,
    ) =>
      callEndpoint(t, endpoint, {
        token,
        body: { seatKey, deviceName: 'Quest 3' },
        headers: { 'user-agent': headset },
      });
    const lookup = (token: string) =>
      callEndpoint(t, meetingsApi.lookup, { params: { code: m.meetingCode }, token });
    const t0 = t.clock.now().getTime();
    // The calls take real time on top of the clock's advances (a loaded machine: seconds): each
    // instant is checked against the clock read around the call that made it.
    const marks: Record<string, [number, number]> = {};
    const mark = async <R>(name: string, f: () => Promise<R>) => {
      const from = t.clock.now().getTime();
      const r = await f();
      marks[name] = [from, t.clock.now().getTime()];
      return r;
    };
    // Both users join now and check in; the admin stays 30 minutes, the member 15.
    for (const p of [w.admin, w.member]) {
      expect((await mark(`join ${p.id}`, () => lookup(p.session.access_token))).status).toBe(200);
      expect((await seat(p.session.access_token, seatsApi.check, `seat-${p.id}`)).status).toBe(200);
    }
    let guest: { access_token: string } | undefined;
    for (let i = 1; i <= 6; i++) {
      await advance(t, interval, w.admin, w.member);
      await mark(`admin ${i}`, () =>
        seat(w.admin.session.access_token, seatsApi.check, `seat-${w.admin.id}`),
      );
      if (i <= 3) await seat(w.member.session.access_token, seatsApi.check, `seat-${w.member.id}`);
      // The guest joins after one interval and stays two.
      if (i === 1) {
        guest = await signInGuest(t, guestEmail);
        expect((await mark('guest', () => lookup(guest!.access_token))).status).toBe(200);
      }
      if (i >= 1 && i <= 3) await seat(guest!.access_token, guestsApi.checkSeat, 'guest-seat');
    }
    await usageFactsSettled(t.ctx);
    const a = (await attendance(w.admin)).body;
    const of = (email: string) => a.attendees.find((x) => x.email === email)!;
    // Within the call that made it (to the millisecond kept, a second either side).
    const within = (iso: string, name: string) => {
      const [from, to] = marks[name]!;
      expect(Date.parse(iso)).toBeGreaterThanOrEqual(from - 1000);
      expect(Date.parse(iso)).toBeLessThanOrEqual(to + 1000);
    };
    // The real time the calls took beside the clock's advances, seconds: the durations' error.
    const slack = (t.clock.now().getTime() - t0) / 1000 - 6 * interval + 2;
    const about = (seconds: number, expected: number) =>
      expect(Math.abs(seconds - expected)).toBeLessThanOrEqual(slack);
    expect(a.attendees).toHaveLength(3);
    within(of(w.admin.email).firstSeenAt, `join ${w.admin.id}`);
    within(of(w.admin.email).lastSeenAt, 'admin 6');
    about(of(w.admin.email).durationSeconds, 6 * interval);
    about(of(w.member.email).durationSeconds, 3 * interval);
    within(of(guestEmail).firstSeenAt, 'guest');
    about(of(guestEmail).durationSeconds, 2 * interval);
    expect(a.attendees.map((x) => x.email)).toEqual([w.admin.email, w.member.email, guestEmail]);
    expect(a.neverJoined).toEqual([{ userId: absent.id, name: 'Ann Absent', email: absent.email }]);

    const csv = await callEndpoint(t, insightApi.attendanceCsv, {
      params: { organizationId: w.id, meetingId: m.id },
      query: {},
      token: w.admin.session,
    });
    expect(csv.status, csv.raw.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="attendance-${m.meetingCode}.csv"`,
    );
    const rows = csv.raw.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(4);
    const admin = of(w.admin.email);
    expect(rows[0]).toBe(
      `Joined,User,Alice Admin,${w.admin.email},${admin.firstSeenAt},${admin.lastSeenAt},${admin.durationSeconds}`,
    );
    expect(rows[3]).toBe(`Never joined,User,Ann Absent,${absent.email},,,`);

    // Its moderators and the team's admins only.
    await advance(t, 0, absent);
    expect((await attendance(w.member)).status).toBe(403);
    expect((await attendance(absent)).status).toBe(403);
    const other = await team(t);
    expect((await attendance(other.admin)).status).toBe(404);
  });
});

describe("'Last in VR' on the team users list", () => {
  it("admins see everyone's, members their own; the filter lists licensed members not in VR", async () => {
    const w = await usageTeam();
    const idle = await person(t, { firstName: 'Ida', lastName: 'Idle' });
    await addMember(t, w.id, idle.id, 'User');
    await t.ctx.db
      .update(memberships)
      .set({ licenseType: 'License' })
      .where(and(eq(memberships.organizationId, w.id), eq(memberships.userId, idle.id)));
    const now = t.clock.now();
    // The member checked in an hour ago; the idle one 40 days ago (summed into the totals).
    await t.ctx.db.insert(usageCheckIns).values({
      at: new Date(now.getTime() - 3600_000),
      userId: w.member.id,
      seatKey: 's',
      deviceName: 'Quest 3',
      conflicted: false,
    });
    const old = isoDay(now.getTime() - 40 * dayMs);
    await checkIns(idle.id, old, 3600, 2);
    await rollupDay(t.ctx.db, old);
    await t.ctx.db.delete(usageCheckIns).where(eq(usageCheckIns.userId, idle.id));

    type Row = { id: string; lastInVrAt?: string | null };
    const ask = (by: Person, notInVr?: boolean) =>
      callEndpoint(t, teamUsersApi.list, {
        params: { organizationId: w.id },
        query: { Page: 1, PageSize: 50, ...(notInVr ? { LicensedNotInVr: 'true' } : {}) },
        token: by.session,
      });
    const list = async (by: Person, notInVr?: boolean): Promise<Row[]> =>
      (await ask(by, notInVr)).body.results.results;
    const byId = (rows: Row[], id: string) => rows.find((r) => r.id === id)?.lastInVrAt;
    const asAdmin = await list(w.admin);
    expect(byId(asAdmin, w.member.id)).toBe(new Date(now.getTime() - 3600_000).toISOString());
    expect(byId(asAdmin, idle.id)).toBe(at(old, 3600 + interval).toISOString());
    expect(byId(asAdmin, w.admin.id)).toBeNull();
    const asMember = await list(w.member);
    expect(byId(asMember, w.member.id)).toBe(new Date(now.getTime() - 3600_000).toISOString());
    expect(byId(asMember, idle.id)).toBeNull();

    const filtered = await list(w.admin, true);
    expect(filtered.map((r) => r.id)).toEqual([idle.id]);
    expect((await ask(w.member, true)).status).toBe(403);
  });
});

describe("the team's devices", () => {
  it('the seat holder with its app version, a refused device as the conflict, the required update', async () => {
    const w = await team(t);
    const seat = (seatKey: string, deviceName: string, userAgent = headset) =>
      callEndpoint(t, seatsApi.check, {
        body: { seatKey, deviceName },
        token: w.member.session,
        headers: { 'user-agent': userAgent },
      });
    expect((await seat('quest', 'Quest 3')).status).toBe(200);
    expect((await seat('pc', 'Office PC')).status).toBe(200);
    await usageFactsSettled(t.ctx);
    const page = async (Page = 1) =>
      (
        await callEndpoint(t, insightApi.devices, {
          params: { organizationId: w.id },
          query: { Page, PageSize: 10 },
          token: w.admin.session,
        })
      ).body;
    const p = await page();
    expect(p.entryCount).toBe(1);
    expect(p.results[0]).toMatchObject({
      userId: w.member.id,
      userName: 'Max Member',
      deviceName: 'Quest 3',
      appVersion: headset,
      isConflicted: true,
      conflictingDeviceName: 'Office PC',
      updateRequired: false,
    });
    // A page past the end: no rows, and the count all the same.
    expect(await page(2)).toMatchObject({ entryCount: 1, results: [] });
    // The headset checks in again with a newer app: the fact of its last check-in says which.
    // That fact lost, its latest one since it took the seat does.
    await advance(t, 60, w.admin, w.member);
    expect((await seat('quest', 'Quest 3', 'RoomscaleVR/2.5.0')).status).toBe(200);
    await usageFactsSettled(t.ctx);
    expect((await page()).results[0]).toMatchObject({ appVersion: 'RoomscaleVR/2.5.0' });
    await t.ctx.db
      .delete(usageCheckIns)
      .where(
        and(
          eq(usageCheckIns.userId, w.member.id),
          eq(usageCheckIns.appVersion, 'RoomscaleVR/2.5.0'),
        ),
      );
    expect((await page()).results[0]).toMatchObject({ appVersion: headset });
    await advance(t, 16 * 60, w.admin, w.member);
    expect((await page()).results[0]).toMatchObject({ updateRequired: true });
  });
});

describe('platform usage', () => {
  it('super admins only: weekly use and the teams by license use', async () => {
    const w = await usageTeam();
    const lastMonday = isoDay(w.monday - 7 * dayMs);
    await checkIns(w.member.id, lastMonday, 10 * 3600, 3);
    await rollupDay(t.ctx.db, lastMonday);
    const root = await person(t, { superAdmin: true });
    const platform = (by: Person) => callEndpoint(t, insightApi.platformUsage, as(by));
    const u = (await platform(root)).body;
    expect(u.weeks).toHaveLength(insightLimits.weeks);
    const week = u.weeks.find((x) => x.weekStart === lastMonday)!;
    expect(week.activeUsers).toBeGreaterThanOrEqual(1);
    expect(week.activeTeams).toBeGreaterThanOrEqual(1);
    expect(week.secondsInVr).toBeGreaterThanOrEqual(2 * interval);
    expect(u.mostLicenseUse.length).toBeLessThanOrEqual(insightLimits.licenseRankCount);
    expect(u.leastLicenseUse.length).toBeLessThanOrEqual(insightLimits.licenseRankCount);
    const mine = u.mostLicenseUse.find((x) => x.organizationId === w.id);
    expect(mine).toMatchObject({ licensesHeld: 3, licensesUsed: 1 });
    expect(mine!.share).toBeCloseTo(1 / 3);
    expect((await platform(w.admin)).status).toBe(403);
  });
});
