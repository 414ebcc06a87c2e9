import { ParticipantTypes } from '../enums.ts';
import { meetingLimits } from '../limits.ts';
import { fieldMessages, meetingMessages } from '../messages.ts';
import { z } from '../zodErrors.ts';
import { email, id, isoDate, pagedResult, pageQuery } from './common.ts';
import { optionalText, requiredName, room } from './rooms.ts';

export const participantType = z.enum(ParticipantTypes);

/** An IANA time zone name the runtime knows ('Europe/Amsterdam', 'UTC'). */
export const isTimeZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/**
 * A participant: a known user (`userId`, or an email of a registered user) or a guest by email.
 * Names are looked up on the server; those sent are ignored.
 */
export const participantInput = z.object({
  email,
  userId: id.nullish(),
  participantType: participantType.default('Participant'),
});
export type ParticipantInput = z.input<typeof participantInput>;

/** A meeting time: an ISO date with offset, within years the database and calendars handle. */
const meetingDate = isoDate
  .transform((s) => new Date(s))
  .refine((d) => {
    const year = d.getUTCFullYear();
    return year >= 2000 && year <= 9999;
  }, meetingMessages.dateOutOfRange);

const meetingFields = {
  name: requiredName(1, meetingLimits.nameMax),
  description: optionalText(meetingLimits.descriptionMax),
  startDate: meetingDate,
  endDate: meetingDate,
  timezoneLabel: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || 'UTC')
    .refine(isTimeZone, meetingMessages.invalidTimeZone),
  emailNewUsers: z.boolean().default(true),
  /** Team rooms (and, on edit, rooms the meeting already has). */
  existingRooms: z.array(id).max(meetingLimits.roomsMax).default([]),
  /** On create: template ids, each becomes a temporary room. On edit: the meeting's temporary rooms to keep. */
  temporaryRooms: z.array(id).max(meetingLimits.roomsMax).default([]),
  /** A room id, or on create the id of a template listed in `temporaryRooms`. Default: the first room. */
  currentRoomId: id.nullish(),
  participants: z.array(participantInput).max(meetingLimits.participantsMax).default([]),
  /** Sent by the web; the creator is the signed-in caller, so it is ignored. */
  userId: id.nullish(),
};

/** The field schemas of a meeting, for other forms of it (a guest's meeting). */
export const meetingCreateFields = meetingFields;

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isDate = (v: unknown): v is Date => v instanceof Date && !Number.isNaN(v.getTime());

/**
 * Rules of one meeting that need no clock or database (part2 §5). Zod runs them even when a
 * field failed, so they read the values defensively.
 */
const meetingRules = (
  v: { startDate: unknown; endDate: unknown; participants: unknown },
  ctx: z.RefinementCtx,
  roomIds: unknown[][],
) => {
  if (isDate(v.startDate) && isDate(v.endDate) && v.endDate <= v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: meetingMessages.endBeforeStart });
  }
  if (new Set(roomIds.flatMap(list)).size === 0) {
    ctx.addIssue({ code: 'custom', path: ['rooms'], message: meetingMessages.roomsRequired });
  }
  if (list(v.participants).length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['participants'],
      message: meetingMessages.participantsRequired,
    });
  }
};

/** PUT /api/Organizations/{organizationId}/Meetings. */
export const meetingCreate = z
  .object(meetingFields)
  .superRefine((v, ctx) => meetingRules(v, ctx, [v.existingRooms, v.temporaryRooms]));
export type MeetingCreate = z.input<typeof meetingCreate>;

/**
 * PATCH …/Meetings/{meetingId}: the whole form again. The meeting's rooms become
 * `rooms` ∪ `existingRooms` ∪ `temporaryRooms` (ids of rooms; the meeting's temporary rooms not
 * listed are deleted) plus a new temporary room per template id in `newTemporaryRooms`.
 */
export const meetingUpdate = z
  .object({
    ...meetingFields,
    rooms: z.array(id).max(meetingLimits.roomsMax).default([]),
    newTemporaryRooms: z.array(id).max(meetingLimits.roomsMax).default([]),
  })
  .superRefine((v, ctx) =>
    meetingRules(v, ctx, [v.rooms, v.existingRooms, v.temporaryRooms, v.newTemporaryRooms]),
  );
export type MeetingUpdate = z.input<typeof meetingUpdate>;

export const participant = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userId: id.nullable(),
  email: z.string(),
  participantType,
  imageUpdated: isoDate.nullable(),
});
export type Participant = z.infer<typeof participant>;

/** A meeting's room: a team room, or a temporary one made for the meeting from a template. */
export const meetingRoom = room.extend({ temporary: z.boolean() });
export type MeetingRoom = z.infer<typeof meetingRoom>;

/** A meeting (part2 §3) as its team sees it. */
export const meeting = z.object({
  id,
  meetingId: id,
  name: z.string(),
  description: z.string().nullable(),
  organizationId: id.nullable(),
  meetingCode: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  timezoneLabel: z.string(),
  hasEnded: z.boolean(),
  /** Started and not ended ('Ongoing:' on the dashboard). */
  isOngoing: z.boolean(),
  currentMeetingRoomId: id.nullable(),
  rooms: z.array(meetingRoom),
  moderatorParticipant: z.array(participant),
  userParticipant: z.array(participant),
  guestParticipant: z.array(participant),
  /** The caller may edit it: a moderator or a team admin, before the end. */
  canEdit: z.boolean(),
  /** The caller may delete it: a moderator or a team admin, also after the end. */
  canDelete: z.boolean(),
  created: isoDate,
  createdBy: id.nullable(),
});
export type Meeting = z.infer<typeof meeting>;

/** GET /api/Organizations/{organizationId}/Meetings (dashboard: size 5; list: size 10). */
export const meetingListQuery = pageQuery.extend({
  IncludePastMeetings: z.stringbool().default(false),
});
export const meetingPage = pagedResult(meeting);
export type MeetingPage = z.infer<typeof meetingPage>;

/** POST /api/Meetings/{meetingId}/Room. */
export const meetingRoomChange = z.object({ roomId: id });
export type MeetingRoomChange = z.input<typeof meetingRoomChange>;

/** What anyone with the code may see of a running meeting: no participants. */
export const publicMeeting = z.object({
  meetingId: id,
  name: z.string(),
  meetingCode: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  hasEnded: z.boolean(),
  currentMeetingRoomId: id.nullable(),
  rooms: z.array(
    room
      .pick({
        id: true,
        roomId: true,
        name: true,
        description: true,
        imageUrl: true,
        sceneName: true,
        addressableUrlAndroid: true,
        addressableUrlWindows: true,
        addressableUrlMac: true,
        maxUsers: true,
        persistent: true,
        capabilities: true,
      })
      .extend({ temporary: z.boolean() }),
  ),
});
export type PublicMeeting = z.infer<typeof publicMeeting>;

/**
 * GET /api/Meetings/{code}. `error` is a MeetingLookupErrors number; `meetingDetail` is given
 * only while the meeting runs (error 0), the times whenever the meeting exists.
 */
export const meetingLookup = z.object({
  meetingDetail: publicMeeting.nullable(),
  message: z.string(),
  error: z.union([z.literal(0), z.literal(10), z.literal(20), z.literal(30)]),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
});
export type MeetingLookup = z.infer<typeof meetingLookup>;

/** Codes are typed loosely on headsets: case, spaces and dashes do not matter. */
export const normalizeMeetingCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
export const meetingCodeParam = z
  .string()
  .max(32, fieldMessages.maxLength(32))
  .transform(normalizeMeetingCode);
