import { copyRoomName, roomLimits, roomMessages } from '@roomscale/shared';
import { roomsApi, roomTemplatesApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meetings, roomData, rooms } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  addMember,
  addRoom,
  advance,
  createMeeting,
  defaultTemplate,
  meetingBody,
  type Person,
  person,
  team,
} from '../../test/workspace.ts';

let t: TestApp;
let outsider: Person;
beforeAll(async () => {
  t = await createTestApp();
});
// The clock moves in some tests: a fresh outsider keeps a live session.
beforeEach(async () => {
  outsider = await person(t);
});
afterAll(() => t.close());

const list = (teamId: string, by: Person | undefined, body: unknown = {}) =>
  callUnchecked(t, roomsApi.list, { params: { organizationId: teamId }, token: by?.session, body });
const names = async (teamId: string, by: Person, body: unknown = {}) => {
  const res = await list(teamId, by, body);
  expect(res.status, res.raw.body).toBe(200);
  return res.body.results.map((r) => r.name);
};
const add = (teamId: string, by: Person | undefined, body: unknown) =>
  callUnchecked(t, roomsApi.add, { params: { organizationId: teamId }, token: by?.session, body });
const edit = (teamId: string, roomId: string, by: Person | undefined, body: unknown) =>
  callUnchecked(t, roomsApi.edit, {
    params: { organizationId: teamId, roomId },
    token: by?.session,
    body,
  });
const remove = (teamId: string, roomId: string, by: Person | undefined) =>
  callEndpoint(t, roomsApi.remove, {
    params: { organizationId: teamId, roomId },
    token: by?.session,
  });
const getRoom = (teamId: string, roomId: string, by: Person) =>
  callEndpoint(t, roomsApi.get, { params: { organizationId: teamId, roomId }, token: by.session });

describe('POST /api/Organizations/{organizationId}/Rooms (list)', () => {
  it('requires a member of the team', async () => {
    const w = await team(t);
    expectProblem(await list(w.id, undefined), 401);
    expectProblem(await list(w.id, outsider), 404);
  });

  it('validates the filters', async () => {
    const w = await team(t);
    expectProblem(await list(w.id, w.member, { templateFilter: 'Rockets' }), 400, 'templateFilter');
    expectProblem(
      await list(w.id, w.member, { shareTypeFilter: ['Banana'] }),
      400,
      'shareTypeFilter.0',
      roomMessages.unknownSharingType,
    );
    expectProblem(await list(w.id, w.member, { shareTypeFilter: [7] }), 400, 'shareTypeFilter.0');
    expectProblem(await list(w.id, w.member, { page: 0 }), 400, 'page');
  });

  it('shows rooms by default, templates or both on request, and filters by sharing type', async () => {
    const w = await team(t);
    await addRoom(t, w.id, w.admin, { name: 'Team room' });
    await addRoom(t, w.id, w.admin, { name: 'Private room', sharingType: 2 });
    expect(await names(w.id, w.admin)).toEqual(['Private room', 'Team room']);
    expect(await names(w.id, w.admin, { shareTypeFilter: [3] })).toEqual(['Team room']);
    expect(await names(w.id, w.admin, { shareTypeFilter: ['OwnerUser'] })).toEqual([
      'Private room',
    ]);
    const templates = await names(w.id, w.admin, { templateFilter: 'Templates' });
    expect(templates).toContain('Meeting room');
    expect(templates).not.toContain('Team room');
    const all = await names(w.id, w.admin, { templateFilter: 'All' });
    expect(all).toEqual(expect.arrayContaining(['Meeting room', 'Team room', 'Private room']));
    expect(
      await names(w.id, w.admin, { templateFilter: 'All', shareTypeFilter: ['Public'] }),
    ).not.toContain('Team room');
  });

  it('pages by 24 with the paged-result shape', async () => {
    const w = await team(t);
    const template = await defaultTemplate(t);
    await t.ctx.db.insert(rooms).values(
      Array.from({ length: roomLimits.pageSize + 1 }, (_, i) => ({
        name: `Room ${String(i).padStart(2, '0')}`,
        maxUsers: 4,
        sharingType: 'OwnerOrganization' as const,
        organizationId: w.id,
        templateId: template,
      })),
    );
    const first = (await list(w.id, w.member, { page: 1 })).body;
    expect(first).toMatchObject({
      currentPage: 1,
      pageCount: 2,
      pageSize: 24,
      entryCount: 25,
      firstRowOnPage: 1,
      lastRowOnPage: 24,
    });
    expect(first.results).toHaveLength(24);
    const second = (await list(w.id, w.member, { page: 2 })).body;
    expect(second.results.map((r) => r.name)).toEqual(['Room 24']);
  });

  it('tells who may manage each row', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const byAdmin = (await list(w.id, w.admin, { templateFilter: 'All' })).body.results;
    expect(byAdmin.find((r) => r.id === room.id)!.canManage).toBe(true);
    expect(byAdmin.find((r) => r.template)!.canManage).toBe(false);
    const byMember = (await list(w.id, w.member)).body.results;
    expect(byMember.find((r) => r.id === room.id)!.canManage).toBe(false);
  });

  it('offers allowlist templates only to the listed teams', async () => {
    const root = await person(t, { superAdmin: true });
    const listed = await team(t, 'Listed');
    const other = await team(t, 'Other');
    const created = await callEndpoint(t, roomTemplatesApi.create, {
      token: root.session,
      body: { name: 'Custom HQ' },
    });
    const id = created.body.id;
    const hidden = await names(listed.id, listed.member, { templateFilter: 'Templates' });
    expect(hidden).not.toContain('Custom HQ');
    const saved = await callEndpoint(t, roomTemplatesApi.edit, {
      params: { roomTemplateId: id },
      token: root.session,
      body: {
        name: 'Custom HQ',
        sceneName: 'HQ',
        maxUsers: 6,
        roomSharingType: 'OrganizationAllowlist',
        allowedOrganizations: [listed.id],
      },
    });
    expect(saved.status, saved.raw.body).toBe(200);
    expect(await names(listed.id, listed.member, { templateFilter: 'Templates' })).toContain(
      'Custom HQ',
    );
    expect(await names(other.id, other.member, { templateFilter: 'Templates' })).not.toContain(
      'Custom HQ',
    );
    expectProblem(
      await add(other.id, other.admin, { templateOrClonedRoomId: id }),
      400,
      'templateOrClonedRoomId',
    );
    const ok = await add(listed.id, listed.admin, { templateOrClonedRoomId: id });
    expect(ok.body).toMatchObject({ name: 'Custom HQ', sceneName: 'HQ', maxUsers: 6 });
  });
});

