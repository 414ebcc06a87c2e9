import { adminMessages, usageLimits } from '@roomscale/shared';
import { adminApi, usersApi } from '@roomscale/shared/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileItems,
  meetings,
  memberships,
  rooms,
  sessions,
  usageCheckIns,
  usageMeetingJoins,
  usageMemberDays,
  usageRoomChanges,
  usageTeamDays,
  usageUserDays,
  users,
} from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTeam, createUser, expectProblem, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  addMember,
  addRoom,
  createMeeting,
  meetingBody,
  type Person,
  person,
  team,
} from '../../test/workspace.ts';
import { rollupDay } from '../usage/rollup.ts';
import {
  addFile,
  addFolder,
  auditOf,
  expectOk,
  expectSuperAdminOnly,
  runPurgeJobs,
  stored,
  UNKNOWN_ID,
} from './testing.ts';

let t: TestApp;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Root', lastName: 'Admin' });
});
afterAll(() => t.close());

const remove = (id: string) =>
  callEndpoint(t, adminApi.deleteUser, { params: { userId: id }, token: root.session });
const exists = async (id: string) =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

async function addRoomRow(
  organizationId: string,
  ownerUserId: string,
  sharingType: 'OwnerUser' | 'OwnerOrganization',
) {
  const [row] = await t.ctx.db
    .insert(rooms)
    .values({ name: sharingType, maxUsers: 8, sharingType, organizationId, ownerUserId })
    .returning({ id: rooms.id });
  return row!.id;
}

async function addMeetingRow(organizationId: string, createdByUserId: string) {
  const start = t.clock.now();
  const [row] = await t.ctx.db
    .insert(meetings)
    .values({
      organizationId,
      code: `C${Math.random().toString(36).slice(2, 10)}`,
      name: 'Standup',
      startDate: start,
      endDate: new Date(start.getTime() + 3600_000),
      createdByUserId,
    })
    .returning({ id: meetings.id });
  return row!.id;
}

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

