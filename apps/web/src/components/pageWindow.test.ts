import { describe, expect, it } from 'vitest';
import { pageWindow } from './pageWindow.ts';

describe('pageWindow (at most 10 page links, part1 §9)', () => {
  it('shows every page when they fit', () => {
    expect(pageWindow(1, 3, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 10, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('keeps a window of 10 around the active page', () => {
    expect(pageWindow(1, 30, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(15, 30, 10)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(30, 30, 10)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(pageWindow(11, 11, 10)).toHaveLength(10);
  });

  it('shows nothing without pages', () => {
    expect(pageWindow(1, 0, 10)).toEqual([]);
  });
});