describe('PUT /api/Organizations/{organizationId}/Rooms (add)', () => {
  it('is for team admins', async () => {
    const w = await team(t);
    const body = { templateOrClonedRoomId: await defaultTemplate(t), name: 'X' };
    expectProblem(await add(w.id, undefined, body), 401);
    expectProblem(await add(w.id, outsider, body), 404);
    expectProblem(await add(w.id, w.member, body), 403);
    expect(await names(w.id, w.admin)).toEqual([]);
  });

  it('validates the command', async () => {
    const w = await team(t);
    const templateOrClonedRoomId = await defaultTemplate(t);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ templateOrClonedRoomId: undefined }, 'templateOrClonedRoomId'],
      [
        { templateOrClonedRoomId: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f' },
        'templateOrClonedRoomId',
        roomMessages.sourceNotFound,
      ],
      [{ name: '  ' }, 'name', 'This field is required'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ description: 'x'.repeat(roomLimits.descriptionMax + 1) }, 'description'],
      [{ sharingType: 99 }, 'sharingType', roomMessages.teamSharingOnly],
      [{ sharingType: 'Public' }, 'sharingType', roomMessages.teamSharingOnly],
      [{ sharingType: 'Banana' }, 'sharingType'],
    ];
    for (const [change, field, message] of cases) {
      const res = await add(w.id, w.admin, { templateOrClonedRoomId, name: 'Ok', ...change });
      expectProblem(res, 400, field, message);
    }
    expect(await names(w.id, w.admin)).toEqual([]);
  });

  it('makes a team room from a template, prefilled from it', async () => {
    const w = await team(t);
    const templateId = await defaultTemplate(t, 'Auditorium');
    const res = await add(w.id, w.admin, { templateOrClonedRoomId: templateId });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Auditorium',
      description: expect.stringContaining('stage'),
      sceneName: 'Auditorium',
      maxUsers: 50,
      imageUrl: '/room-templates/auditorium.svg',
      capabilities: expect.arrayContaining(['Presentation']),
      roomSharingType: 'OwnerOrganization',
      template: false,
      templateId,
      organizationOwnerId: w.id,
      userOwnerId: null,
      staticRoomDataAmount: 0,
      dynamicRoomDataAmount: 0,
      canManage: true,
      createdBy: w.admin.id,
    });
  });

  it('makes a private room (2) owned by the admin', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin, { name: 'Mine', sharingType: 2 });
    expect(room).toMatchObject({ roomSharingType: 'OwnerUser', userOwnerId: w.admin.id });
  });

  it("duplicates a room as 'Copy of {name}' cut to 60, with its locked data only", async () => {
    const w = await team(t);
    const longName = `Research lab ${'x'.repeat(40)}`;
    const room = await addRoom(t, w.id, w.admin, { name: longName });
    await t.ctx.db.insert(roomData).values([
      { roomId: room.id, kind: 'Whiteboard', isStatic: true, data: '{"locked":1}' },
      { roomId: room.id, kind: 'Note', isStatic: false, data: '{"session":1}' },
    ]);
    const res = await add(w.id, w.admin, { templateOrClonedRoomId: room.id });
    expect(res.status, res.raw.body).toBe(200);
    const copy = res.body;
    expect(copy.name).toBe(copyRoomName(longName));
    expect(copy.name).toHaveLength(60);
    expect(copy.name.startsWith('Copy of Research lab')).toBe(true);
    expect(copy).toMatchObject({
      templateId: (await getRoom(w.id, room.id, w.admin)).body.templateId,
      staticRoomDataAmount: 1,
      dynamicRoomDataAmount: 0,
    });
    expect(copy.id).not.toBe(room.id);
    const named = await add(w.id, w.admin, { templateOrClonedRoomId: room.id, name: 'Lab B' });
    expect(named.body.name).toBe('Lab B');
  });

  it("cannot duplicate another team's room", async () => {
    const a = await team(t);
    const b = await team(t);
    const room = await addRoom(t, a.id, a.admin);
    expectProblem(
      await add(b.id, b.admin, { templateOrClonedRoomId: room.id }),
      400,
      'templateOrClonedRoomId',
    );
  });
});

