import {
  Anchor,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  Skeleton,
  Stack,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { adminTeamsTexts, shellTexts } from '@roomscale/shared';
import { IconArrowLeft, IconUsersGroup } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useScreenTitle } from '../../../session/pageTitle.tsx';
import { teamsPath } from '../paths.ts';
import { useAdminTeam } from './api.ts';
import { PaymentCustomer } from './PaymentCustomer.tsx';
import { TeamDetailsForm } from './TeamDetailsForm.tsx';
import { TeamLicenses } from './TeamLicenses.tsx';
import { TeamMembers } from './TeamMembers.tsx';

const t = adminTeamsTexts.edit;

/**
 * Admin team page (part1 §2 'Admin team edit in detail'), titled 'Team: {name}': the details
 * form, the members, the manual licenses and the payment customer.
 */
export function AdminTeamEditPage() {
  const { organizationId = '' } = useParams();
  const team = useAdminTeam(organizationId);
  // The browser's title names the team too, once it is known.
  useScreenTitle(team.data ? t.title(team.data.name) : null);

  if (team.isPending) return <PageSkeleton />;
  if (team.isError) {
    const notFound =
      team.error instanceof ApiError && (team.error.status === 404 || team.error.status === 400);
    return (
      <Stack gap="lg">
        <BackLink />
        {notFound ? (
          <Card padding="xl">
            <EmptyState
              icon={<IconUsersGroup size={28} aria-hidden />}
              title={t.notFound}
              description={t.notFoundHint}
            >
              <EmptyState.Actions>
                <Button component={Link} to={teamsPath} variant="default">
                  {t.back}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          </Card>
        ) : (
          <LoadFailed
            title={t.loadFailed}
            error={team.error}
            retryLabel={t.retry}
            onRetry={() => team.refetch()}
          />
        )}
      </Stack>
    );
  }

  const data = team.data;
  return (
    <Stack gap="lg">
      <div>
        <BackLink />
        <Title order={1} fz={{ base: 24, sm: 28 }} mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {t.title(data.name)}
        </Title>
      </div>
      {/* Keyed by team: another team's page starts from its own values. */}
      <TeamDetailsForm key={data.id} team={data} />
      <TeamMembers team={data} />
      <TeamLicenses team={data} />
      <PaymentCustomer team={data} />
    </Stack>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to={teamsPath} size="sm" c="dimmed">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t.back}
      </Group>
    </Anchor>
  );
}

function PageSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label={t.loading}>
      <VisuallyHidden>{shellTexts.loading}</VisuallyHidden>
      <Skeleton height={14} width={100} />
      <Skeleton height={30} width={280} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="lg">
            <Stack gap="md">
              {Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} height={56} />
              ))}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="lg">
            <Skeleton height={160} />
          </Card>
        </Grid.Col>
      </Grid>
      <Card padding="lg">
        <Skeleton height={120} />
      </Card>
    </Stack>
  );
}
