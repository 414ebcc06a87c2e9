import { meetingMessages } from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import {
  addParticipant,
  createBody,
  type FormParticipant,
  guestEmail,
  guestParticipant,
  hasRoom,
  hasTemplate,
  type MeetingFormValues,
  meetingFormSchema,
  meetingValues,
  newMeetingValues,
  type RoomChoice,
  removeParticipant,
  toggleModerator,
  toggleRoom,
  updateBody,
  userParticipant,
} from './meetingForm.ts';
import { meetingFixture, meetingRoomFixture, person, roomFixture } from './testing.ts';

const ada = userParticipant({
  id: '11111111-1111-4111-8111-111111111111',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
});

describe('participants', () => {
  it('accepts only valid guest addresses, lower-cased', () => {
    expect(guestEmail('  Guest@Example.ORG ')).toBe('guest@example.org');
    expect(guestEmail('guest@')).toBeNull();
    expect(guestEmail('gu')).toBeNull();
  });

  it('adds each address once, ignoring case', () => {
    let list: FormParticipant[] = [];
    list = addParticipant(list, ada);
    list = addParticipant(list, guestParticipant('grace@example.org'));
    list = addParticipant(list, guestParticipant('GRACE@example.org'));
    list = addParticipant(list, guestParticipant('ADA@example.com'));
    expect(list.map((p) => p.email)).toEqual(['ada@example.com', 'grace@example.org']);
    // The known user stays a known user.
    expect(list[0]?.userId).toBe(ada.userId);
  });

  it('toggles moderator status for known users only', () => {
    let list = [ada, guestParticipant('grace@example.org')];
    list = toggleModerator(list, 'ada@example.com');
    list = toggleModerator(list, 'grace@example.org');
    expect(list.map((p) => p.participantType)).toEqual(['Moderator', 'Participant']);
    list = toggleModerator(list, 'ADA@example.com');
    expect(list[0]?.participantType).toBe('Participant');
  });

  it('removes by address', () => {
    expect(removeParticipant([ada], 'Ada@Example.com')).toEqual([]);
  });
});

describe('room selection (part2 §4)', () => {
  const hall = roomFixture({ name: 'Hall' });
  const template = roomFixture({ name: 'Auditorium', template: true });

  it('adds a normal room as an existing room, and removes it on a second click', () => {
    const once = toggleRoom([], hall);
    expect(once).toEqual([
      {
        kind: 'room',
        id: hall.id,
        name: 'Hall',
        imageUrl: null,
        temporary: false,
        templateId: null,
      },
    ]);
    expect(hasRoom(once, hall.id)).toBe(true);
    expect(toggleRoom(once, hall)).toEqual([]);
  });

  it('adds a template as a temporary room, and removes it on a second click', () => {
    const once = toggleRoom([], template);
    expect(once).toEqual([
      { kind: 'template', templateId: template.id, name: 'Auditorium', imageUrl: null },
    ]);
    expect(hasTemplate(once, template.id)).toBe(true);
    expect(toggleRoom(toggleRoom(once, hall), template)).toEqual(toggleRoom([], hall));
  });

  it("counts a meeting's temporary room made from a template as that template's selection", () => {
    const existing: RoomChoice = {
      kind: 'room',
      id: 'temp-1',
      name: 'Auditorium',
      imageUrl: null,
      temporary: true,
      templateId: template.id,
    };
    expect(hasTemplate([existing], template.id)).toBe(true);
    expect(toggleRoom([existing], template)).toEqual([]);
  });
});

const now = new Date('2026-03-10T10:20:00Z');
const me = { id: ada.userId!, email: ada.email, firstName: 'Ada', lastName: 'Lovelace' };
const valid = (): MeetingFormValues => ({
  ...newMeetingValues(me, now, 'Europe/Amsterdam'),
  name: 'Design review',
  rooms: toggleRoom([], roomFixture({ id: '22222222-2222-4222-8222-222222222222' })),
});

describe('newMeetingValues (part2 §5 defaults)', () => {
  it('starts at the next full hour for an hour, with the current user as moderator', () => {
    expect(newMeetingValues(me, now, 'Europe/Amsterdam')).toEqual({
      name: '',
      description: '',
      start: { date: '2026-03-10', time: '12:00' },
      end: { date: '2026-03-10', time: '13:00' },
      timeZone: 'Europe/Amsterdam',
      participants: [{ ...ada, participantType: 'Moderator' }],
      rooms: [],
      emailNewUsers: true,
    });
  });
});

