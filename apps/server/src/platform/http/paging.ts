/** The paged-result shape of list calls (part1 §3): page numbers start at 1. */
export function paged<T>(
  results: T[],
  p: { page: number; pageSize: number; entryCount: number; filter?: string },
) {
  const first = p.entryCount === 0 ? 0 : (p.page - 1) * p.pageSize + 1;
  return {
    currentPage: p.page,
    pageCount: Math.ceil(p.entryCount / p.pageSize),
    pageSize: p.pageSize,
    entryCount: p.entryCount,
    firstRowOnPage: Math.min(first, p.entryCount),
    lastRowOnPage: Math.min(p.page * p.pageSize, p.entryCount),
    results,
    ...(p.filter === undefined ? {} : { filter: p.filter }),
  };
}

/** `%` and `_` typed by a user match themselves in ILIKE patterns. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
