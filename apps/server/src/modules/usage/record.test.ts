import { usageLimits } from '@roomscale/shared';
import { guestsApi, meetingsApi, seatsApi } from '@roomscale/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCheckIns, usageMeetingJoins, usageRoomChanges } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { signIn } from '../../test/factories.ts';
import { signInGuest } from '../../test/guests.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  addMember,
  addRoom,
  advance,
  createMeeting,
  meetingBody,
  person,
  team,
} from '../../test/workspace.ts';
import { usageFactLosses, usageFactsSettled } from './record.ts';

let t: TestApp;
beforeAll(async () => {
  // Metrics on (behind a token), so the lost facts' counter can be read.
  t = await createTestApp({ METRICS_TOKEN: 'm'.repeat(40) });
});
afterAll(() => t.close());

const headset = 'RoomscaleVR/2.4.1 (Quest 3; Android 12)';

/** The facts of one kind written so far (every write started has finished). */
async function facts<T>(
  table: typeof usageCheckIns | typeof usageMeetingJoins | typeof usageRoomChanges,
) {
  await usageFactsSettled(t.ctx);
  return (await t.ctx.db.select().from(table)) as T[];
}
const checkIns = () => facts<typeof usageCheckIns.$inferSelect>(usageCheckIns);
const joins = () => facts<typeof usageMeetingJoins.$inferSelect>(usageMeetingJoins);

/** A seat check-in of a user (`seatsApi.check`) or a guest (`guestsApi.checkSeat`). */
const seat = (
  token: string,
  endpoint: typeof seatsApi.check | typeof guestsApi.checkSeat,
  seatKey: string,
  deviceName: string,
) =>
  callEndpoint(t, endpoint, {
    token,
    body: { seatKey, deviceName },
    headers: { 'user-agent': headset },
  });

/** A team meeting with two rooms, running now, its admin and member signed in again. */
async function runningMeeting() {
  const w = await team(t);
  const first = await addRoom(t, w.id, w.admin, { name: 'First' });
  const second = await addRoom(t, w.id, w.admin, { name: 'Second' });
  const m = await createMeeting(
    t,
    w.id,
    w.admin,
    meetingBody(t, [first.id, second.id], [{ email: w.member.email }]),
  );
  await advance(t, 3600 + 60, w.admin, w.member);
  return { w, m, first, second };
}

