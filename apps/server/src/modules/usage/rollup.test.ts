import { retention, usageLimits } from '@roomscale/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guests,
  jobs,
  manualLicenses,
  memberships,
  usageCheckIns,
  usageMeetingJoins,
  usageMemberDays,
  usageMemberLastInVr,
  usageMemberWeeks,
  usageRollupBackfills,
  usageRoomChanges,
  usageTeamDays,
  usageTeamLicenses,
  usageTeamWeeks,
  usageUserDays,
} from '../../db/schema.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { batchSelect } from '../../platform/retention/batches.ts';
import { sweepRetention } from '../../platform/retention/sweep.ts';
import { tableRules } from '../../platform/retention/sweeps.ts';
import { createTeam, createUser, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { planSteps } from '../../test/plans.ts';
import { queueUsageRollup, USAGE_ROLLUP, usageRollupHandler } from './job.ts';
import { isoWeekOf, recordLicensesHeld, rollupDay, rollupDaysAt, utcDay } from './rollup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const gap = usageLimits.sessionGapSeconds;
const at = (day: string, seconds: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + seconds * 1000);

async function checkIns(
  person: { userId: string } | { guestId: string },
  day: string,
  seconds: number[],
) {
  await t.ctx.db.insert(usageCheckIns).values(
    seconds.map((s) => ({
      at: at(day, s),
      userId: 'userId' in person ? person.userId : null,
      guestId: 'guestId' in person ? person.guestId : null,
      seatKey: 'seat',
      deviceName: 'Quest 3',
      conflicted: false,
    })),
  );
}

async function userDay(userId: string, day: string) {
  const [row] = await t.ctx.db
    .select()
    .from(usageUserDays)
    .where(and(eq(usageUserDays.userId, userId), eq(usageUserDays.day, day)));
  return row;
}

async function newGuest() {
  const [g] = await t.ctx.db
    .insert(guests)
    .values({ email: uniqueEmail('guest') })
    .returning();
  return g!;
}

describe('sessions of VR use', () => {
  it('a gap of exactly the limit keeps a session going; one second more ends it', async () => {
    const user = await createUser(t);
    const day = '2026-03-02';
    // 08:00, then one gap exactly at the limit, then one a second over it.
    const start = 8 * 3600;
    await checkIns({ userId: user.id }, day, [start, start + gap, start + 2 * gap + 1]);
    await rollupDay(t.ctx.db, day);
    expect(await userDay(user.id, day)).toMatchObject({
      checkIns: 3,
      sessions: 2,
      // The first session from its first to its last check-in; the second has one check-in.
      secondsInVr: gap,
      firstSeenAt: at(day, start),
      lastSeenAt: at(day, start + 2 * gap + 1),
    });
  });

  it('a check-in every interval for two hours: one session of two hours', async () => {
    const user = await createUser(t);
    const day = '2026-03-03';
    const every = usageLimits.checkInIntervalSeconds;
    const times = Array.from({ length: 25 }, (_, i) => 9 * 3600 + i * every);
    await checkIns({ userId: user.id }, day, times);
    await rollupDay(t.ctx.db, day);
    expect(await userDay(user.id, day)).toMatchObject({
      sessions: 1,
      secondsInVr: 24 * every,
    });
  });

  it('a lone check-in is a session of no length', async () => {
    const user = await createUser(t);
    await checkIns({ userId: user.id }, '2026-03-04', [3600]);
    await rollupDay(t.ctx.db, '2026-03-04');
    expect(await userDay(user.id, '2026-03-04')).toMatchObject({ sessions: 1, secondsInVr: 0 });
  });
});

describe('the daily totals of a seeded week', () => {
  it('sums each day per user, member and team; guests apart; a re-run writes the same', async () => {
    const admin = await createUser(t);
    const team = await createTeam(t, admin.id, 'Week team');
    const licensed = await createUser(t);
    const trial = await createUser(t);
    await t.ctx.db.insert(memberships).values([
      { organizationId: team.id, userId: licensed.id, role: 'User', licenseType: 'License' },
      { organizationId: team.id, userId: trial.id, role: 'User', licenseType: 'Trial' },
    ]);
    const guest = await newGuest();
    const meetingId = crypto.randomUUID();
    const days = Array.from({ length: 7 }, (_, i) => `2026-04-${String(6 + i).padStart(2, '0')}`);
    const every = usageLimits.checkInIntervalSeconds;
    for (const [i, day] of days.entries()) {
      // The licensed member: an hour every morning (13 check-ins), and half an hour in the
      // afternoon on weekdays (7 more): two sessions.
      const morning = Array.from({ length: 13 }, (_, k) => 9 * 3600 + k * every);
      const afternoon = Array.from({ length: 7 }, (_, k) => 15 * 3600 + k * every);
      await checkIns({ userId: licensed.id }, day, i < 5 ? [...morning, ...afternoon] : morning);
      // The trial member on Monday only; the guest every day, as long as the licensed member.
      if (i === 0) await checkIns({ userId: trial.id }, day, morning);
      await checkIns({ guestId: guest.id }, day, morning);
      // Every day the team's meeting: both members (twice for the licensed one) and the guest.
      await t.ctx.db.insert(usageMeetingJoins).values([
        { at: at(day, 9 * 3600), meetingId, organizationId: team.id, userId: licensed.id },
        { at: at(day, 9 * 3600 + 60), meetingId, organizationId: team.id, userId: licensed.id },
        { at: at(day, 9 * 3600), meetingId, organizationId: team.id, userId: trial.id },
        {
          at: at(day, 9 * 3600),
          meetingId,
          organizationId: team.id,
          guestId: guest.id,
          guestEmail: guest.email,
        },
      ]);
      await t.ctx.db.insert(usageRoomChanges).values({
        at: at(day, 9 * 3600 + 600),
        meetingId,
        organizationId: team.id,
        toRoomId: crypto.randomUUID(),
        byUserId: admin.id,
      });
    }
    // A fact just outside the week does not count in it.
    await checkIns({ userId: licensed.id }, '2026-04-13', [0]);

    const rollupWeek = async () => {
      for (const day of days) await rollupDay(t.ctx.db, day);
    };
    const read = async () => ({
      team: await t.ctx.db
        .select()
        .from(usageTeamDays)
        .where(eq(usageTeamDays.organizationId, team.id))
        .orderBy(usageTeamDays.day),
      members: await t.ctx.db
        .select()
        .from(usageMemberDays)
        .where(eq(usageMemberDays.organizationId, team.id))
        .orderBy(usageMemberDays.day, usageMemberDays.userId),
      licensedDays: await t.ctx.db
        .select()
        .from(usageUserDays)
        .where(eq(usageUserDays.userId, licensed.id))
        .orderBy(usageUserDays.day),
      memberWeeks: await t.ctx.db
        .select()
        .from(usageMemberWeeks)
        .where(eq(usageMemberWeeks.organizationId, team.id))
        .orderBy(usageMemberWeeks.week, usageMemberWeeks.userId),
      teamWeeks: await t.ctx.db
        .select()
        .from(usageTeamWeeks)
        .where(eq(usageTeamWeeks.organizationId, team.id)),
      lastInVr: await t.ctx.db
        .select()
        .from(usageMemberLastInVr)
        .where(eq(usageMemberLastInVr.organizationId, team.id))
        .orderBy(usageMemberLastInVr.userId),
    });
    await rollupWeek();
    const first = await read();

    expect(first.licensedDays.map((d) => d.day)).toEqual(days);
    expect(first.licensedDays.map((d) => [d.sessions, d.secondsInVr, d.meetingsJoined])).toEqual(
      days.map((_, i) => (i < 5 ? [2, 12 * every + 6 * every, 1] : [1, 12 * every, 1])),
    );
    expect(first.team).toHaveLength(7);
    expect(first.team[0]).toEqual({
      organizationId: team.id,
      day: days[0],
      activeUsers: 2,
      licensedActiveUsers: 1,
      sessions: 3,
      secondsInVr: 18 * every + 12 * every,
      meetingsHeld: 1,
      userAttendees: 2,
      guestAttendees: 1,
      roomChanges: 1,
    });
    // Tuesday: the trial member only joined (no check-in): an attendee, not an active user.
    expect(first.team[1]).toMatchObject({
      activeUsers: 1,
      licensedActiveUsers: 1,
      sessions: 2,
      secondsInVr: 18 * every,
      userAttendees: 2,
      guestAttendees: 1,
    });
    const week = first.team.reduce(
      (s, d) => ({ seconds: s.seconds + d.secondsInVr, sessions: s.sessions + d.sessions }),
      { seconds: 0, sessions: 0 },
    );
    // The guest's seven hours in VR are nobody's in the team.
    expect(week).toEqual({ seconds: 5 * 18 * every + 2 * 12 * every + 12 * every, sessions: 13 });
    const monday = first.members.filter((m) => m.day === days[0]);
    expect(monday.map((m) => [m.userId, m.licensed, m.inVr, m.meetingsJoined]).sort()).toEqual(
      [
        [licensed.id, true, true, 1],
        [trial.id, false, true, 1],
      ].sort(),
    );
    // The ISO week (UTC, from Monday 6 April): both members in VR, one of them licensed; the
    // guest in none. Each member's last check-in of the week is kept as their 'last in VR'.
    expect(isoWeekOf(days[6]!)).toBe(days[0]);
    expect(first.memberWeeks.map((m) => [m.week, m.userId, m.inVr, m.licensedInVr]).sort()).toEqual(
      [
        [days[0], licensed.id, true, true],
        [days[0], trial.id, true, false],
      ].sort(),
    );
    expect(first.teamWeeks).toEqual([
      { organizationId: team.id, week: days[0], activeUsers: 2, licensesUsed: 1 },
    ]);
    const lastOf = (userId: string) => first.lastInVr.find((l) => l.userId === userId)?.lastInVrAt;
    expect(lastOf(licensed.id)).toEqual(at(days[6]!, 9 * 3600 + 12 * every));
    expect(lastOf(trial.id)).toEqual(at(days[0]!, 9 * 3600 + 12 * every));
    // The guest is in no member's day and no user's day.
    const guestRows = await t.ctx.db.execute(
      sql`select count(*)::int as n from usage_user_days where user_id = ${guest.id}::uuid`,
    );
    expect((guestRows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // Running it again writes the same totals.
    await rollupWeek();
    expect(await read()).toEqual(first);

    // A fact that arrives late for a day is in that day's totals at the next run.
    await checkIns({ userId: trial.id }, days[6]!, [20 * 3600]);
    await rollupDay(t.ctx.db, days[6]!);
    const after = await read();
    expect(after.team[6]).toMatchObject({ activeUsers: 2, sessions: first.team[6]!.sessions + 1 });
    expect(after.team.slice(0, 6)).toEqual(first.team.slice(0, 6));
    expect(after.teamWeeks).toEqual(first.teamWeeks);
    expect(after.lastInVr.find((l) => l.userId === trial.id)?.lastInVrAt).toEqual(
      at(days[6]!, 20 * 3600),
    );
    // Summing an older day again never moves 'last in VR' back.
    await rollupDay(t.ctx.db, days[0]!);
    expect((await read()).lastInVr).toEqual(after.lastInVr);

    // The weekly totals and 'last in VR' are filled once from the days kept before they were:
    // gone (as before the migration), the next run of any day writes them again.
    await t.ctx.db.delete(usageMemberWeeks).where(eq(usageMemberWeeks.organizationId, team.id));
    await t.ctx.db.delete(usageTeamWeeks).where(eq(usageTeamWeeks.organizationId, team.id));
    await t.ctx.db
      .delete(usageMemberLastInVr)
      .where(eq(usageMemberLastInVr.organizationId, team.id));
    await t.ctx.db.delete(usageRollupBackfills);
    await rollupDay(t.ctx.db, '2026-04-20');
    expect(await read()).toEqual(after);
    // Marked done: gone again, they are not filled a second time.
    await t.ctx.db.delete(usageTeamWeeks).where(eq(usageTeamWeeks.organizationId, team.id));
    await rollupDay(t.ctx.db, '2026-04-20');
    expect((await read()).teamWeeks).toEqual([]);
  });

  it("guests count as guests: never active users or licenses used, even at a member's address", async () => {
    const admin = await createUser(t);
    const team = await createTeam(t, admin.id, 'Guest team');
    const member = await createUser(t);
    await t.ctx.db
      .insert(memberships)
      .values({ organizationId: team.id, userId: member.id, role: 'User', licenseType: 'License' });
    // A guest who proved the licensed member's own address, and another guest.
    const [sameAddress] = await t.ctx.db.insert(guests).values({ email: member.email }).returning();
    const other = await newGuest();
    const day = '2026-06-01';
    const meetingId = crypto.randomUUID();
    for (const guest of [sameAddress!, other]) {
      await checkIns({ guestId: guest.id }, day, [3600, 3900, 4200]);
      await t.ctx.db.insert(usageMeetingJoins).values({
        at: at(day, 3600),
        meetingId,
        organizationId: team.id,
        guestId: guest.id,
        guestEmail: guest.email,
      });
    }
    await rollupDay(t.ctx.db, day);
    const [teamDay] = await t.ctx.db
      .select()
      .from(usageTeamDays)
      .where(and(eq(usageTeamDays.organizationId, team.id), eq(usageTeamDays.day, day)));
    expect(teamDay).toMatchObject({
      activeUsers: 0,
      licensedActiveUsers: 0,
      sessions: 0,
      secondsInVr: 0,
      meetingsHeld: 1,
      userAttendees: 0,
      guestAttendees: 2,
    });
    expect(await userDay(member.id, day)).toBeUndefined();
    const members = await t.ctx.db
      .select()
      .from(usageMemberDays)
      .where(and(eq(usageMemberDays.organizationId, team.id), eq(usageMemberDays.day, day)));
    expect(members).toEqual([]);
  });

  it('recomputes the recent days, none whose facts the sweep may have taken', () => {
    const now = new Date('2026-05-10T00:30:00Z');
    expect(rollupDaysAt(now, 90)).toEqual(['2026-05-08', '2026-05-09', '2026-05-10']);
    // Facts kept 2 days: the day before yesterday is partly swept already.
    expect(rollupDaysAt(now, 2)).toEqual(['2026-05-09', '2026-05-10']);
  });
});

describe('licenses held', () => {
  it("each run keeps the team's count for its UTC day; a team that held some keeps a row at none", async () => {
    const admin = await createUser(t);
    const team = await createTeam(t, admin.id, 'Licensed team');
    const bare = await createTeam(t, admin.id, 'Team without licenses');
    const now = t.clock.now();
    const [license] = await t.ctx.db
      .insert(manualLicenses)
      .values({
        organizationId: team.id,
        description: 'Pilot',
        userAmount: 5,
        startsAt: new Date(now.getTime() - 86_400_000),
        endsAt: new Date(now.getTime() + 86_400_000),
      })
      .returning();
    const held = async (organizationId: string) =>
      (
        await t.ctx.db
          .select({ day: usageTeamLicenses.day, held: usageTeamLicenses.licensesHeld })
          .from(usageTeamLicenses)
          .where(eq(usageTeamLicenses.organizationId, organizationId))
      ).map((r) => [r.day, r.held]);
    await recordLicensesHeld(t.ctx.db, now);
    expect(await held(team.id)).toEqual([[utcDay(now), 5]]);
    expect(await held(bare.id)).toEqual([]);
    // The day's last run wins; the next day's is a row of its own.
    await t.ctx.db.delete(manualLicenses).where(eq(manualLicenses.id, license!.id));
    await recordLicensesHeld(t.ctx.db, now);
    expect(await held(team.id)).toEqual([[utcDay(now), 0]]);
    const tomorrow = new Date(now.getTime() + 86_400_000);
    await recordLicensesHeld(t.ctx.db, tomorrow);
    expect(await held(team.id)).toEqual([
      [utcDay(now), 0],
      [utcDay(tomorrow), 0],
    ]);
  });
});

describe('the hourly job', () => {
  it("is queued once per hour however many instances queue it, and sums today's facts", async () => {
    const runner = new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
      [USAGE_ROLLUP]: usageRollupHandler(t.ctx),
    });
    const user = await createUser(t);
    const now = t.clock.now();
    const today = utcDay(now);
    // Two check-ins a minute apart, early today (whatever the time now).
    await checkIns({ userId: user.id }, today, [60, 120]);
    const queued = await Promise.all(
      Array.from({ length: 3 }, () => queueUsageRollup(t.ctx.db, now)),
    );
    expect(queued.filter(Boolean)).toHaveLength(1);
    expect(await runner.drain()).toBe(1);
    expect(await userDay(user.id, today)).toMatchObject({
      checkIns: 2,
      sessions: 1,
      secondsInVr: 60,
    });
    const runs = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, USAGE_ROLLUP));
    expect(runs.map((j) => j.status)).toEqual(['succeeded']);
    expect(await queueUsageRollup(t.ctx.db, now)).toBe(false);
  });
});

