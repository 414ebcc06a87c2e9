import { insightLimits } from '@roomscale/shared';

const dayMs = 86_400_000;

/** `YYYY-MM-DD` of a UTC midnight. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar date (`YYYY-MM-DD`) of an instant in an IANA zone. */
export function localDate(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * The UTC day whose hours count for the local date `date` in `timeZone`. The daily totals are
 * UTC days: a UTC day counts for the local date its noon falls on (docs/usage.md 'Weeks in a
 * time zone'). For zones from UTC−12 to UTC+12 that is the same date; east of +12 (Pacific
 * islands at +13, +14) the UTC day before.
 */
function utcDayFor(date: string, timeZone: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  const local = localDate(new Date(ms + dayMs / 2), timeZone);
  const shift = Math.round((Date.parse(`${local}T00:00:00Z`) - ms) / dayMs);
  return isoDay(ms - shift * dayMs);
}

export type WeekRange = {
  timeZone: string;
  /** The first Monday shown and the last Sunday (the current week's), in the zone. */
  from: string;
  to: string;
  /** Each week's Monday, in the zone, oldest first. */
  weekStarts: string[];
  /**
   * The UTC days where each week begins, and where the period ends: weeks + 1 ascending days.
   * Week i holds the UTC days from `utcBounds[i]` up to, not including, `utcBounds[i + 1]`.
   */
  utcBounds: string[];
};

/**
 * The `insightLimits.weeks` ISO weeks (Monday to Sunday) up to the current one in `timeZone`,
 * and the UTC days of the daily totals each covers.
 */
export function weekRange(
  now: Date,
  timeZone: string,
  weeks: number = insightLimits.weeks,
): WeekRange {
  const today = Date.parse(`${localDate(now, timeZone)}T00:00:00Z`);
  // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * dayMs;
  const first = monday - (weeks - 1) * 7 * dayMs;
  const weekStarts = Array.from({ length: weeks }, (_, i) => isoDay(first + i * 7 * dayMs));
  const end = isoDay(first + weeks * 7 * dayMs);
  return {
    timeZone,
    from: weekStarts[0]!,
    to: isoDay(first + weeks * 7 * dayMs - dayMs),
    weekStarts,
    utcBounds: [...weekStarts, end].map((d) => utcDayFor(d, timeZone)),
  };
}

/**
 * Whether the range's weeks are ISO weeks of UTC days (each starts on a UTC Monday), so the
 * weekly totals kept per UTC week answer them: zones from UTC−12 to UTC+12.
 */
export const utcWeeks = (r: WeekRange) =>
  r.utcBounds.every((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1);

/**
 * The weeks in order, each filled from the rows of its number (1 = the first week) and given
 * that number, so a caller reads its other rows of the week by it.
 */
export function byWeek<R extends { week: number }, W>(
  weekStarts: string[],
  rows: R[],
  fill: (weekStart: string, row: R | undefined, week: number) => W,
): W[] {
  const of = new Map(rows.map((r) => [r.week, r]));
  return weekStarts.map((w, i) => fill(w, of.get(i + 1), i + 1));
}
