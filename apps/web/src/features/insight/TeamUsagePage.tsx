import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { insightCsvNames, insightTexts, insightWeekLabel, type TeamUsage } from '@roomscale/shared';
import { insightApi } from '@roomscale/shared/contract';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useSession } from '../../session/session.ts';
import { browserZone, downloadCsv, useTeamUsage } from './api.ts';
import { ChartCard } from './ChartCard.tsx';
import { DevicesSection } from './DevicesSection.tsx';
import { chartHours, hoursOf, tenthOfHours } from './hours.ts';

const t = insightTexts;

/**
 * The team's Usage tab (issue 29 §2, team admins): 12 ISO weeks of active users, hours in VR,
 * meetings and their attendance, licenses held vs used, each a chart with its numbers as a
 * table, the CSV of the same numbers; then the team's devices.
 */
export function TeamUsagePage() {
  const { team } = useSession();
  const teamId = team?.id ?? '';
  const usage = useTeamUsage(teamId);
  return (
    <Stack gap="lg">
      {usage.isError ? (
        <LoadFailed
          title={t.loadFailed}
          error={usage.error}
          retryLabel={t.retry}
          onRetry={() => usage.refetch()}
        />
      ) : usage.data ? (
        <UsageCharts teamId={teamId} usage={usage.data} />
      ) : (
        <UsageSkeleton />
      )}
      <DevicesSection teamId={teamId} />
    </Stack>
  );
}

function UsageSkeleton() {
  return (
    <>
      <VisuallyHidden role="status">{t.loading}</VisuallyHidden>
      <Skeleton h={20} w="60%" />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={300} radius="md" />
        ))}
      </SimpleGrid>
    </>
  );
}

export function usagePeriod(u: Pick<TeamUsage, 'from' | 'to' | 'timeZone'>, weeks: number) {
  return t.period(weeks, u.from, u.to, u.timeZone);
}

function UsageCharts({ teamId, usage }: { teamId: string; usage: TeamUsage }) {
  const period = usagePeriod(usage, usage.weeks.length);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const empty = usage.weeks.every(
    (w) => w.activeUsers === 0 && w.secondsInVr === 0 && w.meetingsHeld === 0,
  );
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadCsv(
        insightApi.teamUsageCsv,
        {
          params: { organizationId: teamId },
          query: { timeZone: usage.timeZone || browserZone() },
        },
        insightCsvNames.teamUsage(usage.from, usage.to),
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const rows = (values: (w: TeamUsage['weeks'][number]) => Record<string, number>) =>
    usage.weeks.map((w) => ({ week: insightWeekLabel(w.weekStart), values: values(w) }));
  const c = t.charts;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <div>
          <Text size="sm" c="dimmed">
            {t.intro}
          </Text>
          <Text fw={600} data-testid="usage-period">
            {period}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy}
          onClick={() => void download()}
        >
          {t.downloadCsv}
        </Button>
      </Group>
      {failed && (
        <Text c="red" size="sm" role="alert">
          {t.downloadFailed}
        </Text>
      )}
      {empty ? (
        <Card padding="xl" ta="center">
          <Stack align="center" gap="xs">
            <IconChartBar size={32} stroke={1.5} aria-hidden />
            <Text fw={600}>{t.empty}</Text>
            <Text size="sm" c="dimmed" maw={420}>
              {t.emptyHint}
            </Text>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          <ChartCard
            title={c.activeUsers.title}
            intro={c.activeUsers.intro}
            period={period}
            rows={rows((w) => ({ activeUsers: w.activeUsers }))}
            columns={[
              { name: 'activeUsers', label: c.activeUsers.series.activeUsers, color: 'indigo.6' },
            ]}
          />
          <ChartCard
            title={c.hours.title}
            intro={c.hours.intro}
            period={period}
            rows={rows((w) => ({ hours: hoursOf(w.secondsInVr) }))}
            valueFormatter={chartHours}
            columns={[
              { name: 'hours', label: c.hours.series.hours, color: 'teal.6', format: tenthOfHours },
            ]}
          />
          <ChartCard
            title={c.meetings.title}
            intro={c.meetings.intro}
            period={period}
            rows={rows((w) => ({
              meetingsHeld: w.meetingsHeld,
              userAttendees: w.userAttendees,
              guestAttendees: w.guestAttendees,
            }))}
            columns={[
              { name: 'meetingsHeld', label: c.meetings.series.meetingsHeld, color: 'violet.6' },
              { name: 'userAttendees', label: c.meetings.series.userAttendees, color: 'blue.5' },
              {
                name: 'guestAttendees',
                label: c.meetings.series.guestAttendees,
                color: 'orange.5',
              },
            ]}
          />
          <ChartCard
            title={c.licenses.title}
            intro={c.licenses.intro}
            period={period}
            kind="line"
            rows={rows((w) => ({ licensesHeld: w.licensesHeld, licensesUsed: w.licensesUsed }))}
            columns={[
              { name: 'licensesHeld', label: c.licenses.series.licensesHeld, color: 'gray.6' },
              { name: 'licensesUsed', label: c.licenses.series.licensesUsed, color: 'green.6' },
            ]}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
