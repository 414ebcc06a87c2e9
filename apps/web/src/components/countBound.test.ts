import { adminTeamsTexts, adminUsersTexts, auditTexts, fileLimits } from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import { countIsLowerBound } from './countBound.ts';

describe('a count that stopped counting', () => {
  const capped = 25 + fileLimits.countWindow + 1;

  it('is told from one that reached the end', () => {
    expect(countIsLowerBound({ currentPage: 1, pageSize: 25, entryCount: capped })).toBe(true);
    expect(countIsLowerBound({ currentPage: 1, pageSize: 25, entryCount: capped - 1 })).toBe(false);
    // Further on, the window moves with the page.
    expect(countIsLowerBound({ currentPage: 3, pageSize: 25, entryCount: capped })).toBe(false);
    expect(countIsLowerBound({ currentPage: 3, pageSize: 25, entryCount: capped + 50 })).toBe(true);
  });

  it('reads as more than what was counted', () => {
    expect(adminUsersTexts.list.count(capped, true)).toBe('More than 1,025 users');
    expect(adminUsersTexts.list.count(2)).toBe('2 users');
    expect(adminTeamsTexts.list.count(capped, true)).toBe('More than 1,025 teams');
    expect(auditTexts.count(capped, true)).toBe('More than 1,025 changes');
    expect(auditTexts.count(1)).toBe('1 change');
  });
});
