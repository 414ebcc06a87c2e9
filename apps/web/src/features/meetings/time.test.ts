import { describe, expect, it } from 'vitest';
import {
  dateToWall,
  defaultTimes,
  endAfterStartMoves,
  fixUpEnd,
  isOngoing,
  wallToDate,
} from './time.ts';

const at = (iso: string) => new Date(iso);

describe('defaultTimes', () => {
  it('starts at the next full hour and lasts one hour', () => {
    expect(defaultTimes(at('2026-03-10T10:20:00Z'), 'UTC')).toEqual({
      start: { date: '2026-03-10', time: '11:00' },
      end: { date: '2026-03-10', time: '12:00' },
    });
  });

  it('moves on to the next hour when it is exactly on the hour', () => {
    expect(defaultTimes(at('2026-03-10T10:00:00Z'), 'UTC').start).toEqual({
      date: '2026-03-10',
      time: '11:00',
    });
  });

  it('counts hours on the clock of the chosen time zone', () => {
    // 10:20 UTC is 11:20 in Amsterdam (winter time) and 15:50 in Kolkata (UTC+5:30).
    expect(defaultTimes(at('2026-03-10T10:20:00Z'), 'Europe/Amsterdam').start.time).toBe('12:00');
    expect(defaultTimes(at('2026-03-10T10:20:00Z'), 'Asia/Kolkata')).toEqual({
      start: { date: '2026-03-10', time: '16:00' },
      end: { date: '2026-03-10', time: '17:00' },
    });
  });

  it('rolls over to the next day', () => {
    expect(defaultTimes(at('2026-12-31T23:30:00Z'), 'UTC')).toEqual({
      start: { date: '2027-01-01', time: '00:00' },
      end: { date: '2027-01-01', time: '01:00' },
    });
  });
});

describe('wall-clock times in a time zone', () => {
  it('reads the pickers in the meeting zone', () => {
    const w = { date: '2026-07-01', time: '10:00' };
    expect(wallToDate(w, 'Europe/Amsterdam')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(wallToDate(w, 'America/New_York')?.toISOString()).toBe('2026-07-01T14:00:00.000Z');
    expect(dateToWall('2026-07-01T08:00:00.000Z', 'Europe/Amsterdam')).toEqual(w);
  });

  it('is null while a picker is cleared', () => {
    expect(wallToDate({ date: '', time: '10:00' }, 'UTC')).toBeNull();
    expect(wallToDate({ date: '2026-07-01', time: '' }, 'UTC')).toBeNull();
  });
});

describe('fixUpEnd (part2 §4: end not after start becomes start + 5 minutes)', () => {
  const start = { date: '2026-03-10', time: '11:00' };

  it('moves an end before the start', () => {
    expect(fixUpEnd(start, { date: '2026-03-10', time: '10:00' }, 'UTC')).toEqual({
      date: '2026-03-10',
      time: '11:05',
    });
  });

  it('moves an end equal to the start', () => {
    expect(fixUpEnd(start, start, 'UTC')).toEqual({ date: '2026-03-10', time: '11:05' });
  });

  it('moves an end on an earlier day, across midnight', () => {
    expect(
      fixUpEnd(
        { date: '2026-03-10', time: '23:58' },
        { date: '2026-03-09', time: '23:59' },
        'Europe/Amsterdam',
      ),
    ).toEqual({ date: '2026-03-11', time: '00:03' });
  });

  it('keeps an end after the start, and incomplete times', () => {
    const end = { date: '2026-03-10', time: '11:01' };
    expect(fixUpEnd(start, end, 'UTC')).toBe(end);
    const cleared = { date: '', time: '10:00' };
    expect(fixUpEnd(start, cleared, 'UTC')).toBe(cleared);
  });
});

describe('endAfterStartMoves', () => {
  const start = { date: '2026-03-10', time: '20:00' };
  const end = { date: '2026-03-10', time: '21:00' };

  it('keeps the length when the start moves to another day', () => {
    expect(endAfterStartMoves(start, { date: '2026-03-11', time: '20:00' }, end, 'UTC')).toEqual({
      date: '2026-03-11',
      time: '21:00',
    });
  });

  it('keeps the length when the start moves past the old end, across midnight', () => {
    expect(endAfterStartMoves(start, { date: '2026-03-10', time: '23:30' }, end, 'UTC')).toEqual({
      date: '2026-03-11',
      time: '00:30',
    });
  });

  it('keeps a length of several days on the wall clock across a change to summer time', () => {
    // Amsterdam moves its clocks forward on 29 March 2026; a one-hour meeting stays one hour.
    expect(
      endAfterStartMoves(
        { date: '2026-03-28', time: '10:00' },
        { date: '2026-03-30', time: '10:00' },
        { date: '2026-03-28', time: '11:00' },
        'Europe/Amsterdam',
      ),
    ).toEqual({ date: '2026-03-30', time: '11:00' });
  });

  it('applies the 5-minute fix-up only when there was no length to keep', () => {
    expect(endAfterStartMoves(start, { date: '2026-03-10', time: '20:30' }, start, 'UTC')).toEqual({
      date: '2026-03-10',
      time: '20:35',
    });
    const cleared = { date: '', time: '' };
    expect(endAfterStartMoves(cleared, start, end, 'UTC')).toBe(end);
    expect(endAfterStartMoves(cleared, { date: '2026-03-10', time: '21:30' }, end, 'UTC')).toEqual({
      date: '2026-03-10',
      time: '21:35',
    });
  });
});

describe('isOngoing', () => {
  const m = { hasEnded: false, startDate: '2026-03-10T10:00:00Z', endDate: '2026-03-10T11:00:00Z' };

  it('is true from the start until before the end', () => {
    expect(isOngoing(m, at('2026-03-10T10:00:00Z'))).toBe(true);
    expect(isOngoing(m, at('2026-03-10T10:59:59Z'))).toBe(true);
  });

  it('is false before the start, at or after the end, and for an ended meeting', () => {
    expect(isOngoing(m, at('2026-03-10T09:59:59Z'))).toBe(false);
    expect(isOngoing(m, at('2026-03-10T11:00:00Z'))).toBe(false);
    expect(isOngoing({ ...m, hasEnded: true }, at('2026-03-10T10:30:00Z'))).toBe(false);
  });
});
