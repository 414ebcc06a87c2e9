import { Badge, Group, Skeleton, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { insightTexts, type TeamDevice } from '@roomscale/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../components/format.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Pager } from '../../components/Pager.tsx';
import { Section } from '../../components/Section.tsx';
import { useTeamDevices } from './api.ts';

const t = insightTexts.devices;

/**
 * The team's devices (issue 29 §2): the headsets and PCs holding the members' seats, latest seen
 * first, a device past its required update (its seat free until it checks in) highlighted.
 * A section of the Usage tab: the same admins, the same question (who uses the licenses).
 */
export function DevicesSection({ teamId }: { teamId: string }) {
  const [page, setPage] = useState(1);
  const devices = useTeamDevices(teamId, page);
  const data = devices.data;
  return (
    <Section id="team-devices" title={t.title} intro={t.intro}>
      {devices.isError ? (
        <LoadFailed
          title={t.loadFailed}
          error={devices.error}
          retryLabel={insightTexts.retry}
          onRetry={() => devices.refetch()}
        />
      ) : !data ? (
        <Stack gap="xs" aria-busy>
          <VisuallyHidden role="status">{insightTexts.loading}</VisuallyHidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      ) : data.entryCount === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {t.empty}
        </Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" fz="sm">
              <Table.Caption>{t.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t.device}</Table.Th>
                  <Table.Th scope="col">{t.user}</Table.Th>
                  <Table.Th scope="col">{t.appVersion}</Table.Th>
                  <Table.Th scope="col">{t.lastSeen}</Table.Th>
                  <Table.Th scope="col">{t.state}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.results.map((d) => (
                  <DeviceRow key={`${d.userId}-${d.deviceName}`} device={d} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={page} total={data.pageCount} onChange={setPage} label={t.pagesLabel} />
        </Stack>
      )}
    </Section>
  );
}

function DeviceRow({ device: d }: { device: TeamDevice }) {
  return (
    // A headset put away passes its required update every evening: marked, not an alarm, so a
    // team's table of mostly idle devices does not read as a table of faults.
    <Table.Tr data-update-required={d.updateRequired || undefined}>
      <Table.Td fw={600}>{d.deviceName}</Table.Td>
      <Table.Td>
        <Text size="sm">{d.userName}</Text>
        <Text size="xs" c="dimmed">
          {d.email}
        </Text>
      </Table.Td>
      <Table.Td>{d.appVersion ?? t.unknownVersion}</Table.Td>
      <Table.Td>{formatDateTime(d.lastSeenAt)}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {d.updateRequired ? (
            <Tooltip
              label={t.updateRequiredHint(formatDateTime(d.requiredNextUpdateTime))}
              withArrow
              multiline
              w={260}
            >
              <Badge
                color="gray"
                variant="light"
                leftSection={<IconAlertTriangle size={12} aria-hidden />}
                tabIndex={0}
              >
                {t.updateRequired}
              </Badge>
            </Tooltip>
          ) : (
            <Badge color="teal" variant="light">
              {t.active}
            </Badge>
          )}
          {d.isConflicted && (
            <Badge color="orange" variant="light">
              {t.conflict(d.conflictingDeviceName)}
            </Badge>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