describe('DELETE /api/Admin/Users/{userId}', () => {
  it('follows the ladder', async () => {
    const w = await team(t);
    const u = await createUser(t);
    await expectSuperAdminOnly(t, adminApi.deleteUser, { params: { userId: u.id } }, w.admin);
    expectProblem(await remove('nope'), 400, 'userId');
    expectProblem(await remove(UNKNOWN_ID), 404);
    expect(await exists(u.id)).toBe(true);
  });

  it('refuses to delete yourself', async () => {
    const body = expectProblem(await remove(root.id), 400);
    expect(body.detail).toBe(adminMessages.deleteSelf);
    expect(await exists(root.id)).toBe(true);
  });

  it('refuses to delete the only admin of a team with other members', async () => {
    const w = await team(t, 'Busy team');
    const body = expectProblem(await remove(w.admin.id), 400);
    expect(body.detail).toBe(adminMessages.onlyAdminOf('Busy team'));
    expect(await exists(w.admin.id)).toBe(true);
    // With a second admin, the first may go.
    await t.ctx.db
      .update(memberships)
      .set({ role: 'Admin' })
      .where(eq(memberships.userId, w.member.id));
    expectOk(await remove(w.admin.id), 204);
    expect(await exists(w.admin.id)).toBe(false);
  });

  it('deletes the only member of a team, leaving the empty team', async () => {
    const solo = await person(t);
    const { id } = await createTeam(t, solo.id, 'Solo');
    expectOk(await remove(solo.id), 204);
    const left = await t.ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, id));
    expect(left).toEqual([]);
  });

  it("cancels the deleted user's meetings still to come in their participants' calendars", async () => {
    const w = await team(t);
    await t.ctx.db
      .update(memberships)
      .set({ role: 'Admin' })
      .where(eq(memberships.userId, w.member.id));
    const room = await addRoom(t, w.id, w.admin);
    const guest = uniqueEmail('guest');
    await createMeeting(
      t,
      w.id,
      w.member,
      meetingBody(t, [room.id], [{ email: guest }], { name: 'Launch party', emailNewUsers: true }),
    );
    await expect
      .poll(() => t.mailer.to(guest).map((m) => m.subject))
      .toEqual(['Invitation: Launch party']);
    expectOk(await remove(w.member.id), 204);
    await expect
      .poll(() => t.mailer.to(guest).map((m) => m.subject))
      .toEqual(['Invitation: Launch party', 'Cancelled: Launch party']);
  });

  it('deletes personal files and their objects, private rooms, own meetings; team files stay', async () => {
    const w = await team(t);
    const gone = w.member;
    await addMember(t, (await team(t, 'Second')).id, gone.id, 'User');
    // Personal: a file, and a folder with a file inside.
    const personal = await addFile(t, w.id, gone.id, 'User');
    const folder = await addFolder(t, w.id, gone.id, 'User');
    const inFolder = await addFile(t, w.id, gone.id, 'User', { parentId: folder });
    // The team's: one the user uploaded, one someone else uploaded sharing the user's blob.
    const teamFile = await addFile(t, w.id, gone.id, 'Organization');
    const sharing = await addFile(t, w.id, w.admin.id, 'Organization', {
      blobKey: (await addFile(t, w.id, gone.id, 'User')).blobKey,
    });
    const privateRoom = await addRoomRow(w.id, gone.id, 'OwnerUser');
    const teamRoom = await addRoomRow(w.id, gone.id, 'OwnerOrganization');
    const ownMeeting = await addMeetingRow(w.id, gone.id);
    const othersMeeting = await addMeetingRow(w.id, w.admin.id);

    expectOk(await remove(gone.id), 204);

    expect(await exists(gone.id)).toBe(false);
    expect(
      await t.ctx.db.select().from(memberships).where(eq(memberships.userId, gone.id)),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, gone.id))).toEqual([]);
    const files = await t.ctx.db
      .select({ id: fileItems.id, owner: fileItems.ownerUserId })
      .from(fileItems)
      .where(eq(fileItems.organizationId, w.id));
    expect(files.map((f) => f.id).sort()).toEqual([teamFile.id, sharing.id].sort());
    expect(files.find((f) => f.id === teamFile.id)?.owner).toBeNull();
    const roomIds = (
      await t.ctx.db
        .select({ id: rooms.id })
        .from(rooms)
        .where(inArray(rooms.id, [privateRoom, teamRoom]))
    ).map((r) => r.id);
    expect(roomIds).toEqual([teamRoom]);
    const meetingIds = (
      await t.ctx.db
        .select({ id: meetings.id })
        .from(meetings)
        .where(inArray(meetings.id, [ownMeeting, othersMeeting]))
    ).map((m) => m.id);
    expect(meetingIds).toEqual([othersMeeting]);

    // The objects go with the purge job, not before the transaction commits.
    expect(await stored(t, personal.blobKey)).toBe(true);
    expect(await runPurgeJobs(t)).toBeGreaterThanOrEqual(1);
    for (const key of [
      personal.blobKey,
      personal.thumbnailKey,
      inFolder.blobKey,
      inFolder.thumbnailKey,
    ]) {
      expect(await stored(t, key), key).toBe(false);
    }
    // The team's files keep theirs, including a blob a deleted personal file shared.
    for (const key of [
      teamFile.blobKey,
      teamFile.thumbnailKey,
      sharing.blobKey,
      sharing.thumbnailKey,
    ]) {
      expect(await stored(t, key), key).toBe(true);
    }

    const [record] = await auditOf(t, 'user.delete', gone.id);
    expect(record).toMatchObject({
      actorId: root.id,
      targetUserId: gone.id,
      targetName: 'Max Member',
      before: { email: gone.email, superAdmin: false },
    });
  });

  it('refuses a deleted user’s token at once', async () => {
    const p = await person(t);
    expectOk(await remove(p.id), 204);
    expectProblem(await callEndpoint(t, usersApi.me, { token: p.session }), 401);
  });
});

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

    expectOk(await remove(w.member.id), 204);

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
