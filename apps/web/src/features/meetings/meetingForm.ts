import {
  email as emailSchema,
  fieldMessages,
  isTimeZone,
  type Meeting,
  type MeetingCreate,
  type MeetingUpdate,
  meetingLimits,
  meetingMessages,
  type ParticipantType,
  type Room,
  requiredName,
  type TeamUser,
} from '@roomscale/shared';
import { z } from 'zod';
import { browserTimeZone, dateToWall, defaultTimes, type WallTime, wallToDate } from './time.ts';

/** A participant in the form: a known user (with `userId`) or a guest by email. */
export type FormParticipant = {
  email: string;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  participantType: ParticipantType;
};

/**
 * A room chosen in the form: a room that exists (a team room, or on edit one of the meeting's
 * rooms, possibly temporary), or a template that becomes a new temporary room on save.
 */
export type RoomChoice =
  | {
      kind: 'room';
      id: string;
      name: string;
      imageUrl: string | null;
      temporary: boolean;
      /** The template a temporary room was made from. */
      templateId: string | null;
    }
  | { kind: 'template'; templateId: string; name: string; imageUrl: string | null };

export type MeetingFormValues = {
  name: string;
  description: string;
  start: WallTime;
  end: WallTime;
  timeZone: string;
  participants: FormParticipant[];
  rooms: RoomChoice[];
  emailNewUsers: boolean;
};

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A participant's display name: the name of a known user, the email of a guest. */
export const participantName = (p: Pick<FormParticipant, 'email' | 'firstName' | 'lastName'>) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.email;

