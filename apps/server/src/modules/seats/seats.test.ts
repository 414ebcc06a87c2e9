import { seatLimits } from '@roomscale/shared';
import { seatsApi, usersApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seats } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { bearer, createUser, expectProblem, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const user = await createUser(t);
  return { user, session: await signIn(t, user) };
}

async function check(token: string, seatKey: string, deviceName = `Headset ${seatKey}`) {
  const res = await callEndpoint(t, seatsApi.check, { token, body: { seatKey, deviceName } });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

describe('PUT /api/Users/Me/Seat', () => {
  it('requires a signed-in user', async () => {
    expectProblem(
      await callEndpoint(t, seatsApi.check, { body: { seatKey: 'a', deviceName: 'b' } }),
      401,
    );
    expectProblem(
      await callEndpoint(t, seatsApi.check, {
        headers: bearer('a.b.c'),
        body: { seatKey: 'a', deviceName: 'b' },
      }),
      401,
    );
  });

  it('validates the seat key and the device name', async () => {
    const { session } = await signedIn();
    const token = session.access_token;
    expectProblem(
      await callUnchecked(t, seatsApi.check, { token, body: { deviceName: 'Quest' } }),
      400,
      'seatKey',
    );
    expectProblem(
      await callEndpoint(t, seatsApi.check, {
        token,
        body: { seatKey: '  ', deviceName: 'Quest' },
      }),
      400,
      'seatKey',
    );
    expectProblem(
      await callEndpoint(t, seatsApi.check, {
        token,
        body: { seatKey: 'k', deviceName: 'x'.repeat(seatLimits.deviceNameMax + 1) },
      }),
      400,
      'deviceName',
    );
    expectProblem(
      await callEndpoint(t, seatsApi.check, {
        token,
        body: { seatKey: 'x'.repeat(seatLimits.seatKeyMax + 1), deviceName: 'Quest' },
      }),
      400,
      'seatKey',
    );
  });

  it('gives a free seat to the calling device, with the next update times', async () => {
    const { user, session } = await signedIn();
    const now = t.clock.now().getTime();
    const status = await check(session.access_token, 'seat-A', 'Quest 3');
    expect(status).toMatchObject({
      lastSeatKeyInUse: 'seat-A',
      lastDeviceNameInUse: 'Quest 3',
      isConflicted: false,
      recommendedNextUpdateDuration: seatLimits.recommendedUpdateSeconds,
      requiredNextUpdateDuration: seatLimits.requiredUpdateSeconds,
    });
    const assigned = Date.parse(status.lastSeatAssignmentTime!);
    expect(Math.abs(assigned - now)).toBeLessThan(5000);
    expect(Date.parse(status.recommendedNextUpdateTime) - assigned).toBe(
      seatLimits.recommendedUpdateSeconds * 1000,
    );
    expect(Date.parse(status.requiredNextUpdateTime) - assigned).toBe(
      seatLimits.requiredUpdateSeconds * 1000,
    );
    const [row] = await t.ctx.db.select().from(seats).where(eq(seats.userId, user.id));
    expect(row).toMatchObject({ seatKey: 'seat-A', deviceName: 'Quest 3' });

    // Checking again keeps the assignment time and renews the deadline.
    t.clock.advance(60);
    const again = await check(session.access_token, 'seat-A', 'Quest 3 (renamed)');
    expect(again.lastSeatAssignmentTime).toBe(status.lastSeatAssignmentTime);
    expect(again.lastDeviceNameInUse).toBe('Quest 3 (renamed)');
    const renewed =
      Date.parse(again.requiredNextUpdateTime) - Date.parse(status.requiredNextUpdateTime);
    expect(renewed).toBeGreaterThanOrEqual(60_000);
    expect(renewed).toBeLessThan(65_000);
  });

  it('reports a conflict while another device holds the seat, until it lapses', async () => {
    const user = await createUser(t);
    const deviceA = (await signIn(t, user)).access_token;
    const deviceB = (await signIn(t, user)).access_token;
    const held = await check(deviceA, 'seat-A', 'Quest A');

    const conflicted = await check(deviceB, 'seat-B', 'Quest B');
    expect(conflicted).toMatchObject({
      lastSeatKeyInUse: 'seat-A',
      lastDeviceNameInUse: 'Quest A',
      lastSeatAssignmentTime: held.lastSeatAssignmentTime,
      isConflicted: true,
      requiredNextUpdateTime: held.requiredNextUpdateTime,
    });
    // The holder is not disturbed.
    expect((await check(deviceA, 'seat-A', 'Quest A')).isConflicted).toBe(false);

    // A holder that misses its required update gives the seat up.
    t.clock.advance(seatLimits.requiredUpdateSeconds);
    const deviceB2 = (await signIn(t, user)).access_token;
    const deviceA2 = (await signIn(t, user)).access_token;
    const taken = await check(deviceB2, 'seat-B', 'Quest B');
    expect(taken).toMatchObject({ lastSeatKeyInUse: 'seat-B', isConflicted: false });
    expect(Date.parse(taken.lastSeatAssignmentTime!)).toBeGreaterThan(
      Date.parse(held.lastSeatAssignmentTime!),
    );
    expect(await check(deviceA2, 'seat-A', 'Quest A')).toMatchObject({
      lastSeatKeyInUse: 'seat-B',
      isConflicted: true,
    });
  });

  it('two devices checking at once: exactly one gets the seat', async () => {
    const user = await createUser(t);
    const a = (await signIn(t, user)).access_token;
    const b = (await signIn(t, user)).access_token;
    const [ra, rb] = await Promise.all([check(a, 'seat-1'), check(b, 'seat-2')]);
    expect([ra.isConflicted, rb.isConflicted].sort()).toEqual([false, true]);
    expect(ra.lastSeatKeyInUse).toBe(rb.lastSeatKeyInUse);
  });

  it('is rate limited per IP with a 429 problem', async () => {
    const { session } = await signedIn();
    const ip = '10.250.0.1';
    for (let i = 0; i < seatLimits.checksPerMinute; i++) {
      const res = await callEndpoint(t, seatsApi.check, {
        token: session,
        ip,
        body: { seatKey: 'k', deviceName: 'd' },
      });
      expect(res.status).toBe(200);
    }
    expectProblem(
      await callEndpoint(t, seatsApi.check, {
        token: session,
        ip,
        body: { seatKey: 'k', deviceName: 'd' },
      }),
      429,
    );
  });
});

describe('GET /api/Users/Logout?seatKey', () => {
  it("frees the seat when the key is the holder's, so another device takes it at once", async () => {
    const user = await createUser(t);
    const a = await signIn(t, user);
    const b = (await signIn(t, user)).access_token;
    await check(a.access_token, 'seat-A');
    expect((await check(b, 'seat-B')).isConflicted).toBe(true);

    const res = await callEndpoint(t, usersApi.logout, { query: { seatKey: 'seat-A' }, token: a });
    expect(res.status).toBe(204);
    expect(await t.ctx.db.select().from(seats).where(eq(seats.userId, user.id))).toEqual([]);
    expect(await check(b, 'seat-B')).toMatchObject({
      lastSeatKeyInUse: 'seat-B',
      isConflicted: false,
    });
  });

  it("keeps the seat when the key is another device's or missing", async () => {
    const user = await createUser(t);
    const holder = (await signIn(t, user)).access_token;
    await check(holder, 'seat-A');
    const other = await signIn(t, user);
    expect(
      (await callEndpoint(t, usersApi.logout, { query: { seatKey: 'seat-X' }, token: other }))
        .status,
    ).toBe(204);
    const third = await signIn(t, user);
    expect((await callEndpoint(t, usersApi.logout, { token: third })).status).toBe(204);
    const [row] = await t.ctx.db.select().from(seats).where(eq(seats.userId, user.id));
    expect(row?.seatKey).toBe('seat-A');
  });
});