describe('meetingFormSchema', () => {
  const schema = meetingFormSchema(() => now);
  /** The first message per field: the one a form shows. */
  const issues = (v: MeetingFormValues) => {
    const r = schema.safeParse(v);
    if (r.success) return [];
    const first = new Map<string, string>();
    for (const i of r.error.issues) {
      const path = i.path.join('.');
      if (!first.has(path)) first.set(path, i.message);
    }
    return [...first].map(([path, message]) => `${path}: ${message}`);
  };

  it('accepts a complete form', () => {
    expect(issues(valid())).toEqual([]);
  });

  it('requires a name, a participant and a room', () => {
    expect(issues({ ...valid(), name: '  ', participants: [], rooms: [] })).toEqual([
      'name: This field is required',
      `participants: ${meetingMessages.participantsRequired}`,
      `rooms: ${meetingMessages.roomsRequired}`,
    ]);
  });

  it('wants the end after the start', () => {
    const v = valid();
    expect(issues({ ...v, end: v.start })).toEqual([`end: ${meetingMessages.endBeforeStart}`]);
  });

  it('wants the end in the future', () => {
    expect(
      issues({
        ...valid(),
        start: { date: '2026-03-10', time: '09:00' },
        end: { date: '2026-03-10', time: '11:20' }, // 10:20 UTC: now
      }),
    ).toEqual([`end: ${meetingMessages.endInPast}`]);
  });

  it('refuses an unknown time zone', () => {
    expect(issues({ ...valid(), timeZone: 'Mars/Olympus' })).toEqual([
      `timeZone: ${meetingMessages.invalidTimeZone}`,
    ]);
  });
});

describe('request bodies', () => {
  const template = roomFixture({ id: '33333333-3333-4333-8333-333333333333', template: true });
  const values = (): MeetingFormValues => {
    const v = valid();
    return {
      ...v,
      description: '  ',
      rooms: toggleRoom(v.rooms, template),
      participants: addParticipant(v.participants, guestParticipant('guest@example.org')),
    };
  };

  it('sends the times as instants of the chosen zone, rooms and templates apart', () => {
    expect(createBody(values(), me.id)).toEqual({
      name: 'Design review',
      description: null,
      startDate: '2026-03-10T11:00:00.000Z',
      endDate: '2026-03-10T12:00:00.000Z',
      timezoneLabel: 'Europe/Amsterdam',
      emailNewUsers: true,
      participants: [
        { email: 'ada@example.com', userId: me.id, participantType: 'Moderator' },
        { email: 'guest@example.org', userId: null, participantType: 'Participant' },
      ],
      userId: me.id,
      existingRooms: ['22222222-2222-4222-8222-222222222222'],
      temporaryRooms: [template.id],
    });
  });

  it('on edit, keeps existing rooms as rooms and new templates as newTemporaryRooms', () => {
    const body = updateBody(values(), me.id);
    expect(body.rooms).toEqual(['22222222-2222-4222-8222-222222222222']);
    expect(body.newTemporaryRooms).toEqual([template.id]);
    expect(body).not.toHaveProperty('existingRooms');
  });
});

describe('meetingValues (editing)', () => {
  it("shows the times on the meeting's own clock, with its people and rooms", () => {
    const temp = meetingRoomFixture({ name: 'Temp', temporary: true, templateId: 'tpl' });
    const m = meetingFixture({
      startDate: '2099-07-01T08:00:00.000Z',
      endDate: '2099-07-01T09:30:00.000Z',
      timezoneLabel: 'Europe/Amsterdam',
      rooms: [temp],
      userParticipant: [person({ firstName: 'Max', email: 'max@example.com' })],
    });
    const v = meetingValues(m);
    expect(v.start).toEqual({ date: '2099-07-01', time: '10:00' });
    expect(v.end).toEqual({ date: '2099-07-01', time: '11:30' });
    expect(v.timeZone).toBe('Europe/Amsterdam');
    expect(v.participants.map((p) => [p.email, p.participantType])).toEqual([
      ['ada@example.com', 'Moderator'],
      ['max@example.com', 'Participant'],
      ['guest@example.org', 'Participant'],
    ]);
    expect(v.rooms).toEqual([
      {
        kind: 'room',
        id: temp.id,
        name: 'Temp',
        imageUrl: null,
        temporary: true,
        templateId: 'tpl',
      },
    ]);
    expect(hasTemplate(v.rooms, 'tpl')).toBe(true);
  });
});
