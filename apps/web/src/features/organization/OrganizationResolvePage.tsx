import { Alert, Button, Group } from '@mantine/core';
import { publicTexts } from '@roomscale/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../api/errors.ts';
import { carryNotFound } from '../../session/notFound.tsx';
import { session } from '../../session/session.ts';
import { myTeamsQuery } from '../../session/teams.ts';
import { AuthLayout, AuthLoading } from '../auth/AuthLayout.tsx';
import { safeTarget } from '../auth/targetRoute.ts';
import { type ResolveDeps, resolveOrganization } from './resolveTeam.ts';

const t = publicTexts.resolve;

const depsFor = (queryClient: QueryClient): ResolveDeps => ({
  ensure: () => session.ensure(),
  currentTeam: () => session.get().team,
  currentUserId: () => session.get().user?.id ?? null,
  isSuperAdmin: () => session.get().user?.superAdmin ?? false,
  // Through the cache: the shell's user menu asks for the same list right after.
  loadTeams: () => queryClient.fetchQuery(myTeamsQuery(session.get().user?.id)),
  rememberedTeamId: (userId) => session.rememberedTeamId(userId),
});

/** /organization/resolve?targetRoute: picks the team to work in, then goes on (part1 §4). */
export function OrganizationResolvePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeTarget(params.get('targetRoute'));
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const queryClient = useQueryClient();
  // Handed on from the root after an unknown path: the page the user lands on shows it.
  const notFound = carryNotFound(useLocation().state)?.notFound;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the resolution
  useEffect(() => {
    let active = true;
    setError(null);
    resolveOrganization(depsFor(queryClient), target).then(
      (outcome) => {
        if (!active) return;
        if (outcome.kind === 'select') {
          // The team is known now: the target screen's first calls start with its code.
          session.selectTeam(outcome.team, { address: outcome.to, cache: queryClient });
        }
        navigate(outcome.to, {
          replace: true,
          state: notFound === undefined ? undefined : { notFound },
        });
      },
      (e: unknown) => {
        if (active) setError(errorText(e));
      },
    );
    return () => {
      active = false;
    };
  }, [navigate, target, attempt, queryClient, notFound]);

  if (error) {
    return (
      <AuthLayout>
        <Alert color="red" icon={<IconAlertCircle />} title={t.failed} role="alert">
          {error}
        </Alert>
        <Group grow>
          <Button
            variant="default"
            onClick={async () => {
              await session.logout();
              navigate('/login', { replace: true });
            }}
          >
            {t.logout}
          </Button>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t.retry}</Button>
        </Group>
      </AuthLayout>
    );
  }

  return <AuthLoading text={t.loading} />;
}