describe('usage facts recorded by the calls', () => {
  it("a user's seat check-in: the user, the device, the app's version and the conflict", async () => {
    const user = await person(t);
    const other = await person(t);
    const at = t.clock.now().getTime();
    const res = await seat(user.session.access_token, seatsApi.check, 'seat-1', 'Quest 3');
    expect(res.status, res.raw.body).toBe(200);
    const mine = (await checkIns()).filter((c) => c.userId === user.id);
    expect(mine).toEqual([
      {
        at: expect.any(Date),
        userId: user.id,
        guestId: null,
        seatKey: 'seat-1',
        deviceName: 'Quest 3',
        appVersion: headset,
        conflicted: false,
      },
    ]);
    expect(Math.abs(mine[0]!.at.getTime() - at)).toBeLessThan(5000);
    expect((await checkIns()).some((c) => c.userId === other.id)).toBe(false);

    // A long User-Agent is cut to its first usageLimits.appVersionMax characters.
    const long = `RoomscaleVR/2.4.1 ${'x'.repeat(300)}`;
    const res2 = await callEndpoint(t, seatsApi.check, {
      token: other.session,
      body: { seatKey: 'seat-3', deviceName: 'PC' },
      headers: { 'user-agent': long },
    });
    expect(res2.status).toBe(200);
    expect((await checkIns()).filter((c) => c.userId === other.id)).toMatchObject([
      { seatKey: 'seat-3', deviceName: 'PC', appVersion: long.slice(0, usageLimits.appVersionMax) },
    ]);
  });

  it('a conflicted check-in is recorded as one', async () => {
    const user = await person(t);
    const b = await signIn(t, user);
    await seat(user.session.access_token, seatsApi.check, 'holder', 'Quest A');
    const res = await seat(b.access_token, seatsApi.check, 'late', 'Quest B');
    expect(res.body).toMatchObject({ isConflicted: true, lastSeatKeyInUse: 'holder' });
    const mine = (await checkIns()).filter((c) => c.userId === user.id);
    expect(mine.map((c) => [c.seatKey, c.conflicted])).toEqual([
      ['holder', false],
      ['late', true],
    ]);
  });

  it("a guest's seat check-in is a guest's, never a user's", async () => {
    const guest = await signInGuest(t);
    const res = await seat(guest.access_token, guestsApi.checkSeat, 'guest-seat', 'Quest 2');
    expect(res.status, res.raw.body).toBe(200);
    const mine = (await checkIns()).filter((c) => c.guestId === guest.guestId);
    expect(mine).toMatchObject([
      { userId: null, guestId: guest.guestId, seatKey: 'guest-seat', deviceName: 'Quest 2' },
    ]);
  });

  it('a lookup of a running meeting with a user or a guest token is a join; without, nothing', async () => {
    const { w, m } = await runningMeeting();
    const guest = await signInGuest(t);
    const lookup = (token?: string) =>
      callEndpoint(t, meetingsApi.lookup, {
        params: { code: m.meetingCode },
        ...(token ? { token } : {}),
      });
    expect((await lookup()).status).toBe(200);
    expect((await joins()).filter((j) => j.meetingId === m.id)).toEqual([]);

    expect((await lookup(w.member.session.access_token)).body).toMatchObject({ error: 0 });
    expect((await lookup(guest.access_token)).body).toMatchObject({ error: 0 });
    // A token that is no longer good is nobody: the public lookup answers all the same.
    expect((await lookup('a.b.c')).status).toBe(200);
    const mine = (await joins()).filter((j) => j.meetingId === m.id);
    expect(mine).toHaveLength(2);
    expect(mine).toContainEqual(
      expect.objectContaining({ organizationId: w.id, userId: w.member.id, guestId: null }),
    );
    expect(mine).toContainEqual(
      expect.objectContaining({
        organizationId: w.id,
        userId: null,
        guestId: guest.guestId,
        guestEmail: guest.email,
      }),
    );
  });

  it('a lookup before the meeting starts is no join', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin, { name: 'Main' });
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [room.id], [{ email: w.member.email }]),
    );
    const res = await callEndpoint(t, meetingsApi.lookup, {
      params: { code: m.meetingCode },
      token: w.admin.session,
    });
    expect(res.body).toMatchObject({ error: 20 });
    expect((await joins()).filter((j) => j.meetingId === m.id)).toEqual([]);
  });

  it('a room change: the meeting, its team, from and to, and who', async () => {
    const { w, m, first, second } = await runningMeeting();
    const moderator = await person(t);
    await addMember(t, w.id, moderator.id, 'User');
    const res = await callEndpoint(t, meetingsApi.changeRoom, {
      params: { meetingId: m.id },
      token: w.admin.session,
      body: { roomId: second.id },
    });
    expect(res.status, res.raw.body).toBe(200);
    const changes = await facts<typeof usageRoomChanges.$inferSelect>(usageRoomChanges);
    expect(changes.filter((c) => c.meetingId === m.id)).toEqual([
      {
        at: expect.any(Date),
        meetingId: m.id,
        organizationId: w.id,
        fromRoomId: first.id,
        toRoomId: second.id,
        byUserId: w.admin.id,
      },
    ]);
  });
});

describe('a fact that cannot be written', () => {
  it('is logged and counted; the call answers as before', async () => {
    const user = await person(t);
    const before = usageFactLosses(t.ctx.db).failed.checkIn;
    await t.ctx.db.execute(sql`alter table usage_check_ins rename to usage_check_ins_away`);
    try {
      const res = await seat(user.session.access_token, seatsApi.check, 'seat-x', 'Quest');
      expect(res.status, res.raw.body).toBe(200);
      expect(res.body).toMatchObject({ lastSeatKeyInUse: 'seat-x', isConflicted: false });
      await usageFactsSettled(t.ctx);
      expect(usageFactLosses(t.ctx.db).failed.checkIn).toBe(before + 1);
      const lost = await t.ctx.metrics!.usageFactsLost.get();
      expect(
        lost.values.find((v) => v.labels.kind === 'checkIn' && v.labels.reason === 'failed')?.value,
      ).toBe(before + 1);
    } finally {
      await t.ctx.db.execute(sql`alter table usage_check_ins_away rename to usage_check_ins`);
    }
    // The seat itself was taken.
    const again = await seat(user.session.access_token, seatsApi.check, 'seat-x', 'Quest');
    expect(again.body).toMatchObject({ isConflicted: false });
    expect((await checkIns()).filter((c) => c.userId === user.id)).toHaveLength(1);
  });
});
