import { isTimeZone, meetingLimits } from '@roomscale/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * A wall-clock time as the form's pickers hold it: a date ('YYYY-MM-DD') and a 24-hour time
 * ('HH:mm'), read in the meeting's time zone. Empty strings while a picker is cleared.
 */
export type WallTime = { date: string; time: string };

const DATE = 'YYYY-MM-DD';
const TIME = 'HH:mm';

/** The browser's IANA time zone, the form's default ('UTC' if the runtime cannot tell). */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** Every IANA zone the runtime knows, with UTC, for the time zone select. */
export function timeZoneOptions(current: string): string[] {
  const zones = new Set<string>(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

const isComplete = (w: WallTime) =>
  /^\d{4}-\d{2}-\d{2}$/.test(w.date) && /^\d{2}:\d{2}$/.test(w.time);

/** The instant a wall-clock time in `zone` stands for; null while incomplete. */
export function wallToDate(w: WallTime, zone: string): Date | null {
  if (!isComplete(w)) return null;
  const d = dayjs.tz(`${w.date} ${w.time}`, `${DATE} ${TIME}`, zone);
  return d.isValid() ? d.toDate() : null;
}

/** The wall-clock time of an instant in `zone`. */
export function dateToWall(d: Date | string, zone: string): WallTime {
  const local = dayjs(d).tz(zone);
  return { date: local.format(DATE), time: local.format(TIME) };
}

/**
 * The form's default times (part2 §5): the start is the next full hour in `zone`, the end the
 * default meeting length later.
 */
export function defaultTimes(now: Date, zone: string): { start: WallTime; end: WallTime } {
  const start = dayjs(now).tz(zone).startOf('hour').add(1, 'hour');
  const end = start.add(meetingLimits.defaultLengthMinutes, 'minute');
  return {
    start: { date: start.format(DATE), time: start.format(TIME) },
    end: { date: end.format(DATE), time: end.format(TIME) },
  };
}

/**
 * The fix-up of part2 §4: when the range leaves the end not after the start, the end becomes
 * the start plus 5 minutes. Incomplete times are left alone.
 */
export function fixUpEnd(start: WallTime, end: WallTime, zone: string): WallTime {
  const s = wallToDate(start, zone);
  const e = wallToDate(end, zone);
  if (!s || !e || e.getTime() > s.getTime()) return end;
  return dateToWall(new Date(s.getTime() + meetingLimits.fixUpMinutes * 60_000), zone);
}

/**
 * The end after the start moved from `before` to `after`: the meeting keeps its length (a
 * meeting moved to tomorrow stays an hour long); the 5-minute fix-up only applies when there
 * was no positive length to keep. Incomplete times are left alone.
 */
export function endAfterStartMoves(
  before: WallTime,
  after: WallTime,
  end: WallTime,
  zone: string,
): WallTime {
  const s0 = wallToDate(before, zone);
  const s1 = wallToDate(after, zone);
  const e = wallToDate(end, zone);
  if (s0 && s1 && e && e.getTime() > s0.getTime()) {
    return dateToWall(new Date(s1.getTime() + (e.getTime() - s0.getTime())), zone);
  }
  return fixUpEnd(after, end, zone);
}

/**
 * A meeting is ongoing when it has not ended, started before now and ends after now
 * (part2 §2 Dashboard).
 */
export function isOngoing(
  m: { hasEnded: boolean; startDate: string; endDate: string },
  now: Date,
): boolean {
  const t = now.getTime();
  return !m.hasEnded && Date.parse(m.startDate) <= t && Date.parse(m.endDate) > t;
}

const hour23 = { hourCycle: 'h23' } as const;

/** 'Short date plus time' (part2 §9), on the 24-hour clock, in the viewer's time zone. */
export function shortDateTime(iso: string, zone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    dateStyle: 'short',
    timeStyle: 'short',
    ...hour23,
    timeZone: zone,
  }).format(new Date(iso));
}

/**
 * A meeting's time range, e.g. 'Sun, Nov 22, 2026, 10:00 – 11:00', in the viewer's time zone
 * (or `zone`); `withZoneName` appends the zone, for pages read by people anywhere.
 */
export function timeRange(
  startIso: string,
  endIso: string,
  zone?: string,
  withZoneName = false,
): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...hour23,
    timeZone: zone,
    ...(withZoneName ? { timeZoneName: 'short' as const } : {}),
  }).formatRange(new Date(startIso), new Date(endIso));
}
