import { SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  insightTexts,
  insightWeekLabel,
  type PlatformUsage,
  type TeamLicenseUse,
} from '@roomscale/shared';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Section } from '../../components/Section.tsx';
import { usePlatformUsage } from './api.ts';
import { ChartCard } from './ChartCard.tsx';
import { chartHours, hoursOf, tenthOfHours } from './hours.ts';

const t = insightTexts.platform;
const numbers = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });

/**
 * The platform's use for super admins (issue 29 §3), a part of the admin overview: 12 ISO weeks
 * of weekly active users and teams, hours in VR, meetings held, each a chart with its table,
 * and the teams with the most and the least use of their licenses.
 */
export function PlatformUsageSection() {
  const usage = usePlatformUsage();
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {usage.data
            ? insightTexts.period(
                usage.data.weeks.length,
                usage.data.from,
                usage.data.to,
                usage.data.timeZone,
              )
            : t.intro}
        </Text>
      </div>
      {usage.isError ? (
        <LoadFailed
          title={t.loadFailed}
          error={usage.error}
          retryLabel={insightTexts.retry}
          onRetry={() => usage.refetch()}
        />
      ) : usage.data ? (
        <PlatformCharts usage={usage.data} />
      ) : (
        <>
          <VisuallyHidden>{insightTexts.loading}</VisuallyHidden>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={300} radius="md" />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function PlatformCharts({ usage }: { usage: PlatformUsage }) {
  const period = insightTexts.period(usage.weeks.length, usage.from, usage.to, usage.timeZone);
  const rows = (values: (w: PlatformUsage['weeks'][number]) => Record<string, number>) =>
    usage.weeks.map((w) => ({ week: insightWeekLabel(w.weekStart), values: values(w) }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md" style={{ alignItems: 'start' }}>
        <ChartCard
          title={t.activeUsers.title}
          period={period}
          rows={rows((w) => ({ activeUsers: w.activeUsers, activeTeams: w.activeTeams }))}
          columns={[
            { name: 'activeUsers', label: t.activeUsers.series.activeUsers, color: 'indigo.6' },
            // A few teams beside thousands of users: the teams on an axis of their own.
            {
              name: 'activeTeams',
              label: t.activeUsers.series.activeTeams,
              color: 'cyan.6',
              yAxisId: 'right',
            },
          ]}
        />
        <ChartCard
          title={t.hours.title}
          period={period}
          rows={rows((w) => ({ hours: hoursOf(w.secondsInVr) }))}
          valueFormatter={chartHours}
          columns={[
            { name: 'hours', label: t.hours.series.hours, color: 'teal.6', format: tenthOfHours },
          ]}
        />
        <ChartCard
          title={t.meetings.title}
          period={period}
          rows={rows((w) => ({ meetingsHeld: w.meetingsHeld }))}
          columns={[
            { name: 'meetingsHeld', label: t.meetings.series.meetingsHeld, color: 'violet.6' },
          ]}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <LicenseUseTable
          id="most-license-use"
          title={t.most}
          period={period}
          teams={usage.mostLicenseUse}
        />
        <LicenseUseTable
          id="least-license-use"
          title={t.least}
          period={period}
          teams={usage.leastLicenseUse}
        />
      </SimpleGrid>
    </>
  );
}

function LicenseUseTable({
  id,
  title,
  period,
  teams,
}: {
  id: string;
  title: string;
  period: string;
  teams: TeamLicenseUse[];
}) {
  return (
    <Section id={id} title={title}>
      {teams.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.noTeams}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table fz="sm" verticalSpacing="xs">
            <Table.Caption>{`${title}: ${period}`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t.team}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t.licensesHeld}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t.licensesUsed}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t.share}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teams.map((team) => (
                <Table.Tr key={team.organizationId}>
                  <Table.Th scope="row" fw={500}>
                    {team.name}
                  </Table.Th>
                  <Table.Td ta="right">{numbers.format(team.licensesHeld)}</Table.Td>
                  <Table.Td ta="right">{numbers.format(team.licensesUsed)}</Table.Td>
                  <Table.Td ta="right">{percent.format(team.share)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
