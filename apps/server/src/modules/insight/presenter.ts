import type {
  AbsentInvitee,
  Attendee,
  MeetingAttendance,
  PlatformUsageWeek,
  TeamDevice,
  TeamUsage,
  TeamUsageWeek,
} from '@roomscale/shared';
import { insightTexts, seatLimits } from '@roomscale/shared';
import { isoInZone } from './zonedTime.ts';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
 * doubled. A text starting with = + - @ (or a tab or carriage return) is prefixed with ' so a
 * spreadsheet never runs it as a formula; numbers are written as they are.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows to CSV: CRLF line ends, a header row first. */
export const csvOf = (rows: (string | number | null)[][]) =>
  `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

export function teamUsageCsv(u: TeamUsage): string {
  return csvOf([
    insightTexts.csv.teamUsage(u.timeZone),
    ...u.weeks.map((w: TeamUsageWeek) => [
      w.weekStart,
      w.activeUsers,
      w.licensesUsed,
      w.licensesHeld,
      hours(w.secondsInVr),
      w.secondsInVr,
      w.meetingsHeld,
      w.userAttendees,
      w.guestAttendees,
    ]),
  ]);
}

/** The attendance, times written in `timeZone` with their offset (the zone named in the header). */
export function attendanceCsv(a: MeetingAttendance, timeZone: string): string {
  return csvOf([
    insightTexts.csv.attendance(timeZone),
    ...a.attendees.map((p: Attendee) => [
      insightTexts.csv.joined,
      p.kind,
      p.name,
      p.email,
      isoInZone(p.firstSeenAt, timeZone),
      isoInZone(p.lastSeenAt, timeZone),
      p.durationSeconds,
    ]),
    ...a.neverJoined.map((p: AbsentInvitee) => [
      insightTexts.csv.neverJoined,
      p.userId ? 'User' : 'Guest',
      p.name,
      p.email,
      null,
      null,
      null,
    ]),
  ]);
}

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');

export type DeviceRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  device_name: string;
  assigned_at: Date | string;
  last_seen_at: Date | string;
  app_version: string | null;
  conflicting_device_name: string | null;
};

const iso = (v: Date | string) => new Date(v).toISOString();

export function presentDevice(r: DeviceRow, now: Date): TeamDevice {
  const lastSeen = new Date(r.last_seen_at);
  const required = new Date(lastSeen.getTime() + seatLimits.requiredUpdateSeconds * 1000);
  return {
    userId: r.user_id,
    userName: fullName(r.first_name, r.last_name),
    email: r.email,
    deviceName: r.device_name,
    appVersion: r.app_version,
    lastSeenAt: lastSeen.toISOString(),
    lastSeatAssignmentTime: iso(r.assigned_at),
    isConflicted: r.conflicting_device_name !== null,
    conflictingDeviceName: r.conflicting_device_name,
    requiredNextUpdateTime: required.toISOString(),
    updateRequired: now.getTime() > required.getTime(),
  };
}

export const presentName = fullName;

export type { PlatformUsageWeek };
