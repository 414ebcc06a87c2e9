import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Search text and page of an admin list, kept in the address (`?search=…&page=…`) so Back from
 * an edit page returns to the same place. Typing is debounced (part1 §5: 1 s); a new search
 * starts again at page 1.
 */
export function useSearchPage(debounceMs: number) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [input, setInput] = useState(search);
  const [debounced] = useDebouncedValue(input, debounceMs);

  const apply = useCallback(
    (next: string) =>
      setParams(
        (p) => {
          const n = new URLSearchParams(p);
          if (next) n.set('search', next);
          else n.delete('search');
          n.delete('page');
          return n;
        },
        { replace: true },
      ),
    [setParams],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled input searches
  useEffect(() => {
    const next = debounced.trim();
    if (next !== search) apply(next);
  }, [debounced]);

  // The address changed by itself (Back, a link): the box shows its search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if (search !== input.trim()) setInput(search);
  }, [search]);

  const setPage = useCallback(
    (n: number) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (n > 1) next.set('page', String(n));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );

  const clear = useCallback(() => {
    setInput('');
    apply('');
  }, [apply]);

  return { input, setInput, search, page, setPage, clear };
}
