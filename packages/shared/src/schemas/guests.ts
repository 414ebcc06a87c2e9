import { meetingLimits } from '../limits.ts';
import { fieldMessages, meetingMessages } from '../messages.ts';
import { guestLimits } from '../seatsGuests.ts';
import { z } from '../zodErrors.ts';
import { email, id, pagedResult } from './common.ts';
import { meetingCreateFields, publicMeeting } from './meetings.ts';
import { roomTemplateSummary } from './roomTemplates.ts';

const codePattern = new RegExp(`^\\d{${guestLimits.codeDigits}}$`);

/**
 * Headers of PUT /api/Guests/Authorize (lower-case, as HTTP delivers them): `guestEmail` alone
 * mails a code; with `guestCode` too, the code is exchanged for a guest token.
 */
export const guestAuthorizeHeaders = z.object({
  guestemail: email,
  guestcode: z
    .string()
    .trim()
    .regex(codePattern, `Must be ${guestLimits.codeDigits} digits`)
    .optional(),
});

export const guestCodeSent = z.object({
  codeSent: z.literal(true),
  email: z.string(),
  expiresIn: z.number().int(),
});
export const guestToken = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  guestId: id,
  email: z.string(),
});
export type GuestToken = z.infer<typeof guestToken>;
export const guestAuthorizeResult = z.union([guestToken, guestCodeSent]);

/** GET /api/Guests/RoomTemplates?page */
export const guestTemplatesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
});

/** A public template as guests see it (no usage counts of teams). */
export const guestRoomTemplate = roomTemplateSummary.omit({ roomCount: true });
export const guestRoomTemplatePage = pagedResult(guestRoomTemplate);
export type GuestRoomTemplatePage = z.infer<typeof guestRoomTemplatePage>;

const guestInvitee = z.object({ email });

/**
 * PUT /api/Guests/Meetings: a guest plans a meeting in temporary rooms made from Public
 * templates. Invitees are addresses only; nobody moderates a guest's meeting.
 */
export const guestMeetingCreate = z
  .object({
    name: meetingCreateFields.name,
    description: meetingCreateFields.description,
    startDate: meetingCreateFields.startDate,
    endDate: meetingCreateFields.endDate,
    timezoneLabel: meetingCreateFields.timezoneLabel,
    emailNewUsers: z.boolean().default(true),
    /** Public template ids; each becomes a temporary room. */
    temporaryRooms: z.array(id).min(1, meetingMessages.roomsRequired).max(meetingLimits.roomsMax),
    /** One of `temporaryRooms`; default the first. */
    currentRoomId: id.nullish(),
    participants: z.array(guestInvitee).max(meetingLimits.participantsMax).default([]),
  })
  .superRefine((v, ctx) => {
    const { startDate: start, endDate: end } = v as { startDate: unknown; endDate: unknown };
    if (start instanceof Date && end instanceof Date && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: meetingMessages.endBeforeStart });
    }
  });
export type GuestMeetingCreate = z.input<typeof guestMeetingCreate>;

/** POST /api/Guests/Meetings/{meetingId}/Invite */
export const guestInvite = z.object({
  participants: z
    .array(guestInvitee)
    .min(1, fieldMessages.required)
    .max(meetingLimits.participantsMax),
});

/** A guest's own meeting: the public view plus who is invited (addresses only). */
export const guestMeeting = publicMeeting.extend({
  description: z.string().nullable(),
  timezoneLabel: z.string(),
  participants: z.array(z.string()),
});
export type GuestMeeting = z.infer<typeof guestMeeting>;
