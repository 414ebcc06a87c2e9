import { z } from '../zodErrors.ts';
import { id, isoDate, pagedResult, pageQuery } from './common.ts';

/**
 * Usage insight (issue 29 §2–§4; docs/usage.md 'The calls'): what the daily totals and the facts
 * of modules/usage tell a team admin, a meeting's moderators and the super admins.
 */
export const insightLimits = {
  /** The usage charts cover this many ISO weeks (Monday to Sunday), the current one last. */
  weeks: 12,
  /** 'Licensed, not in VR for …': a member holding a License with no day in VR in this many days. */
  notInVrDays: 30,
  /** The platform overview names this many teams with the most and the least use of their licenses. */
  licenseRankCount: 5,
  /** An IANA zone name is at most this long. */
  timeZoneMax: 64,
} as const;

export const insightMessages = {
  badTimeZone: 'Unknown time zone: use an IANA name such as Europe/Berlin.',
  meetingNotStarted: 'The meeting has not started yet: it has no attendance.',
} as const;

/** The file name of a CSV download (`Content-Disposition: attachment; filename=…`). */
export const insightCsvNames = {
  teamUsage: (from: string, to: string) => `usage-${from}-${to}.csv`,
  attendance: (code: string) => `attendance-${code}.csv`,
} as const;

function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone (`Europe/Berlin`); weeks and days are cut in it. Default UTC. */
export const timeZone = z
  .string()
  .max(insightLimits.timeZoneMax, insightMessages.badTimeZone)
  .refine(isTimeZone, insightMessages.badTimeZone)
  .default('UTC')
  .describe('IANA time zone the weeks are cut in (default UTC)');

export const insightPeriodQuery = z.object({ timeZone });
export type InsightPeriodQuery = z.input<typeof insightPeriodQuery>;

/** The attendance CSV writes its times in `timeZone` (validated as the weeks' zone, default UTC). */
export const attendanceCsvQuery = z.object({
  timeZone: timeZone.describe(
    'IANA time zone the times are written in, with their offset (default UTC)',
  ),
});

/** A calendar day, `YYYY-MM-DD`. */
const day = z.iso.date();

/** The period a chart shows: `from` (a Monday) to `to` (a Sunday), both included, in `timeZone`. */
const period = {
  timeZone: z.string(),
  from: day.describe('First day shown (a Monday), in timeZone'),
  to: day.describe('Last day shown (a Sunday, the current week), in timeZone'),
};

/** One ISO week of a team's use. */
export const teamUsageWeek = z.object({
  /** The week's Monday, in the caller's zone. */
  weekStart: day,
  /** Distinct members with a check-in on a day of the week. */
  activeUsers: z.number().int(),
  /** Of those, the ones holding a License: licenses used. */
  licensesUsed: z.number().int(),
  /**
   * Licenses the team held that week (the count of its last day the rollup recorded; weeks
   * before the first record show the first recorded count, or today's).
   */
  licensesHeld: z.number().int(),
  /** Time in VR summed over the members' sessions, seconds. */
  secondsInVr: z.number().int(),
  /** The team's meetings someone joined, summed over the week's days. */
  meetingsHeld: z.number().int(),
  /** Users who joined the team's meetings, summed over the week's days (distinct per day). */
  userAttendees: z.number().int(),
  /** Guests who joined the team's meetings, summed over the week's days (distinct per day). */
  guestAttendees: z.number().int(),
});
export type TeamUsageWeek = z.infer<typeof teamUsageWeek>;

/** GET /api/Organizations/{organizationId}/Usage (team admins): 12 weeks, oldest first. */
export const teamUsage = z.object({
  ...period,
  /** Licenses the team holds now (each week's holding: `weeks[].licensesHeld`). */
  licensesHeld: z.number().int(),
  weeks: z.array(teamUsageWeek),
});
export type TeamUsage = z.infer<typeof teamUsage>;