describe('PATCH /api/Organizations/{organizationId}/Rooms/{roomId}', () => {
  it('is for team admins of the room', async () => {
    const w = await team(t);
    const other = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    expectProblem(await edit(w.id, room.id, undefined, { name: 'New' }), 401);
    expectProblem(await edit(w.id, room.id, outsider, { name: 'New' }), 404);
    expectProblem(await edit(w.id, room.id, w.member, { name: 'New' }), 403);
    expectProblem(await edit(other.id, room.id, other.admin, { name: 'New' }), 404);
    const platform = await defaultTemplate(t);
    expectProblem(
      await edit(w.id, platform, w.admin, { name: 'Ours now' }),
      403,
      undefined,
      roomMessages.managedTemplate,
    );
    expect((await getRoom(w.id, room.id, w.admin)).body.name).toBe('Room');
  });

  it('validates the fields sent', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    expectProblem(await edit(w.id, room.id, w.admin, { name: '' }), 400, 'name');
    expectProblem(await edit(w.id, room.id, w.admin, { sharingType: 99 }), 400, 'sharingType');
    expectProblem(await edit(w.id, room.id, w.admin, { persistent: 'yes' }), 400, 'persistent');
  });

  it('edits name, description, persistence and sharing', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const res = await edit(w.id, room.id, w.admin, {
      name: ' Renamed ',
      description: 'About',
      persistent: true,
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      description: 'About',
      persistent: true,
      roomSharingType: 'OwnerOrganization',
      lastModifiedBy: w.admin.id,
    });
    const cleared = await edit(w.id, room.id, w.admin, { description: '' });
    expect(cleared.body).toMatchObject({ name: 'Renamed', description: null });
  });

  it('converts a room to a template and back', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin, { name: 'Convertible' });
    const asTemplate = await edit(w.id, room.id, w.admin, { template: true });
    expect(asTemplate.body.template).toBe(true);
    expect(await names(w.id, w.member)).not.toContain('Convertible');
    expect(await names(w.id, w.member, { templateFilter: 'Templates' })).toContain('Convertible');
    // A team template is a source for new rooms of that team.
    const fromIt = await add(w.id, w.admin, { templateOrClonedRoomId: room.id, name: 'Child' });
    expect(fromIt.body.templateId).toBe(room.id);
    const back = await edit(w.id, room.id, w.admin, { template: false });
    expect(back.body.template).toBe(false);
    expect(await names(w.id, w.member)).toContain('Convertible');
  });

  it('keeps a room a coming meeting uses from becoming a template', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [room.id], [{ email: w.member.email, participantType: 'Participant' }]),
    );
    expectProblem(
      await edit(w.id, room.id, w.admin, { template: true }),
      409,
      undefined,
      roomMessages.inUseByMeeting,
    );
    await advance(t, 3 * 3600, w.admin);
    const later = await edit(w.id, room.id, w.admin, { template: true });
    expect(later.body.template).toBe(true);
  });
});

