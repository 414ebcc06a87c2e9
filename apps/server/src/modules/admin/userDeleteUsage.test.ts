import { usageLimits } from '@roomscale/shared';
import { adminApi } from '@roomscale/shared/contract';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  usageCheckIns,
  usageMeetingJoins,
  usageMemberDays,
  usageRoomChanges,
  usageTeamDays,
  usageUserDays,
} from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, type Person, person, team } from '../../test/workspace.ts';
import { rollupDay } from '../usage/rollup.ts';

let t: TestApp;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Root', lastName: 'Admin' });
});
afterAll(() => t.close());

const interval = usageLimits.checkInIntervalSeconds;

/** Ten check-ins, one interval apart, from `start`; a join of one meeting. */
async function useOn(userId: string, teamId: string, meetingId: string, start: Date) {
  await t.ctx.db.insert(usageCheckIns).values(
    Array.from({ length: 10 }, (_, i) => ({
      at: new Date(start.getTime() + i * interval * 1000),
      userId,
      seatKey: `seat-${userId}`,
      deviceName: 'Quest 3',
      appVersion: null,
      conflicted: false,
    })),
  );
  await t.ctx.db
    .insert(usageMeetingJoins)
    .values({ at: start, meetingId, organizationId: teamId, userId });
}

describe("a deleted user's usage", () => {
  it('their raw facts go with the account; the team day keeps its numbers; others keep theirs', async () => {
    const w = await team(t);
    const keeper = await person(t, { firstName: 'Kim', lastName: 'Keeper' });
    await addMember(t, w.id, keeper.id, 'User');
    const meetingId = crypto.randomUUID();
    // A day well before the last ones the hourly rollup sums again.
    const day = new Date(t.clock.now().getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
    const start = new Date(`${day}T09:00:00Z`);
    await useOn(w.member.id, w.id, meetingId, start);
    await useOn(keeper.id, w.id, meetingId, start);
    await t.ctx.db.insert(usageRoomChanges).values({
      at: start,
      meetingId,
      organizationId: w.id,
      fromRoomId: null,
      toRoomId: crypto.randomUUID(),
      byUserId: w.member.id,
    });
    await rollupDay(t.ctx.db, day);
    const teamDay = () =>
      t.ctx.db
        .select()
        .from(usageTeamDays)
        .where(and(eq(usageTeamDays.organizationId, w.id), eq(usageTeamDays.day, day)));
    const [before] = await teamDay();
    expect(before).toMatchObject({ activeUsers: 2, userAttendees: 2, roomChanges: 1 });
    expect(before?.secondsInVr).toBe(2 * 9 * interval);

    const res = await callEndpoint(t, adminApi.deleteUser, {
      params: { userId: w.member.id },
      token: root.session,
    });
    expect(res.status, res.raw.body).toBeLessThan(300);

    const factsOf = async (userId: string) => [
      ...(await t.ctx.db.select().from(usageCheckIns).where(eq(usageCheckIns.userId, userId))),
      ...(await t.ctx.db
        .select()
        .from(usageMeetingJoins)
        .where(eq(usageMeetingJoins.userId, userId))),
      ...(await t.ctx.db
        .select()
        .from(usageRoomChanges)
        .where(eq(usageRoomChanges.byUserId, userId))),
    ];
    expect(await factsOf(w.member.id)).toEqual([]);
    expect(await factsOf(keeper.id)).toHaveLength(11);
    // The member's own totals went with the account; the team's day keeps the sums.
    const personal = await t.ctx.db
      .select()
      .from(usageUserDays)
      .where(or(eq(usageUserDays.userId, w.member.id), eq(usageUserDays.userId, keeper.id)));
    expect(personal.map((r) => r.userId)).toEqual([keeper.id]);
    expect(
      await t.ctx.db.select().from(usageMemberDays).where(eq(usageMemberDays.userId, w.member.id)),
    ).toEqual([]);
    expect(await teamDay()).toEqual([before]);
  });
});
