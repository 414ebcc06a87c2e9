import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { shellTexts } from '@roomscale/shared';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { type DeniedReason, guardDecision, type RouteFlags } from '../session/guard.ts';
import { session, useSession } from '../session/session.ts';
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
export function RouteGuard({
  flags,
  frame = (content) => content,
  children,
}: {
  flags: RouteFlags;
  /** The route's chrome (navbar, footer), around the in-place 'Access denied'. */
  frame?: (content: ReactNode) => ReactNode;
  children: ReactNode;
}) {
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
      return frame(<Denied reason={decision.reason} to={decision.to} />);
  }
}

/**
 * Denied: the page says so in place, with the reason and a way to the dashboard. A silent
 * redirect would look like a broken link; the address stays, so the user sees what they asked for.
 */
function Denied({ reason, to }: { reason: DeniedReason; to: string }) {
  return (
    <Center py={64} px="md">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconLock size={28} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {shellTexts.guard.deniedTitle}
        </Title>
        <Text c="dimmed">{deniedText[reason]}</Text>
        <Button component={Link} to={to} mt="xs">
          {shellTexts.guard.backToDashboard}
        </Button>
      </Stack>
    </Center>
  );
}
