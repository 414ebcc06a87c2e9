import { roomLimits, roomMessages } from '@roomscale/shared';
import { type CallInput, roomsApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomData } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  addRoom,
  createMeeting,
  defaultTemplate,
  meetingBody,
  type Person,
  person,
  team,
} from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newId = () => crypto.randomUUID();
type Entry = CallInput<typeof roomsApi.putDataEntry>['body'];
type Filters = CallInput<typeof roomsApi.listData>['query'];
const put = (roomId: string, id: string, by: Person | undefined, body: Entry) =>
  callEndpoint(t, roomsApi.putDataEntry, {
    params: { roomId, roomDataId: id },
    token: by?.session,
    body,
  });
const get = (roomId: string, by: Person | undefined, query?: Filters) =>
  callEndpoint(t, roomsApi.listData, { params: { roomId }, query, token: by?.session });
const delOne = (roomId: string, id: string, by: Person | undefined) =>
  callEndpoint(t, roomsApi.deleteDataEntry, {
    params: { roomId, roomDataId: id },
    token: by?.session,
  });
const clear = (roomId: string, by: Person | undefined, query?: Filters) =>
  callEndpoint(t, roomsApi.clearData, { params: { roomId }, query, token: by?.session });

const note = { kind: 'Note', roomData: '{"text":"hi"}' };

