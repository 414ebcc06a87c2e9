import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Calls `onVisible` while the returned element is in (or near) the viewport: when it scrolls
 * into view, and again whenever `generation` changes while it stays visible (a short page
 * leaves the end of the list on screen, so the next page is wanted at once).
 */
export function useWhenVisible(onVisible: () => void, generation: number) {
  const [visible, setVisible] = useState(false);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  const observer = useRef<IntersectionObserver | null>(null);

  const ref = useCallback((node: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    setVisible(false);
    if (!node || typeof IntersectionObserver === 'undefined') return;
    observer.current = new IntersectionObserver(
      (entries) => setVisible(entries.some((e) => e.isIntersecting)),
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.current.observe(node);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a new chance
  useEffect(() => {
    if (visible) callback.current();
  }, [visible, generation]);

  useEffect(() => () => observer.current?.disconnect(), []);
  return ref;
}
