import { type MeetingCreate, type MeetingUpdate, meetingMessages } from '@roomscale/shared';
import { type CallInput, meetingsApi, roomsApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meetings, rooms } from '../../db/schema.ts';
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
beforeEach(async () => {
  outsider = await person(t);
});
afterAll(() => t.close());

const hour = 3600_000;
const at = (hoursFromNow: number) => new Date(t.clock.now().getTime() + hoursFromNow * hour);
const create = (teamId: string, by: Person | undefined, body: MeetingCreate) =>
  callEndpoint(t, meetingsApi.create, {
    params: { organizationId: teamId },
    token: by?.session,
    body,
  });
const get = (teamId: string, meetingId: string, by?: Person) =>
  callEndpoint(t, meetingsApi.get, {
    params: { organizationId: teamId, meetingId },
    token: by?.session,
  });

/** A team with a room, and a guest address. */
async function workspace() {
  const w = await team(t);
  const room = await addRoom(t, w.id, w.admin, { name: 'Main room' });
  return { ...w, room, guest: `guest-${Date.now().toString(36)}@example.org` };
}
type Workspace = Awaited<ReturnType<typeof workspace>>;

const teamMeetingCount = async (teamId: string) =>
  (await t.ctx.db.select().from(meetings).where(eq(meetings.organizationId, teamId))).length;

