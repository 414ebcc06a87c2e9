import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page number in the address (`?page=`, absent on page 1), so Back returns to it, and the
 * cursor it was reached from (`&after=`, the page before's `nextCursor`): a page reached by
 * "next" starts where the page before ended instead of skipping every entry before it.
 */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const after = (page > 1 && params.get('after')) || undefined;
  const setPage = useCallback(
    (n: number, replace = false, from?: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (n > 1) next.set('page', String(n));
          else next.delete('page');
          if (n > 1 && from) next.set('after', from);
          else next.delete('after');
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return { page, after, setPage };
}
