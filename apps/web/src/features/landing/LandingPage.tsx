import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { withTargetRoute } from '../../session/guard.ts';
import { carryNotFound } from '../../session/notFound.tsx';
import { session } from '../../session/session.ts';

/** Where the landing page sends the user once the cached login has been tried. */
export function landingTarget(loggedIn: boolean, hasTeam: boolean): string {
  if (!loggedIn) return '/login';
  return hasTeam ? '/dashboard' : withTargetRoute('/organization/resolve', '/dashboard');
}

/** The root (part1 §2): tries the cached login; dashboard on success, otherwise login. */
export function LandingPage() {
  const navigate = useNavigate();
  // An unknown path redirected here: the page the user lands on shows 'Page not found'.
  const notFound = carryNotFound(useLocation().state)?.notFound;
  useEffect(() => {
    let cancelled = false;
    void session.ensure().then((loggedIn) => {
      if (cancelled) return;
      navigate(landingTarget(loggedIn, !!session.get().team), {
        replace: true,
        state: notFound === undefined ? undefined : { notFound },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, notFound]);
  return <PageLoader fullPage />;
}
