import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime } from './format.ts';

describe('formatDateTime', () => {
  it('writes d-M-y H:mm:ss without leading zeros on day, month and hour', () => {
    // A local time, so the check does not depend on the machine's time zone.
    expect(formatDateTime(new Date(2025, 2, 5, 9, 7, 3).toISOString())).toBe('5-3-2025 9:07:03');
    expect(formatDateTime(new Date(2025, 10, 21, 14, 30, 0).toISOString())).toBe(
      '21-11-2025 14:30:00',
    );
  });
});

describe('formatBytes', () => {
  it('writes sizes in binary units, B below 1 KB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(2147483648)).toBe('2 GB');
    expect(formatBytes(2 ** 40 * 3)).toBe('3 TB');
  });

  it('keeps at most one decimal, and none for a whole number', () => {
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1.26 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });
});