describe('retention of the raw facts', () => {
  it('the sweep deletes facts past their days and keeps the daily totals', async () => {
    const user = await createUser(t);
    const now = t.clock.now();
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const recent = new Date(now.getTime() - 29 * 86_400_000);
    const oldDay = old.toISOString().slice(0, 10);
    for (const when of [old, recent]) {
      await t.ctx.db.insert(usageCheckIns).values({
        at: when,
        userId: user.id,
        seatKey: 's',
        deviceName: 'd',
        conflicted: false,
      });
      await t.ctx.db
        .insert(usageMeetingJoins)
        .values({ at: when, meetingId: crypto.randomUUID(), userId: user.id });
      await t.ctx.db.insert(usageRoomChanges).values({
        at: when,
        meetingId: crypto.randomUUID(),
        toRoomId: crypto.randomUUID(),
        byUserId: user.id,
      });
    }
    await rollupDay(t.ctx.db, oldDay);
    const report = await sweepRetention(t.ctx.db, now, {
      auditRetentionDays: undefined,
      usageFactDays: 30,
    });
    for (const table of ['usage_check_ins', 'usage_meeting_joins', 'usage_room_changes']) {
      expect(report.find((r) => r.name === table)).toMatchObject({ complete: true });
      const res = await t.ctx.db.execute(
        sql`select count(*) filter (where at < ${now.toISOString()}::timestamptz - interval '30 days')::int as old,
          count(*)::int as n from ${sql.identifier(table)}`,
      );
      expect((res as unknown as { rows: { old: number }[] }).rows[0]!.old).toBe(0);
    }
    const mine = await t.ctx.db
      .select()
      .from(usageCheckIns)
      .where(eq(usageCheckIns.userId, user.id));
    expect(mine.map((c) => c.at)).toEqual([recent]);
    expect(await userDay(user.id, oldDay)).toMatchObject({ checkIns: 1, meetingsJoined: 1 });
  });

  it.skipIf(!process.env.TEST_PG_URL)(
    'a batch of the sweep reads the facts by their time index (PostgreSQL, 20,000 facts each)',
    async () => {
      const user = await createUser(t);
      const u = sql`${user.id}::uuid`;
      const days = sql.raw(
        "now() - (case when i % 4 = 0 then 120 else 10 end || ' days')::interval",
      );
      const rows = sql`generate_series(1, 20000) i`;
      await t.ctx.db.execute(sql`insert into usage_check_ins (at, user_id, seat_key, device_name, conflicted)
        select ${days}, ${u}, 's', 'd', false from ${rows}`);
      await t.ctx.db.execute(sql`insert into usage_meeting_joins (at, meeting_id, user_id)
        select ${days}, gen_random_uuid(), ${u} from ${rows}`);
      await t.ctx.db.execute(sql`insert into usage_room_changes (at, meeting_id, to_room_id, by_user_id)
        select ${days}, gen_random_uuid(), gen_random_uuid(), ${u} from ${rows}`);
      await t.ctx.db.execute(sql`analyze usage_check_ins, usage_meeting_joins, usage_room_changes`);
      const rules = tableRules.filter((r) => r.table.startsWith('usage_'));
      expect(rules.map((r) => r.table)).toEqual([
        'usage_check_ins',
        'usage_meeting_joins',
        'usage_room_changes',
      ]);
      for (const rule of rules) {
        const where = rule.expired(t.clock.now(), { auditRetentionDays: undefined })!;
        const steps = await planSteps(
          t.ctx.db,
          batchSelect(rule.table, where, retention.batchRows, rule.order),
        );
        const onTable = steps.filter((s) => s['Relation Name'] === rule.table);
        expect(onTable.map((s) => s['Node Type'])).not.toContain('Seq Scan');
        expect(steps.map((s) => s['Index Name'])).toContain(`${rule.table}_at`);
      }
    },
    120_000,
  );
});