/** A valid email address, normalised as the server stores it; null otherwise. */
export function guestEmail(text: string): string | null {
  const parsed = emailSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

export const hasParticipant = (list: FormParticipant[], email: string) =>
  list.some((p) => sameEmail(p.email, email));

/** Adds a participant unless one with the same email is already there (part2 §5). */
export function addParticipant(list: FormParticipant[], p: FormParticipant): FormParticipant[] {
  if (hasParticipant(list, p.email)) return list;
  return [...list, { ...p, email: p.email.trim().toLowerCase() }];
}

export const userParticipant = (
  u: Pick<TeamUser, 'id' | 'email' | 'firstName' | 'lastName'>,
): FormParticipant => ({
  email: u.email,
  userId: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  participantType: 'Participant',
});

export const guestParticipant = (email: string): FormParticipant => ({
  email,
  userId: null,
  firstName: null,
  lastName: null,
  participantType: 'Participant',
});

export const removeParticipant = (list: FormParticipant[], email: string) =>
  list.filter((p) => !sameEmail(p.email, email));

/** Moderator status toggles only for known users, never for guests (part2 §5). */
export function toggleModerator(list: FormParticipant[], email: string): FormParticipant[] {
  return list.map((p) =>
    sameEmail(p.email, email) && p.userId
      ? { ...p, participantType: p.participantType === 'Moderator' ? 'Participant' : 'Moderator' }
      : p,
  );
}

/** Whether the choices include this team room. */
export const hasRoom = (choices: RoomChoice[], roomId: string) =>
  choices.some((c) => c.kind === 'room' && c.id === roomId);

/**
 * Whether the choices hold a room from this template: a new temporary room, or (on edit) a
 * temporary room the meeting already has from it.
 */
export const hasTemplate = (choices: RoomChoice[], templateId: string) =>
  choices.some(
    (c) =>
      (c.kind === 'template' && c.templateId === templateId) ||
      (c.kind === 'room' && c.temporary && c.templateId === templateId),
  );

/**
 * A click in the room selection (part2 §4): a template adds a temporary room, a normal room
 * adds that room; clicking a selected one again deselects it.
 */
export function toggleRoom(
  choices: RoomChoice[],
  room: Pick<Room, 'id' | 'name' | 'imageUrl' | 'template'>,
): RoomChoice[] {
  if (room.template) {
    if (hasTemplate(choices, room.id)) {
      return choices.filter(
        (c) =>
          !(c.kind === 'template' && c.templateId === room.id) &&
          !(c.kind === 'room' && c.temporary && c.templateId === room.id),
      );
    }
    return [
      ...choices,
      { kind: 'template', templateId: room.id, name: room.name, imageUrl: room.imageUrl },
    ];
  }
  if (hasRoom(choices, room.id)) {
    return choices.filter((c) => !(c.kind === 'room' && c.id === room.id));
  }
  return [
    ...choices,
    {
      kind: 'room',
      id: room.id,
      name: room.name,
      imageUrl: room.imageUrl,
      temporary: false,
      templateId: null,
    },
  ];
}

export const choiceKey = (c: RoomChoice) =>
  c.kind === 'room' ? `room:${c.id}` : `template:${c.templateId}`;

/** Removes one chosen room (the remove button beside it in the form). */
export const removeRoomChoice = (choices: RoomChoice[], key: string) =>
  choices.filter((c) => choiceKey(c) !== key);

/** A new meeting: default times in the browser's zone, the current user as moderator. */
export function newMeetingValues(
  me: { id: string; email: string; firstName: string; lastName: string } | null,
  now = new Date(),
  zone = browserTimeZone(),
): MeetingFormValues {
  const { start, end } = defaultTimes(now, zone);
  return {
    name: '',
    description: '',
    start,
    end,
    timeZone: zone,
    participants: me
      ? [{ ...userParticipant({ ...me }), participantType: 'Moderator' as const }]
      : [],
    rooms: [],
    emailNewUsers: true,
  };
}

/** The form filled in from a meeting, for editing; times in the meeting's own zone. */
export function meetingValues(m: Meeting): MeetingFormValues {
  const zone = isTimeZone(m.timezoneLabel) ? m.timezoneLabel : browserTimeZone();
  const people = [...m.moderatorParticipant, ...m.userParticipant, ...m.guestParticipant];
  return {
    name: m.name,
    description: m.description ?? '',
    start: dateToWall(m.startDate, zone),
    end: dateToWall(m.endDate, zone),
    timeZone: zone,
    participants: people.map((p) => ({
      email: p.email,
      userId: p.userId,
      firstName: p.firstName,
      lastName: p.lastName,
      participantType: p.participantType,
    })),
    rooms: m.rooms.map((r) => ({
      kind: 'room',
      id: r.id,
      name: r.name,
      imageUrl: r.imageUrl,
      temporary: r.temporary,
      templateId: r.templateId,
    })),
    emailNewUsers: true,
  };
}

const wallTime = z.object({
  date: z.string().min(1, fieldMessages.required),
  time: z.string().min(1, fieldMessages.required),
});

/**
 * The meeting form's rules (part2 §5): name required; end after start; end in the future; at
 * least one participant and one room. `now` is read at every validation.
 */
export const meetingFormSchema = (now: () => Date = () => new Date()) =>
  z
    .object({
      name: requiredName(1, meetingLimits.nameMax),
      description: z
        .string()
        .max(meetingLimits.descriptionMax, fieldMessages.maxLength(meetingLimits.descriptionMax)),
      start: wallTime,
      end: wallTime,
      timeZone: z.string().refine(isTimeZone, meetingMessages.invalidTimeZone),
      participants: z
        .array(z.custom<FormParticipant>())
        .min(1, meetingMessages.participantsRequired)
        .max(meetingLimits.participantsMax),
      rooms: z
        .array(z.custom<RoomChoice>())
        .min(1, meetingMessages.roomsRequired)
        .max(meetingLimits.roomsMax),
      emailNewUsers: z.boolean(),
    })
    .superRefine((v, ctx) => {
      const zone = isTimeZone(v.timeZone) ? v.timeZone : 'UTC';
      const start = wallToDate(v.start, zone);
      const end = wallToDate(v.end, zone);
      if (!start || !end) return;
      if (end.getTime() <= start.getTime()) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: meetingMessages.endBeforeStart });
      } else if (end.getTime() <= now().getTime()) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: meetingMessages.endInPast });
      }
    });

const participantsBody = (v: MeetingFormValues) =>
  v.participants.map((p) => ({
    email: p.email,
    userId: p.userId,
    participantType: p.participantType,
  }));

const fields = (v: MeetingFormValues, userId: string | null) => {
  const start = wallToDate(v.start, v.timeZone);
  const end = wallToDate(v.end, v.timeZone);
  if (!start || !end) throw new Error('meeting form submitted without complete times');
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    timezoneLabel: v.timeZone,
    emailNewUsers: v.emailNewUsers,
    participants: participantsBody(v),
    userId,
  };
};

const roomIds = (v: MeetingFormValues) => v.rooms.flatMap((c) => (c.kind === 'room' ? [c.id] : []));
const templateIds = (v: MeetingFormValues) =>
  v.rooms.flatMap((c) => (c.kind === 'template' ? [c.templateId] : []));

/** PUT …/Meetings: team rooms as existingRooms, templates as temporaryRooms. */
export function createBody(v: MeetingFormValues, userId: string | null): MeetingCreate {
  return { ...fields(v, userId), existingRooms: roomIds(v), temporaryRooms: templateIds(v) };
}

/**
 * PATCH …/Meetings/{id}: the meeting's kept rooms (team or temporary) as rooms, templates as
 * newTemporaryRooms. The current room stays as it is unless it was removed.
 */
export function updateBody(v: MeetingFormValues, userId: string | null): MeetingUpdate {
  return { ...fields(v, userId), rooms: roomIds(v), newTemporaryRooms: templateIds(v) };
}