describe('PUT /api/Organizations/{organizationId}/Meetings', () => {
  it('is for members of the team', async () => {
    const w = await workspace();
    const body = meetingBody(t, [w.room.id], [{ email: w.guest }]);
    expectProblem(await create(w.id, undefined, body), 401);
    expectProblem(await create(w.id, outsider, body), 404);
    expect(await teamMeetingCount(w.id)).toBe(0);
  });

  describe('validation', () => {
    let w: Workspace;
    beforeAll(async () => {
      w = await workspace();
    });
    const cases: [string, () => Promise<Record<string, unknown>>, string, string?][] = [
      ['name missing', async () => ({ name: '' }), 'name', 'This field is required'],
      ['name too long', async () => ({ name: 'x'.repeat(101) }), 'name'],
      [
        'end not after start',
        async () => ({ startDate: at(2).toISOString(), endDate: at(2).toISOString() }),
        'endDate',
        meetingMessages.endBeforeStart,
      ],
      [
        'end in the past',
        async () => ({ startDate: at(-2).toISOString(), endDate: at(-1).toISOString() }),
        'endDate',
        meetingMessages.endInPast,
      ],
      ['start not a date', async () => ({ startDate: 'tomorrow' }), 'startDate'],
      [
        'start before the year 2000',
        async () => ({ startDate: '0000-01-01T00:00:00Z' }),
        'startDate',
        meetingMessages.dateOutOfRange,
      ],
      ['no room', async () => ({ existingRooms: [] }), 'rooms', meetingMessages.roomsRequired],
      [
        'no participant',
        async () => ({ participants: [] }),
        'participants',
        meetingMessages.participantsRequired,
      ],
      [
        'invalid participant email',
        async () => ({ participants: [{ email: 'not-an-email' }] }),
        'participants.0.email',
      ],
      [
        'unknown participant user',
        async () => ({
          participants: [
            { email: 'x@example.org', userId: '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f' },
          ],
        }),
        'participants',
        meetingMessages.unknownUser,
      ],
      [
        'a guest as moderator',
        async () => ({ participants: [{ email: w.guest, participantType: 'Moderator' }] }),
        'participants',
        meetingMessages.moderatorMustBeUser,
      ],
      [
        'unknown participant type',
        async () => ({ participants: [{ email: w.guest, participantType: 'Host' }] }),
        'participants.0.participantType',
      ],
      [
        'unknown time zone',
        async () => ({ timezoneLabel: 'Mars/Olympus' }),
        'timezoneLabel',
        meetingMessages.invalidTimeZone,
      ],
      [
        "another team's room",
        async () => {
          const other = await team(t);
          return { existingRooms: [(await addRoom(t, other.id, other.admin)).id] };
        },
        'rooms',
        meetingMessages.unknownRoom,
      ],
      [
        'a template as a room',
        async () => ({ existingRooms: [await defaultTemplate(t)] }),
        'rooms',
        meetingMessages.templateAsRoom,
      ],
      [
        'a room as a template',
        async () => ({ existingRooms: [], temporaryRooms: [w.room.id] }),
        'temporaryRooms',
        meetingMessages.notATemplate,
      ],
      [
        'a current room outside the meeting',
        async () => ({ currentRoomId: (await addRoom(t, w.id, w.admin)).id }),
        'currentRoomId',
        meetingMessages.roomNotInMeeting,
      ],
    ];
    for (const [name, change, field, message] of cases) {
      it(`rejects: ${name}`, async () => {
        const body = { ...meetingBody(t, [w.room.id], [{ email: w.guest }]), ...(await change()) };
        const res = await callUnchecked(t, meetingsApi.create, {
          params: { organizationId: w.id },
          token: w.member.session,
          body,
        });
        expectProblem(res, 400, field, message);
        expect(await teamMeetingCount(w.id)).toBe(0);
      });
    }
  });

  it('plans a meeting: code, rooms, temporary rooms and people', async () => {
    const w = await workspace();
    const templateId = await defaultTemplate(t, 'Lounge');
    const moderator = w.member;
    const body = meetingBody(
      t,
      [w.room.id],
      [
        { email: moderator.email, userId: moderator.id, participantType: 'Moderator' },
        { email: w.admin.email.toUpperCase() },
        { email: w.guest },
        { email: ` ${w.guest.toUpperCase()} ` },
        { email: moderator.email },
      ],
      { temporaryRooms: [templateId], currentRoomId: templateId, userId: moderator.id },
    );
    const res = await create(w.id, moderator, body);
    expect(res.status, res.raw.body).toBe(200);
    const m = res.body;
    expect(m.meetingCode).toMatch(/^[A-HJKMNP-Z2-9]{7}$/);
    expect(m).toMatchObject({
      meetingId: m.id,
      name: 'Design review',
      description: 'Walk through the new lobby',
      organizationId: w.id,
      startDate: body.startDate,
      endDate: body.endDate,
      timezoneLabel: 'Europe/Amsterdam',
      hasEnded: false,
      isOngoing: false,
      canEdit: true,
      canDelete: true,
      createdBy: moderator.id,
      moderatorParticipant: [
        {
          userId: moderator.id,
          email: moderator.email,
          firstName: 'Max',
          lastName: 'Member',
          participantType: 'Moderator',
          imageUpdated: null,
        },
      ],
      userParticipant: [
        { userId: w.admin.id, email: w.admin.email, firstName: 'Alice', lastName: 'Admin' },
      ],
      guestParticipant: [
        {
          userId: null,
          email: w.guest,
          firstName: null,
          lastName: null,
          participantType: 'Participant',
        },
      ],
    });
    expect(m.rooms).toHaveLength(2);
    expect(m.rooms[0]).toMatchObject({ id: w.room.id, name: 'Main room', temporary: false });
    const temp = m.rooms[1]!;
    expect(temp).toMatchObject({
      name: 'Lounge',
      sceneName: 'Lounge',
      templateId,
      temporary: true,
      template: false,
      roomSharingType: 'None',
    });
    expect(m.currentMeetingRoomId).toBe(temp.id);
    // Temporary rooms are not among the team's rooms.
    const listed = await callEndpoint(t, roomsApi.list, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: { templateFilter: 'All' },
    });
    expect(listed.body.results.map((r) => r.id)).not.toContain(temp.id);
  });

  it('gives every meeting its own code and defaults the current room to the first', async () => {
    const w = await workspace();
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const m = await createMeeting(
        t,
        w.id,
        w.member,
        meetingBody(t, [w.room.id], [{ email: w.guest }]),
      );
      codes.add(m.meetingCode);
      expect(m.currentMeetingRoomId).toBe(w.room.id);
    }
    expect(codes.size).toBe(5);
  });

  it('marks a meeting that has started as ongoing', async () => {
    const w = await workspace();
    const res = await create(
      w.id,
      w.member,
      meetingBody(t, [w.room.id], [{ email: w.guest }], {
        startDate: at(-0.5).toISOString(),
        endDate: at(0.5).toISOString(),
      }),
    );
    expect(res.body).toMatchObject({ isOngoing: true, hasEnded: false });
  });
});

