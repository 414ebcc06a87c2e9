import { UnstyledButton } from '@mantine/core';
import { teamTexts } from '@roomscale/shared';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import classes from './TabScroller.module.css';

type Edges = { start: boolean; end: boolean };

/** The width of the faded edge (TabScroller.module.css). */
const FADE = 64;

/**
 * A row of tabs that scrolls sideways when it does not fit (a phone): the edge with more tabs
 * beyond it fades out, and an arrow there scrolls that way. The tabs stay in the tab order, and
 * a focused tab scrolls into view, so keyboards and screen readers reach every tab without the
 * arrows: those are for pointers and touch, and kept out of both.
 */
export function TabScroller({ children }: { children: ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);

  // Measured again whenever the bar or its tabs change size (rotation, a member's fewer tabs).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [measure]);

  // The browser scrolls a focused tab only until some of it shows; a keyboard user needs all of
  // it, clear of the fade (the scroller's scroll padding).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const reveal = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement) {
        e.target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      }
    };
    el.addEventListener('focusin', reveal);
    return () => el.removeEventListener('focusin', reveal);
  }, []);

  const scroll = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    // A page at a time, less the faded edge: the tab half shown there comes fully into view.
    const page = Math.max(el.clientWidth - FADE, el.clientWidth / 2);
    el.scrollBy({ left: direction * page, behavior: still ? 'auto' : 'smooth' });
  };

  return (
    <div className={classes.frame}>
      <div
        ref={scroller}
        className={classes.scroller}
        onScroll={measure}
        data-more-start={edges.start || undefined}
        data-more-end={edges.end || undefined}
      >
        {children}
      </div>
      {edges.start && (
        <UnstyledButton
          className={classes.arrow}
          data-side="start"
          title={teamTexts.tabsBack}
          aria-hidden
          tabIndex={-1}
          onClick={() => scroll(-1)}
        >
          <IconChevronLeft size={18} stroke={1.8} aria-hidden />
        </UnstyledButton>
      )}
      {edges.end && (
        <UnstyledButton
          className={classes.arrow}
          data-side="end"
          title={teamTexts.tabsMore}
          aria-hidden
          tabIndex={-1}
          onClick={() => scroll(1)}
        >
          <IconChevronRight size={18} stroke={1.8} aria-hidden />
        </UnstyledButton>
      )}
    </div>
  );
}
