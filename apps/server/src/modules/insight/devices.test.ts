import { fileLimits, seatLimits } from '@roomscale/shared';
import { insightApi, seatsApi, teamUsersApi, usersApi } from '@roomscale/shared/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, advance, type Person, person, team } from '../../test/workspace.ts';
import { deviceCount, deviceCountCap } from './devices.ts';

/**
 * The devices list's order (docs/usage.md "Devices"): the page walks `team_seats`, a copy of each
 * member's seat time beside each of their teams, which the seat and membership writes keep. Each
 * case changes a seat or a membership through the product's calls and reads the list through
 * its call; `expectKept` also compares the copy with the seats and memberships it copies.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const seat = async (p: Person, seatKey = 'quest', deviceName = 'Quest 3') => {
  const res = await callEndpoint(t, seatsApi.check, {
    body: { seatKey, deviceName },
    token: p.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
};
/** The time a seat call stored as the seat's last check-in (its required update less the interval). */
const seenAt = (status: { requiredNextUpdateTime: string }) =>
  new Date(
    Date.parse(status.requiredNextUpdateTime) - seatLimits.requiredUpdateSeconds * 1000,
  ).toISOString();

/** The team's devices list as its admin reads it: user ids in order, and the count. */
async function listed(teamId: string, admin: Person) {
  const res = await callEndpoint(t, insightApi.devices, {
    params: { organizationId: teamId },
    query: { Page: 1, PageSize: 100 },
    token: admin.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  return {
    ids: res.body.results.map((d) => d.userId),
    count: res.body.entryCount,
    rows: res.body.results,
  };
}

/** Every team's copy holds exactly its active members' seats, each at its seat's time. */
async function expectKept() {
  const res = await t.ctx.db.execute(sql`
    (select m.organization_id, s.user_id, s.last_seen_at from memberships m
      join seats s on s.user_id = m.user_id where m.role <> 'None'
     except select organization_id, user_id, last_seen_at from team_seats)
    union all
    (select organization_id, user_id, last_seen_at from team_seats
     except select m.organization_id, s.user_id, s.last_seen_at from memberships m
      join seats s on s.user_id = m.user_id where m.role <> 'None')`);
  expect((res as unknown as { rows: unknown[] }).rows).toEqual([]);
}

/** Two teams sharing two members, the second with one more. */
async function twoTeams() {
  const one = await team(t, 'One');
  const two = await team(t, 'Two');
  const shared = await person(t, { firstName: 'Sam', lastName: 'Shared' });
  const onlyTwo = await person(t, { firstName: 'Olga', lastName: 'Other' });
  await addMember(t, one.id, shared.id, 'User');
  await addMember(t, two.id, shared.id, 'User');
  await addMember(t, one.id, two.member.id, 'User');
  await addMember(t, two.id, onlyTwo.id, 'User');
  return { one, two, shared, onlyTwo, everyone: [one.admin, two.admin, one.member, two.member] };
}

describe("the devices list's order", () => {
  it('follows each check-in in every team of the member, latest seen first', async () => {
    const { one, two, shared, onlyTwo, everyone } = await twoTeams();
    const people = [...everyone, shared, onlyTwo];
    await seat(shared);
    await advance(t, 60, ...people);
    await seat(two.member);
    await advance(t, 60, ...people);
    await seat(onlyTwo);
    expect((await listed(one.id, one.admin)).ids).toEqual([two.member.id, shared.id]);
    expect((await listed(two.id, two.admin)).ids).toEqual([onlyTwo.id, two.member.id, shared.id]);
    // The first to check in checks in again: first in both teams, at its new time.
    await advance(t, 60, ...people);
    const again = await seat(shared);
    const first = await listed(one.id, one.admin);
    expect(first.ids).toEqual([shared.id, two.member.id]);
    expect(first.rows[0]!.lastSeenAt).toBe(seenAt(again));
    expect((await listed(two.id, two.admin)).ids).toEqual([shared.id, onlyTwo.id, two.member.id]);
    // A refused device writes no seat: the order stays.
    await advance(t, 60, ...people);
    expect((await seat(two.member, 'pc', 'Office PC')).isConflicted).toBe(true);
    expect((await listed(one.id, one.admin)).ids).toEqual([shared.id, two.member.id]);
    await expectKept();
  });

  it('ties in time go by user id, as before', async () => {
    const { one, two, shared } = await twoTeams();
    await seat(shared);
    await seat(two.member);
    // Two seats seen at one instant (one statement writes both, as a bulk edit would).
    await t.ctx.db.execute(sql`update seats set last_seen_at = ${t.clock.now().toISOString()}
      where user_id in (${shared.id}, ${two.member.id})`);
    await expectKept();
    expect((await listed(one.id, one.admin)).ids).toEqual(
      [shared.id, two.member.id].toSorted((a, b) => (a < b ? -1 : 1)),
    );
  });

  it('takes in a member who joins, or comes back, already holding a seat', async () => {
    const w = await team(t);
    const newcomer = await person(t, { firstName: 'Nina', lastName: 'New' });
    await seat(newcomer);
    await advance(t, 60, w.admin, w.member, newcomer);
    await seat(w.member);
    expect((await listed(w.id, w.admin)).ids).toEqual([w.member.id]);
    await addMember(t, w.id, newcomer.id, 'User');
    expect(await listed(w.id, w.admin)).toMatchObject({
      ids: [w.member.id, newcomer.id],
      count: 2,
    });
    await expectKept();
    // Removed, the member leaves the list; given a role again, they are back at their seat's
    // time (their check-ins meanwhile included).
    const removed = await callEndpoint(t, teamUsersApi.remove, {
      params: { organizationId: w.id, userId: newcomer.id },
      token: w.admin.session,
    });
    expect(removed.status, removed.raw.body).toBe(204);
    await advance(t, 60, w.admin, w.member, newcomer);
    await seat(newcomer);
    expect(await listed(w.id, w.admin)).toMatchObject({ ids: [w.member.id], count: 1 });
    await t.ctx.db
      .update(memberships)
      .set({ role: 'User', licenseType: 'Trial' })
      .where(and(eq(memberships.organizationId, w.id), eq(memberships.userId, newcomer.id)));
    expect(await listed(w.id, w.admin)).toMatchObject({
      ids: [newcomer.id, w.member.id],
      count: 2,
    });
    await expectKept();
  });

  it('a member who leaves leaves the list of that team only', async () => {
    const { one, two, shared, everyone } = await twoTeams();
    await seat(two.member);
    await advance(t, 60, ...everyone, shared);
    await seat(shared);
    const removed = await callEndpoint(t, teamUsersApi.remove, {
      params: { organizationId: one.id, userId: shared.id },
      token: one.admin.session,
    });
    expect(removed.status, removed.raw.body).toBe(204);
    expect(await listed(one.id, one.admin)).toMatchObject({ ids: [two.member.id], count: 1 });
    expect((await listed(two.id, two.admin)).ids).toEqual([shared.id, two.member.id]);
    // Their later check-ins still move them in the team they stay in.
    await advance(t, 60, ...everyone, shared);
    await seat(two.member);
    expect((await listed(two.id, two.admin)).ids).toEqual([two.member.id, shared.id]);
    await expectKept();
  });

  it('a seat taken over by another device moves to its time; a released one leaves', async () => {
    const { one, shared, everyone } = await twoTeams();
    const people = [...everyone, shared];
    await seat(shared, 'quest', 'Quest 3');
    await advance(t, seatLimits.requiredUpdateSeconds, ...people);
    await seat(one.member);
    await advance(t, 60, ...people);
    // The headset lapsed: the PC takes the seat, and the row its time and name.
    const pc = await seat(shared, 'pc', 'Office PC');
    expect(pc).toMatchObject({ lastSeatKeyInUse: 'pc', isConflicted: false });
    const taken = await listed(one.id, one.admin);
    expect(taken.ids).toEqual([shared.id, one.member.id]);
    expect(taken.rows[0]).toMatchObject({
      deviceName: 'Office PC',
      lastSeenAt: seenAt(pc),
      lastSeatAssignmentTime: pc.lastSeatAssignmentTime,
    });
    await expectKept();
    // Logging out with the seat's key frees it: the device leaves every team's list.
    const out = await callEndpoint(t, usersApi.logout, {
      query: { seatKey: 'pc' },
      token: shared.session,
    });
    expect(out.status).toBe(204);
    expect(await listed(one.id, one.admin)).toMatchObject({ ids: [one.member.id], count: 1 });
    await expectKept();
    // The next check-in takes the seat again, first in the list.
    shared.session = await signIn(t, shared);
    await advance(t, 60, ...people);
    await seat(shared, 'quest', 'Quest 3');
    expect((await listed(one.id, one.admin)).ids).toEqual([shared.id, one.member.id]);
    await expectKept();
  });

  it('counts a window past the page, and every row on the pages', async () => {
    const w = await team(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await person(t, { firstName: 'Quest', lastName: `User ${i}` });
      await addMember(t, w.id, p.id, 'User');
      await seat(p);
      ids.unshift(p.id);
      t.clock.advance(1);
    }
    const page = async (Page: number) =>
      (
        await callEndpoint(t, insightApi.devices, {
          params: { organizationId: w.id },
          query: { Page, PageSize: 2 },
          token: w.admin.session,
        })
      ).body;
    expect(await page(1)).toMatchObject({ entryCount: 3, pageCount: 2 });
    expect((await page(1)).results.map((d) => d.userId)).toEqual(ids.slice(0, 2));
    expect((await page(2)).results.map((d) => d.userId)).toEqual(ids.slice(2));
    expect(await page(3)).toMatchObject({ entryCount: 3, results: [] });
    // Past its cap the count stops: cap + 1, a lower bound that promises another page.
    const capped = async (cap: number) =>
      (
        (await t.ctx.db.execute(deviceCount(w.id, null, cap))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    expect(await capped(1)).toBe(2);
    expect(await capped(3)).toBe(3);
    expect(deviceCountCap(2, 4)).toBe(6 + fileLimits.countWindow);
  });
});
