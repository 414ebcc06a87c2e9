import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The address's names for a list's parameters: `?search=…&page=…` plus the list's own filters. */
const SEARCH = 'search';
const PAGE = 'page';

export type ListParams = {
  /** What the search box shows: the typed text, ahead of the address while typing settles. */
  input: string;
  setInput: (text: string) => void;
  /** The settled, trimmed search the list is asked for ('' for none). */
  search: string;
  /** Empties the box and the search at once (no debounce). */
  clear: () => void;
  /** The page asked for, 1 and up. */
  page: number;
  /** Another page: a new history entry (Back returns to the page before), unless `replace`. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** A filter of the list as the address holds it, null when absent. */
  filter: (name: string) => string | null;
  /** Sets filters (null removes one) as a new history entry, and starts again at page 1. */
  setFilters: (changes: Record<string, string | null>) => void;
};

/**
 * The parameters of a list screen (search text, page and the list's filters), kept in the
 * address so a reload, Back from a detail page or a shared link shows the same list. Typing is
 * debounced by `debounceMs` and replaces the history entry instead of adding one per pause; a
 * new search or filter starts again at page 1. A page and a filter are the user's steps, so
 * they add history entries.
 */
export function useListParams({ debounceMs = 0 }: { debounceMs?: number } = {}): ListParams {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH) ?? '';
  const page = pageOf(params.get(PAGE));
  const [input, setInput] = useState(search);
  const [debounced] = useDebouncedValue(input, debounceMs);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const applySearch = useCallback(
    (text: string) =>
      update((next) => {
        if (text) next.set(SEARCH, text);
        else next.delete(SEARCH);
        next.delete(PAGE);
      }, true),
    [update],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled input searches
  useEffect(() => {
    const next = debounced.trim();
    if (next !== search) applySearch(next);
  }, [debounced]);

  // The address changed by itself (Back, a link): the box shows its search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if (search !== input.trim()) setInput(search);
  }, [search]);

  const setPage = useCallback(
    (n: number, options?: { replace?: boolean }) =>
      update((next) => {
        if (n > 1) next.set(PAGE, String(n));
        else next.delete(PAGE);
      }, options?.replace ?? false),
    [update],
  );

  const setFilters = useCallback(
    (changes: Record<string, string | null>) =>
      update((next) => {
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        next.delete(PAGE);
      }, false),
    [update],
  );

  const filter = useCallback((name: string) => params.get(name), [params]);

  const clear = useCallback(() => {
    setInput('');
    applySearch('');
  }, [applySearch]);

  return { input, setInput, search, clear, page, setPage, filter, setFilters };
}

/** A page number from the address: a whole number of 1 or more, else 1. */
export function pageOf(raw: string | null): number {
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/**
 * A page past the end (after a delete emptied it, or an old link) moves to the last page there
 * is, in place of the history entry, so Back does not land on the empty page again.
 */
export function usePageInRange(
  { page, setPage }: Pick<ListParams, 'page' | 'setPage'>,
  pageCount: number | undefined,
) {
  useEffect(() => {
    if (pageCount === undefined) return;
    const last = Math.max(1, pageCount);
    if (page > last) setPage(last, { replace: true });
  }, [page, pageCount, setPage]);
}