describe('GET /api/Organizations/{organizationId}/Meetings', () => {
  const list = (
    teamId: string,
    by: Person | undefined,
    query: CallInput<typeof meetingsApi.list>['query'],
  ) =>
    callEndpoint(t, meetingsApi.list, {
      params: { organizationId: teamId },
      query,
      token: by?.session,
    });
  const namesOf = (res: Awaited<ReturnType<typeof list>>) => res.body.results.map((m) => m.name);

  it('is for members of the team and needs Page and PageSize', async () => {
    const w = await workspace();
    expectProblem(await list(w.id, undefined, { Page: 1, PageSize: 5 }), 401);
    expectProblem(await list(w.id, outsider, { Page: 1, PageSize: 5 }), 404);
    const refused = (query: object) =>
      callUnchecked(t, meetingsApi.list, {
        params: { organizationId: w.id },
        query,
        token: w.member.session,
      });
    expectProblem(await refused({ PageSize: 5 }), 400, 'Page');
    expectProblem(await refused({ Page: 1, PageSize: 0 }), 400, 'PageSize');
    expectProblem(
      await refused({ Page: 1, PageSize: 5, IncludePastMeetings: 'maybe' }),
      400,
      'IncludePastMeetings',
    );
  });

  it('shows upcoming and ongoing meetings soonest first, or all with the latest start first', async () => {
    const w = await workspace();
    const plan = (name: string, start: number, end: number) =>
      createMeeting(
        t,
        w.id,
        w.admin,
        meetingBody(t, [w.room.id], [{ email: w.member.email }], {
          name,
          startDate: at(start).toISOString(),
          endDate: at(end).toISOString(),
        }),
      );
    await plan('Later', 5, 6);
    await plan('Ongoing', -1, 1);
    await plan('Soon', 2, 3);
    await plan('Ends first', 0.25, 0.5);
    await advance(t, 0.75 * 3600, w.member);
    const upcoming = await list(w.id, w.member, { Page: 1, PageSize: 5 });
    expect(upcoming.status, upcoming.raw.body).toBe(200);
    expect(namesOf(upcoming)).toEqual(['Ongoing', 'Soon', 'Later']);
    expect(upcoming.body).toMatchObject({ entryCount: 3, pageSize: 5, filter: '' });
    const all = await list(w.id, w.member, { IncludePastMeetings: 'true', Page: 1, PageSize: 10 });
    expect(namesOf(all)).toEqual(['Later', 'Soon', 'Ends first', 'Ongoing']);
    const ended = all.body.results.find((m) => m.name === 'Ends first');
    expect(ended).toMatchObject({ hasEnded: true, isOngoing: false, canEdit: false });
    const paged = await list(w.id, w.member, { IncludePastMeetings: 'true', Page: 2, PageSize: 3 });
    expect(paged.body).toMatchObject({ currentPage: 2, pageCount: 2, entryCount: 4 });
    expect(namesOf(paged)).toEqual(['Ongoing']);
  });

  it('searches names and codes', async () => {
    const w = await workspace();
    const people = [{ email: w.member.email }];
    await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], people, { name: 'Budget 100%' }),
    );
    const other = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], people, { name: 'Kick-off' }),
    );
    expect(namesOf(await list(w.id, w.member, { Filter: 'budget', Page: 1, PageSize: 5 }))).toEqual(
      ['Budget 100%'],
    );
    expect(namesOf(await list(w.id, w.member, { Filter: '100%', Page: 1, PageSize: 5 }))).toEqual([
      'Budget 100%',
    ]);
    expect(namesOf(await list(w.id, w.member, { Filter: '0%', Page: 1, PageSize: 5 }))).toEqual([
      'Budget 100%',
    ]);
    const code = other.meetingCode.toLowerCase();
    const byCode = await list(w.id, w.member, { Filter: code, Page: 1, PageSize: 5 });
    expect(namesOf(byCode)).toEqual(['Kick-off']);
    expect(byCode.body.filter).toBe(code);
  });

  it('shows members their own meetings and admins all of the team', async () => {
    const w = await workspace();
    const colleague = await person(t);
    await addMember(t, w.id, colleague.id, 'User');
    await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], [{ email: w.member.email }], { name: 'With member' }),
    );
    await createMeeting(
      t,
      w.id,
      colleague,
      meetingBody(t, [w.room.id], [{ email: w.guest }], { name: 'Created by colleague' }),
    );
    await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], [{ email: w.guest }], { name: 'Admin only' }),
    );
    expect(namesOf(await list(w.id, w.member, { Page: 1, PageSize: 10 }))).toEqual(['With member']);
    expect(namesOf(await list(w.id, colleague, { Page: 1, PageSize: 10 }))).toEqual([
      'Created by colleague',
    ]);
    expect(namesOf(await list(w.id, w.admin, { Page: 1, PageSize: 10 })).sort()).toEqual([
      'Admin only',
      'Created by colleague',
      'With member',
    ]);
  });
});