describe('private rooms (OwnerUser)', () => {
  it('are seen by their owner and by participants of meetings that use them, while open', async () => {
    const w = await team(t);
    const secondAdmin = await person(t);
    await addMember(t, w.id, secondAdmin.id, 'Admin');
    const room = await addRoom(t, w.id, w.admin, { name: 'Secret', sharingType: 'OwnerUser' });
    expect(await names(w.id, w.admin)).toContain('Secret');
    expect(await names(w.id, w.member)).not.toContain('Secret');
    expect(await names(w.id, secondAdmin)).not.toContain('Secret');
    expectProblem(await getRoom(w.id, room.id, w.member), 404);
    expectProblem(await edit(w.id, room.id, secondAdmin, { name: 'Mine' }), 404);
    expectProblem(await remove(w.id, room.id, secondAdmin), 404);

    await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [room.id], [{ email: w.member.email, participantType: 'Participant' }]),
    );
    expect(await names(w.id, w.member)).toContain('Secret');
    expect((await getRoom(w.id, room.id, w.member)).status).toBe(200);
    expect(await names(w.id, secondAdmin)).not.toContain('Secret');

    await advance(t, 3 * 3600, w.member);
    expect(await names(w.id, w.member)).not.toContain('Secret');
  });

  it('change hands when the sharing changes', async () => {
    const w = await team(t);
    const secondAdmin = await person(t);
    await addMember(t, w.id, secondAdmin.id, 'Admin');
    const room = await addRoom(t, w.id, w.admin, { name: 'Shared' });
    const res = await edit(w.id, room.id, secondAdmin, { sharingType: 2 });
    expect(res.body).toMatchObject({ roomSharingType: 'OwnerUser', userOwnerId: secondAdmin.id });
    expect(await names(w.id, w.admin)).not.toContain('Shared');
    expect(await names(w.id, secondAdmin)).toContain('Shared');
    const back = await edit(w.id, room.id, secondAdmin, { sharingType: 'OwnerOrganization' });
    expect(back.body).toMatchObject({ roomSharingType: 'OwnerOrganization', userOwnerId: null });
    expect(await names(w.id, w.member)).toContain('Shared');
  });
});

describe('DELETE /api/Organizations/{organizationId}/Rooms/{roomId}', () => {
  it('is for team admins of the room', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    expectProblem(await remove(w.id, room.id, undefined), 401);
    expectProblem(await remove(w.id, room.id, outsider), 404);
    expectProblem(await remove(w.id, room.id, w.member), 403);
    expectProblem(await remove(w.id, await defaultTemplate(t), w.admin), 403);
    expect((await getRoom(w.id, room.id, w.admin)).status).toBe(200);
  });

  it('deletes the room and its data; meetings move to their next room', async () => {
    const w = await team(t);
    const first = await addRoom(t, w.id, w.admin, { name: 'First' });
    const second = await addRoom(t, w.id, w.admin, { name: 'Second' });
    await t.ctx.db.insert(roomData).values({ roomId: first.id, kind: 'Note', data: 'x' });
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [first.id, second.id], [{ email: w.member.email }]),
    );
    expect(m.currentMeetingRoomId).toBe(first.id);
    const res = await remove(w.id, first.id, w.admin);
    expect(res.status).toBe(204);
    expectProblem(await getRoom(w.id, first.id, w.admin), 404);
    expect(await t.ctx.db.select().from(roomData).where(eq(roomData.roomId, first.id))).toEqual([]);
    const [row] = await t.ctx.db.select().from(meetings).where(eq(meetings.id, m.id));
    expect(row?.currentRoomId).toBe(second.id);
  });
});
