import { notifications } from '@mantine/notifications';
import { shellTexts } from '@roomscale/shared';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { type DeniedReason, guardDecision, type RouteFlags } from './guard.ts';
import { session, useSession } from './session.ts';
import { TermsGate } from './TermsGate.tsx';

const deniedText: Record<DeniedReason, string> = {
  superAdmin: shellTexts.guard.deniedSuperAdmin,
  license: shellTexts.guard.deniedLicense,
  teamRole: shellTexts.guard.deniedTeamRole,
};

/**
 * The route guard (part1 §4) as a wrapper: runs the cached login, then applies `guardDecision`.
 * It re-evaluates whenever the session changes, so a lost session sends the user to login.
 */
export function RouteGuard({ flags, children }: { flags: RouteFlags; children: ReactNode }) {
  const s = useSession();
  const location = useLocation();
  const resolving = flags.loginNeeded && s.status === 'unknown';
  useEffect(() => {
    if (resolving) void session.ensure();
  }, [resolving]);

  if (!flags.loginNeeded) return children;
  if (resolving) return <PageLoader fullPage />;
  const decision = guardDecision(
    flags,
    { loggedIn: s.status === 'authenticated', loggedOut: s.loggedOut, user: s.user, team: s.team },
    `${location.pathname}${location.search}`,
  );
  switch (decision.kind) {
    case 'allow':
      return (
        <>
          {children}
          <TermsGate />
        </>
      );
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'denied':
      return <Denied reason={decision.reason} to={decision.to} />;
  }
}

/** Denied: back to the dashboard with an error notification saying why. */
function Denied({ reason, to }: { reason: DeniedReason; to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    notifications.show({
      id: `route-denied-${reason}`,
      color: 'red',
      title: shellTexts.guard.deniedTitle,
      message: deniedText[reason],
    });
    navigate(to, { replace: true });
  }, [reason, to, navigate]);
  return <PageLoader fullPage />;
}