describe('GET /api/Organizations/{organizationId}/Meetings/{meetingId}', () => {
  it('shows a meeting to those who see it, with their rights', async () => {
    const w = await workspace();
    const colleague = await person(t);
    await addMember(t, w.id, colleague.id, 'User');
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], [{ email: w.member.email }]),
    );
    expectProblem(await get(w.id, m.id), 401);
    expectProblem(await get(w.id, m.id, outsider), 404);
    expectProblem(await get(w.id, m.id, colleague), 404);
    const other = await team(t);
    expectProblem(await get(other.id, m.id, other.admin), 404);
    const asParticipant = await get(w.id, m.id, w.member);
    expect(asParticipant.body).toMatchObject({ id: m.id, canEdit: false, canDelete: false });
    const asAdmin = await get(w.id, m.id, w.admin);
    expect(asAdmin.body).toMatchObject({ canEdit: true, canDelete: true });
  });
});

describe('PATCH /api/Organizations/{organizationId}/Meetings/{meetingId}', () => {
  const patch = (teamId: string, id: string, by: Person | undefined, body: MeetingUpdate) =>
    callEndpoint(t, meetingsApi.edit, {
      params: { organizationId: teamId, meetingId: id },
      token: by?.session,
      body,
    });

  it('is for moderators and team admins, before the end', async () => {
    const w = await workspace();
    const moderator = await person(t, { firstName: 'Mo', lastName: 'Derator' });
    await addMember(t, w.id, moderator.id, 'User');
    const people = [
      { email: w.member.email },
      { email: moderator.email, participantType: 'Moderator' as const },
    ];
    const m = await createMeeting(t, w.id, w.admin, meetingBody(t, [w.room.id], people));
    const body = { ...meetingBody(t, [], people, { name: 'Renamed' }), rooms: [w.room.id] };
    expectProblem(await patch(w.id, m.id, undefined, body), 401);
    expectProblem(await patch(w.id, m.id, outsider, body), 404);
    expectProblem(
      await patch(w.id, m.id, w.member, body),
      403,
      undefined,
      meetingMessages.moderatorOrAdmin,
    );
    const byModerator = await patch(w.id, m.id, moderator, body);
    expect(byModerator.status, byModerator.raw.body).toBe(200);
    expect(byModerator.body.name).toBe('Renamed');
    const byAdmin = await patch(w.id, m.id, w.admin, { ...body, name: 'By admin' });
    expect(byAdmin.body.name).toBe('By admin');
    expectProblem(await patch(w.id, m.id, w.admin, { ...body, name: '' }), 400, 'name');
    expectProblem(
      await patch(w.id, m.id, w.admin, {
        ...body,
        endDate: at(-1).toISOString(),
        startDate: at(-2).toISOString(),
      }),
      400,
      'endDate',
      meetingMessages.endInPast,
    );

    await advance(t, 3 * 3600, w.admin);
    const late = { ...body, startDate: at(1).toISOString(), endDate: at(2).toISOString() };
    expectProblem(
      await patch(w.id, m.id, w.admin, late),
      409,
      undefined,
      meetingMessages.alreadyEnded,
    );
  });

  it('keeps, adds and drops rooms; dropped temporary rooms are deleted', async () => {
    const w = await workspace();
    const lounge = await defaultTemplate(t, 'Lounge');
    const gallery = await defaultTemplate(t, 'Gallery');
    const second = await addRoom(t, w.id, w.admin, { name: 'Second' });
    const people = [{ email: w.member.email }];
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], people, { temporaryRooms: [lounge, gallery] }),
    );
    const [, loungeRoom, galleryRoom] = m.rooms;
    const res = await patch(w.id, m.id, w.admin, {
      ...meetingBody(t, [second.id], people),
      rooms: [w.room.id],
      temporaryRooms: [galleryRoom!.id],
      newTemporaryRooms: [lounge],
      currentRoomId: galleryRoom!.id,
    });
    expect(res.status, res.raw.body).toBe(200);
    const updated = res.body;
    const ids = updated.rooms.map((r) => r.id);
    expect(ids.slice(0, 3)).toEqual([w.room.id, second.id, galleryRoom!.id]);
    expect(ids).toHaveLength(4);
    expect(updated.rooms[3]).toMatchObject({ name: 'Lounge', temporary: true });
    expect(updated.currentMeetingRoomId).toBe(galleryRoom!.id);
    const [gone] = await t.ctx.db.select().from(rooms).where(eq(rooms.id, loungeRoom!.id));
    expect(gone).toBeUndefined();

    // Without a current room, the current one stays while the meeting keeps it.
    const again = await patch(w.id, m.id, w.admin, {
      ...meetingBody(t, [w.room.id], people),
      rooms: [galleryRoom!.id],
    });
    expect(again.body.currentMeetingRoomId).toBe(galleryRoom!.id);
    expect(again.body.rooms).toHaveLength(2);
    const dropAll = await patch(w.id, m.id, w.admin, {
      ...meetingBody(t, [w.room.id], people),
    });
    expect(dropAll.body.currentMeetingRoomId).toBe(w.room.id);
    expect(await t.ctx.db.select().from(rooms).where(eq(rooms.meetingId, m.id))).toEqual([]);
  });

  it('lets another admin keep a private room they cannot see', async () => {
    const w = await workspace();
    const secondAdmin = await person(t);
    await addMember(t, w.id, secondAdmin.id, 'Admin');
    const secret = await addRoom(t, w.id, w.admin, { name: 'Secret', sharingType: 2 });
    const people = [{ email: w.member.email }];
    const m = await createMeeting(t, w.id, w.admin, meetingBody(t, [secret.id], people));
    const res = await patch(w.id, m.id, secondAdmin, {
      ...meetingBody(t, [secret.id], people, { name: 'Kept' }),
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body.rooms.map((r) => r.id)).toEqual([secret.id]);
    // Adding it to a new meeting still needs to see it.
    const fresh = await create(w.id, secondAdmin, meetingBody(t, [secret.id], people));
    expectProblem(fresh, 400, 'rooms', meetingMessages.unknownRoom);
  });

  it('serializes concurrent edits of one meeting', async () => {
    const w = await workspace();
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], [{ email: w.guest }]),
    );
    const body = meetingBody(t, [w.room.id], [{ email: w.guest }, { email: 'both@example.org' }]);
    const results = await Promise.all([
      patch(w.id, m.id, w.admin, { ...body, name: 'One' }),
      patch(w.id, m.id, w.admin, { ...body, name: 'Two' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const got = await get(w.id, m.id, w.admin);
    expect(got.body.guestParticipant.map((p) => p.email).sort()).toEqual(
      ['both@example.org', w.guest].sort(),
    );
  });

  it('replaces the participants', async () => {
    const w = await workspace();
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], [{ email: w.guest }]),
    );
    const res = await patch(w.id, m.id, w.admin, {
      ...meetingBody(
        t,
        [w.room.id],
        [
          { email: w.member.email, participantType: 'Moderator' },
          { email: 'new-guest@example.org' },
        ],
      ),
    });
    expect(res.body).toMatchObject({
      moderatorParticipant: [{ userId: w.member.id }],
      userParticipant: [],
      guestParticipant: [{ email: 'new-guest@example.org' }],
    });
  });
});

