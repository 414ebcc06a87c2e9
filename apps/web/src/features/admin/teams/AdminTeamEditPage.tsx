import { Card, Skeleton } from '@mantine/core';
import { adminTeamsTexts } from '@roomscale/shared';
import { IconUsersGroup } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EditScreen } from '../../../components/EditScreen.tsx';
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
  return (
    <EditScreen
      query={team}
      texts={t}
      backTo={teamsPath}
      notFoundIcon={<IconUsersGroup size={28} aria-hidden />}
      skeleton={{
        fields: 4,
        aside: <Skeleton height={160} />,
        below: (
          <Card padding="lg">
            <Skeleton height={120} />
          </Card>
        ),
      }}
      head={(data) => ({ title: t.title(data.name) })}
    >
      {(data) => (
        <>
          {/* Keyed by team: another team's page starts from its own values. */}
          <TeamDetailsForm key={data.id} team={data} />
          <TeamMembers team={data} />
          <TeamLicenses team={data} />
          <PaymentCustomer team={data} />
        </>
      )}
    </EditScreen>
  );
}
