import { MeetingLookupErrors, meetingMessages } from '@roomscale/shared';
import { meetingsApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/callEndpoint.ts';
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
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lookup = (code: string) => callEndpoint(t, meetingsApi.lookup, { params: { code } });

describe('GET /api/Meetings/{code}', () => {
  it('answers 404 with MeetingNotFound for an unknown code', async () => {
    const res = await lookup('ZZZZZZZ');
    const body = expectProblem(res, 404) as Record<string, unknown>;
    expect(body).toMatchObject({
      error: MeetingLookupErrors.MeetingNotFound,
      meetingDetail: null,
      message: meetingMessages.notFound,
      startDate: null,
      endDate: null,
    });
  });

  it('refuses a code that cannot be one', async () => {
    expectProblem(await lookup('x'.repeat(40)), 400, 'code');
  });

  it('follows a meeting from upcoming to running to ended', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin, { name: 'Main room' });
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [room.id], [{ email: 'guest@example.org' }], {
        temporaryRooms: [await defaultTemplate(t, 'Gallery')],
      }),
    );

    const upcoming = await lookup(m.meetingCode);
    expect(upcoming.status).toBe(200);
    expect(upcoming.body).toEqual({
      meetingDetail: null,
      message: 'Upcoming meeting',
      error: 20,
      startDate: expect.any(String),
      endDate: expect.any(String),
    });

    t.clock.advance(3600 + 60);
    // Codes are typed loosely on headsets.
    const spaced = `${m.meetingCode.slice(0, 3)}-${m.meetingCode.slice(3)}`.toLowerCase();
    const running = await lookup(` ${spaced} `);
    expect(running.status).toBe(200);
    const body = running.body;
    expect(body).toMatchObject({ error: 0, message: meetingMessages.running });
    expect(body.meetingDetail).toMatchObject({
      meetingId: m.id,
      name: 'Design review',
      meetingCode: m.meetingCode,
      hasEnded: false,
      currentMeetingRoomId: room.id,
    });
    expect(body.meetingDetail?.rooms).toEqual([
      expect.objectContaining({ id: room.id, name: 'Main room', temporary: false }),
      expect.objectContaining({ name: 'Gallery', sceneName: 'Gallery', temporary: true }),
    ]);
    // Anyone with the code sees the meeting, never its people.
    expect(JSON.stringify(body)).not.toContain('guest@example.org');
    expect(JSON.stringify(body)).not.toContain(w.admin.email);

    t.clock.advance(3600);
    const ended = await lookup(m.meetingCode);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({
      meetingDetail: null,
      message: 'Meeting has concluded',
      error: 30,
    });
  });
});

describe('POST /api/Meetings/{meetingId}/Room', () => {
  const change = (meetingId: string, by: Person | undefined, roomId: string) =>
    callEndpoint(t, meetingsApi.changeRoom, {
      params: { meetingId },
      token: by?.session,
      body: { roomId },
    });

  it('moves a meeting to another of its rooms: moderators and team admins only', async () => {
    const w = await team(t);
    const moderator = await person(t);
    await addMember(t, w.id, moderator.id, 'User');
    const outsider = await person(t);
    const first = await addRoom(t, w.id, w.admin, { name: 'First' });
    const second = await addRoom(t, w.id, w.admin, { name: 'Second' });
    const elsewhere = await addRoom(t, w.id, w.admin, { name: 'Elsewhere' });
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(
        t,
        [first.id, second.id],
        [{ email: w.member.email }, { email: moderator.email, participantType: 'Moderator' }],
      ),
    );
    expectProblem(await change(m.id, undefined, second.id), 401);
    expectProblem(await change(m.id, outsider, second.id), 404);
    expectProblem(await change('3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f', w.admin, second.id), 404);
    expectProblem(await change(m.id, w.member, second.id), 403);
    expectProblem(await change(m.id, moderator, 'nope'), 400, 'roomId');
    expectProblem(
      await change(m.id, moderator, elsewhere.id),
      400,
      'roomId',
      meetingMessages.roomNotInMeeting,
    );
    const moved = await change(m.id, moderator, second.id);
    expect(moved.status, moved.raw.body).toBe(200);
    expect(moved.body).toMatchObject({ id: m.id, currentMeetingRoomId: second.id });
    const back = await change(m.id, w.admin, first.id);
    expect(back.body.currentMeetingRoomId).toBe(first.id);

    await advance(t, 3 * 3600, w.admin);
    expectProblem(
      await change(m.id, w.admin, second.id),
      409,
      undefined,
      meetingMessages.alreadyEnded,
    );
  });
});
