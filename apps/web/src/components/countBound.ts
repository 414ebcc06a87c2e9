import { fileLimits } from '@roomscale/shared';

type Counted = { currentPage: number; pageSize: number; entryCount: number };

/**
 * Whether a list's `entryCount` is a lower bound: lists count at most `countWindow` entries past
 * the page (a platform's users, a long audit log), and say one more than they counted when there
 * are more.
 */
export const countIsLowerBound = (p: Counted) =>
  p.entryCount > p.currentPage * p.pageSize + fileLimits.countWindow;
