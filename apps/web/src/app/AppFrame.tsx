import { type ReactNode, Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { lazyPart } from '../components/lazyPart.ts';
import { PageLoader } from '../components/PageLoader.tsx';
import { AppFooter } from '../features/shell/AppFooter.tsx';
import type { RouteFlags } from '../session/guard.ts';
import { DocumentTitle } from '../session/pageTitle.tsx';
import { RouteGuard } from './RouteGuard.tsx';
// The screens start as soon as the session knows their team (screenStart.ts).
import './screenStart.ts';

/**
 * The signed-in shell (navbar, menus, the team switcher) loads with the first page that shows
 * it, not with the login page, which never does; a full load with a cached login starts it at
 * once (main.tsx), beside the session.
 */
export const AppLayout = lazyPart(() => import('../features/shell/AppLayout.tsx'), 'AppLayout');

/** The flags of the deepest matched route that has some. */
function useRouteFlags(): RouteFlags | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteFlags | undefined;
    if (handle) return handle;
  }
  return undefined;
}

/**
 * The root of every route: title, guard and chrome from the route's flags. One persistent
 * element, so moving between shell pages keeps the shell mounted.
 */
export function AppFrame() {
  const flags = useRouteFlags();
  const title = <DocumentTitle routeTitle={flags?.title} />;

  // Screens load with their route (lazyScreens.ts): a loader shows while the code arrives.
  const screen = (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
  if (!flags) {
    return (
      <>
        {title}
        {screen}
      </>
    );
  }
  // The chrome of the route: navbar and footer as its flags say.
  const frame = (content: ReactNode) =>
    flags.navbar ? (
      <Suspense fallback={<PageLoader fullPage />}>
        <AppLayout footer={flags.footer}>{content}</AppLayout>
      </Suspense>
    ) : flags.footer ? (
      <>
        <main>{content}</main>
        <AppFooter />
      </>
    ) : (
      content
    );
  return (
    <>
      {title}
      <ScrollRestoration />
      <RouteGuard flags={flags} frame={frame}>
        {frame(screen)}
      </RouteGuard>
    </>
  );
}
