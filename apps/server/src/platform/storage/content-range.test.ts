import { describe, expect, it } from 'vitest';
import { parseContentRange, storedRangeHeader } from './content-range.ts';

describe('parseContentRange', () => {
  it('reads status queries, chunks and open-ended rests', () => {
    expect(parseContentRange('bytes */*')).toEqual({ kind: 'query', total: null });
    expect(parseContentRange('bytes */1000')).toEqual({ kind: 'query', total: 1000 });
    expect(parseContentRange('bytes 0-262143/*')).toEqual({
      kind: 'chunk',
      start: 0,
      end: 262143,
      total: null,
    });
    expect(parseContentRange('Bytes 10-19/20')).toEqual({
      kind: 'chunk',
      start: 10,
      end: 19,
      total: 20,
    });
    expect(parseContentRange('bytes 5-*/*')).toEqual({ kind: 'rest', start: 5, total: null });
    expect(parseContentRange('bytes 0-*/7')).toEqual({ kind: 'rest', start: 0, total: 7 });
  });

  it.each([
    '',
    'bytes',
    'bytes 0-9',
    'bytes=0-9/10',
    'bytes 9-0/10',
    'bytes -1-9/10',
    'bytes 0--9/10',
    'bytes 0-9/-10',
    'bytes 0-9/1e3',
    'bytes */',
    'bytes 0-9/10, 20-29/30',
    'bytes 12345678901234567-2/3',
  ])('refuses %j', (header) => {
    expect(parseContentRange(header)).toBeNull();
  });
});

describe('storedRangeHeader', () => {
  it('names the stored bytes, and nothing when none are stored', () => {
    expect(storedRangeHeader(0)).toBeUndefined();
    expect(storedRangeHeader(1)).toBe('bytes=0-0');
    expect(storedRangeHeader(262144)).toBe('bytes=0-262143');
  });
});