/** One person who joined a meeting (`GET …/Meetings/{meetingId}/Attendance`). */
export const attendee = z.object({
  kind: z.enum(['User', 'Guest']),
  /** The user's id; null for a guest. */
  userId: id.nullable(),
  /** The user's full name; null for a guest. */
  name: z.string().nullable(),
  /** The user's email, or the address a guest proved. */
  email: z.string(),
  /** Their first join of the meeting. */
  firstSeenAt: isoDate,
  /** Their last join or check-in while the meeting ran. */
  lastSeenAt: isoDate,
  /** Time in the meeting: their sessions from the first join to the meeting's end, seconds. */
  durationSeconds: z.number().int(),
});
export type Attendee = z.infer<typeof attendee>;

/** An invitee who never joined. */
export const absentInvitee = z.object({
  userId: id.nullable(),
  name: z.string().nullable(),
  email: z.string(),
});
export type AbsentInvitee = z.infer<typeof absentInvitee>;

export const meetingAttendance = z.object({
  meetingId: id,
  name: z.string(),
  code: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  /** By first seen. */
  attendees: z.array(attendee),
  /** Invitees with no join, by email. */
  neverJoined: z.array(absentInvitee),
});
export type MeetingAttendance = z.infer<typeof meetingAttendance>;

/**
 * One of the team's devices: a member's seat and the device holding it (the seat fields of
 * part2 §3, docs/seats.md), with the app version of its latest check-in.
 */
export const teamDevice = z.object({
  userId: id,
  userName: z.string(),
  email: z.string(),
  /** The device holding the member's seat (lastDeviceNameInUse). */
  deviceName: z.string(),
  /** The VR app's name and version of the device's latest check-in (its User-Agent), if known. */
  appVersion: z.string().nullable(),
  /** The device's latest check-in. */
  lastSeenAt: isoDate,
  /** When the device took the seat (lastSeatAssignmentTime). */
  lastSeatAssignmentTime: isoDate,
  /** Another device of the member was refused the seat while this one held it (isConflicted). */
  isConflicted: z.boolean(),
  /** That other device's name, the latest refused. */
  conflictingDeviceName: z.string().nullable(),
  /** The holder's deadline: last check-in + 15 minutes (requiredNextUpdateTime). */
  requiredNextUpdateTime: isoDate,
  /** The deadline has passed: the seat is free until the device checks in again. */
  updateRequired: z.boolean(),
});
export type TeamDevice = z.infer<typeof teamDevice>;

/** GET /api/Organizations/{organizationId}/Devices?Filter&Page&PageSize: by last seen, newest first. */
export const teamDeviceListQuery = pageQuery;
export const teamDevicePage = pagedResult(teamDevice);
export type TeamDevicePage = z.infer<typeof teamDevicePage>;

/** One ISO week of the platform's use. */
export const platformUsageWeek = z.object({
  weekStart: day,
  /** Distinct users with a check-in (any team or none). */
  activeUsers: z.number().int(),
  /** Teams with a member's check-in or a join of their meetings. */
  activeTeams: z.number().int(),
  secondsInVr: z.number().int(),
  meetingsHeld: z.number().int(),
});
export type PlatformUsageWeek = z.infer<typeof platformUsageWeek>;

/** A team's use of its licenses over the 12 weeks. */
export const teamLicenseUse = z.object({
  organizationId: id,
  name: z.string(),
  /** Licenses the team holds now. */
  licensesHeld: z.number().int(),
  /** Distinct licensed members in VR over the period. */
  licensesUsed: z.number().int(),
  /** licensesUsed / licensesHeld, 0 to 1 (may pass 1 after licenses went back). */
  share: z.number(),
});
export type TeamLicenseUse = z.infer<typeof teamLicenseUse>;

/** GET /api/Admin/Usage (super admins). */
export const platformUsage = z.object({
  ...period,
  weeks: z.array(platformUsageWeek),
  /** Teams holding licenses, the highest share first. */
  mostLicenseUse: z.array(teamLicenseUse),
  /** Teams holding licenses, the lowest share first. */
  leastLicenseUse: z.array(teamLicenseUse),
});
export type PlatformUsage = z.infer<typeof platformUsage>;
