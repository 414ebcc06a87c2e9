import { useCallback, useState } from 'react';

/**
 * A dialog (confirm, error, success) opened over one of our modals: while it is open, Escape
 * and outside clicks must close only it, so the modal below stops reacting to them.
 */
export function useNested() {
  const [count, setCount] = useState(0);
  const over = useCallback(async <T>(dialog: () => Promise<T>): Promise<T> => {
    setCount((c) => c + 1);
    try {
      return await dialog();
    } finally {
      setCount((c) => c - 1);
    }
  }, []);
  return { nested: count > 0, over };
}