describe('room data', () => {
  it('is only for people who see the room', async () => {
    const w = await team(t);
    const outsider = await person(t);
    const room = await addRoom(t, w.id, w.admin);
    const id = newId();
    expectProblem(await get(room.id, undefined), 401);
    expectProblem(await put(room.id, id, undefined, note), 401);
    expectProblem(await get(room.id, outsider), 404);
    expectProblem(await put(room.id, id, outsider, note), 404);
    expectProblem(await delOne(room.id, id, outsider), 404);
    expectProblem(await clear(room.id, outsider), 404);
    expectProblem(await get(newId(), w.admin), 404);
    const priv = await addRoom(t, w.id, w.admin, { sharingType: 2 });
    expectProblem(await get(priv.id, w.member), 404);
    expect((await get(priv.id, w.admin)).status).toBe(200);
  });

  it('lets members keep dynamic objects; creates and replaces by id', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const id = newId();
    const created = await put(room.id, id, w.member, note);
    expect(created.status, created.raw.body).toBe(200);
    expect(created.body).toMatchObject({
      roomDataId: id,
      roomId: room.id,
      meetingId: null,
      kind: 'Note',
      static: false,
      roomData: '{"text":"hi"}',
      lastModified: null,
    });
    const replaced = await put(room.id, id, w.member, { ...note, roomData: '{"text":"bye"}' });
    expect(replaced.body).toMatchObject({ roomDataId: id, roomData: '{"text":"bye"}' });
    expect(replaced.body.lastModified).not.toBeNull();
    const listed = await get(room.id, w.member);
    expect(listed.body).toEqual({
      roomId: room.id,
      staticRoomData: {},
      dynamicRoomData: { Note: [expect.objectContaining({ roomDataId: id })] },
    });
    expect((await delOne(room.id, id, w.member)).status).toBe(204);
    expectProblem(await delOne(room.id, id, w.member), 404);
  });

  it('validates entries', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    expectProblem(await put(room.id, newId(), w.admin, { ...note, kind: '' }), 400, 'kind');
    const noData = await callUnchecked(t, roomsApi.putDataEntry, {
      params: { roomId: room.id, roomDataId: newId() },
      token: w.admin.session,
      body: { kind: 'Note' },
    });
    expectProblem(noData, 400, 'roomData');
    expectProblem(
      await put(room.id, newId(), w.admin, {
        ...note,
        roomData: 'x'.repeat(roomLimits.dataMaxChars + 1),
      }),
      400,
      'roomData',
    );
    expectProblem(await put(room.id, 'nope', w.admin, note), 400, 'roomDataId');
    expectProblem(
      await put(room.id, newId(), w.admin, { ...note, meetingId: newId() }),
      400,
      'meetingId',
      roomMessages.meetingDoesNotUseRoom,
    );
    expectProblem(await get(room.id, w.admin, { StaticFilter: 'perhaps' }), 400, 'StaticFilter');
  });

  it('keeps locked (static) data and clearing for the room managers', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const locked = newId();
    expectProblem(
      await put(room.id, locked, w.member, { ...note, static: true }),
      403,
      undefined,
      roomMessages.staticDataNeedsManager,
    );
    expect((await put(room.id, locked, w.admin, { ...note, static: true })).status).toBe(200);
    expectProblem(await put(room.id, locked, w.member, note), 403);
    expectProblem(await delOne(room.id, locked, w.member), 403);
    expectProblem(await clear(room.id, w.member), 403);
    expect((await get(room.id, w.member)).body.staticRoomData.Note).toHaveLength(1);
    const listed = await callEndpoint(t, roomsApi.get, {
      params: { organizationId: w.id, roomId: room.id },
      token: w.member.session,
    });
    expect(listed.body).toMatchObject({ staticRoomDataAmount: 1, dynamicRoomDataAmount: 0 });
  });

  it('keeps template data for their managers', async () => {
    const w = await team(t);
    const template = await defaultTemplate(t);
    expect((await get(template, w.member)).status).toBe(200);
    expectProblem(
      await put(template, newId(), w.admin, note),
      403,
      undefined,
      roomMessages.templateDataNeedsManager,
    );
    const root = await person(t, { superAdmin: true });
    expect((await put(template, newId(), root, { ...note, static: true })).status).toBe(200);
  });

  it('filters by kind, static flag and meeting, and clears what the filters name', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const a = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [room.id], [{ email: w.member.email }]),
    );
    const b = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [room.id], [{ email: w.member.email }]),
    );
    const entries = [
      { kind: 'Note', roomData: 'a', meetingId: a.id },
      { kind: 'Note', roomData: 'b', meetingId: b.id },
      { kind: 'Photo', roomData: 'c', meetingId: a.id },
      { kind: 'Whiteboard', roomData: 'd', static: true },
    ];
    for (const e of entries) {
      expect((await put(room.id, newId(), w.admin, e)).status).toBe(200);
    }
    const data = (q?: Filters) =>
      get(room.id, w.member, q).then(({ body }) =>
        [...Object.values(body.staticRoomData), ...Object.values(body.dynamicRoomData)]
          .flat()
          .map((e) => e.roomData)
          .sort(),
      );
    expect(await data()).toEqual(['a', 'b', 'c', 'd']);
    expect(await data({ KindFilter: 'Note' })).toEqual(['a', 'b']);
    expect(await data({ KindFilter: ['Note', 'Whiteboard'] })).toEqual(['a', 'b', 'd']);
    expect(await data({ StaticFilter: 'true' })).toEqual(['d']);
    expect(await data({ meetingFilter: a.id })).toEqual(['a', 'c']);
    expect(await data({ meetingFilter: [a.id, b.id], KindFilter: 'Note' })).toEqual(['a', 'b']);
    expect((await clear(room.id, w.admin, { StaticFilter: 'false' })).status).toBe(204);
    expect(await data()).toEqual(['d']);
    expect((await clear(room.id, w.admin)).status).toBe(204);
    expect(await t.ctx.db.select().from(roomData).where(eq(roomData.roomId, room.id))).toEqual([]);
  });

  it('opens a temporary room to the meeting: moderators manage it', async () => {
    const w = await team(t);
    const guestUser = await person(t);
    const room = await addRoom(t, w.id, w.admin);
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(
        t,
        [room.id],
        [{ email: guestUser.email }, { email: w.member.email, participantType: 'Moderator' }],
        {
          temporaryRooms: [await defaultTemplate(t, 'Workshop')],
        },
      ),
    );
    const temp = m.rooms.find((r) => r.temporary)!;
    // A participant from outside the team uses the meeting's rooms.
    expect((await put(temp.id, newId(), guestUser, note)).status).toBe(200);
    expect((await put(room.id, newId(), guestUser, note)).status).toBe(200);
    expectProblem(await clear(temp.id, guestUser), 403);
    expect((await clear(temp.id, w.member)).status).toBe(204);
    const outsider = await person(t);
    expectProblem(await get(temp.id, outsider), 404);
  });

  it('refuses an id that belongs to another room', async () => {
    const w = await team(t);
    const one = await addRoom(t, w.id, w.admin);
    const two = await addRoom(t, w.id, w.admin);
    const id = newId();
    await put(one.id, id, w.admin, note);
    expectProblem(
      await put(two.id, id, w.admin, note),
      409,
      undefined,
      roomMessages.roomDataOfOtherRoom,
    );
    expectProblem(await delOne(two.id, id, w.admin), 404);
  });
});
