import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The shared dialogs' provider (@mantine/modals, with Mantine's Modal, its scroll area and
 * focus trap), loaded and mounted when the first dialog opens rather than with every page: most
 * page loads — the login page first of all — open none (docs/performance.md "Web: first-load
 * bytes"). dialogs.tsx awaits `modalsReady()` before it opens one.
 */
const ModalsProvider = lazy(() =>
  import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })),
);

/** Set while a host is on the page: asks it to mount the provider, resolves once it has. */
let mountProvider: (() => Promise<void>) | undefined;

/**
 * Resolves when a dialog can open. Without a host on the page (a test that renders its own
 * ModalsProvider) there is nothing to wait for.
 */
export function modalsReady(): Promise<void> {
  return mountProvider ? mountProvider() : Promise.resolve();
}

/** Mounts the dialogs' provider on the first `modalsReady()`; renders nothing before that. */
export function ModalsHost() {
  const [wanted, setWanted] = useState(false);
  const [ready] = useState(() => {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  });
  useEffect(() => {
    mountProvider = () => {
      setWanted(true);
      return ready.promise;
    };
    return () => {
      mountProvider = undefined;
    };
  }, [ready]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider>
        <Mounted onMount={ready.resolve} />
      </ModalsProvider>
    </Suspense>
  );
}

/**
 * Inside the provider. A child's effects run before its parent's, but in the same flush: the
 * provider's listeners are in place by the time the awaiting dialog continues (a microtask).
 */
function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(() => onMount(), [onMount]);
  return null;
}