describe('DELETE /api/Organizations/{organizationId}/Meetings/{meetingId}', () => {
  const del = (teamId: string, id: string, by?: Person) =>
    callEndpoint(t, meetingsApi.remove, {
      params: { organizationId: teamId, meetingId: id },
      token: by?.session,
    });

  it('is for moderators and team admins, and takes the temporary rooms along', async () => {
    const w = await workspace();
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], [{ email: w.member.email }], {
        temporaryRooms: [await defaultTemplate(t, 'Workshop')],
      }),
    );
    const temp = m.rooms.find((r) => r.temporary)!;
    expectProblem(await del(w.id, m.id), 401);
    expectProblem(await del(w.id, m.id, outsider), 404);
    expectProblem(await del(w.id, m.id, w.member), 403);
    expect((await del(w.id, m.id, w.admin)).status).toBe(204);
    expect(await t.ctx.db.select().from(meetings).where(eq(meetings.id, m.id))).toEqual([]);
    expect(await t.ctx.db.select().from(rooms).where(eq(rooms.id, temp.id))).toEqual([]);
    // Team rooms stay.
    expect(await t.ctx.db.select().from(rooms).where(eq(rooms.id, w.room.id))).toHaveLength(1);
    expectProblem(await del(w.id, m.id, w.admin), 404);
  });

  it('lets a moderator delete a meeting after its end', async () => {
    const w = await workspace();
    const m = await createMeeting(
      t,
      w.id,
      w.admin,
      meetingBody(t, [w.room.id], [{ email: w.member.email, participantType: 'Moderator' }]),
    );
    await advance(t, 3 * 3600, w.member);
    const got = await get(w.id, m.id, w.member);
    expect(got.body).toMatchObject({ hasEnded: true, canEdit: false, canDelete: true });
    expect((await del(w.id, m.id, w.member)).status).toBe(204);
  });
});
