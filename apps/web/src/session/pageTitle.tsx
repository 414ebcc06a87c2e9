import { pageTitle } from '@roomscale/shared';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * A screen's own title, for the screens whose title names what they show ('Team: {name}',
 * part1 §2) and so is known only once it has loaded. While such a screen is open its title
 * replaces the route's; the frame writes whichever applies (see DocumentTitle).
 */
let screenTitle: string | null = null;
const listeners = new Set<() => void>();

function publish(next: string | null) {
  screenTitle = next;
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => screenTitle;

/** Gives the open screen the title `title` (none: the route's), until it closes. */
export function useScreenTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    publish(title);
    return () => {
      if (screenTitle === title) publish(null);
    };
  }, [title]);
}

/**
 * Writes the document's title: the open screen's own, else its route's. A component of its
 * own, so a screen naming itself re-renders only this.
 */
export function DocumentTitle({ routeTitle }: { routeTitle: string | undefined }) {
  const own = useSyncExternalStore(subscribe, current, current);
  const title = own ?? routeTitle;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return null;
}
