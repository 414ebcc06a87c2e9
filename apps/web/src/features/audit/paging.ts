import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The page number in the address (`?page=`, absent on page 1), so Back returns to it. */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const setPage = useCallback(
    (n: number, replace = false) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (n > 1) next.set('page', String(n));
          else next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return { page, setPage };
}
