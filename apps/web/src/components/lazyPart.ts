import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes.
export type LazyPart<C extends ComponentType<any>> = LazyExoticComponent<C> & {
  /** Starts loading the part's code now (a button's hover or focus); harmless to call again. */
  preload: () => void;
};

/**
 * A part of a screen that only opens on a click — a form with its date picker, a viewer —
 * loaded with its libraries when it is first shown rather than with the screen, the way the
 * screens are (app/lazyScreens.ts). Render it inside `<Suspense>`; `preload` (see `preloadOn`)
 * lets the button fetch it as the pointer or focus reaches it, so the click finds it there.
 * A failed load is tried again by the next preload or render.
 */
// biome-ignore lint/suspicious/noExplicitAny: a part's props are checked where it is used.
export function lazyPart<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPart<M[K]> {
  let loading: Promise<M> | undefined;
  const get = () => {
    loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
    return loading;
  };
  return Object.assign(
    lazy(() => get().then((m) => ({ default: m[name] }))),
    { preload: () => void get().catch(() => undefined) },
  );
}

/** A button's props that preload a lazy part when the pointer enters it or it takes focus. */
export const preloadOn = (preload: () => void) => ({ onPointerEnter: preload, onFocus: preload });
