/**
 * The page numbers a pager shows: all of them up to `maxLinks`, otherwise a window of
 * `maxLinks` pages around the active one, moved inward at the ends.
 */
export function pageWindow(active: number, total: number, maxLinks: number): number[] {
  const count = Math.min(total, maxLinks);
  if (count <= 0) return [];
  const centered = active - Math.floor((count - 1) / 2);
  const start = Math.max(1, Math.min(centered, total - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
