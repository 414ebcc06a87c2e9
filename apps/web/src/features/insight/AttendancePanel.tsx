import {
  Badge,
  Box,
  Button,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  type Attendee,
  insightCsvNames,
  insightDuration,
  insightTexts,
  type MeetingAttendance,
} from '@roomscale/shared';
import { insightApi } from '@roomscale/shared/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../components/format.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { browserZone, downloadCsv, useAttendance } from './api.ts';

const t = insightTexts.attendance;

/**
 * A started meeting's attendance (issue 29 §2; its moderators and the team's admins): who joined,
 * first and last seen, for how long, in the viewer's zone; the invitees who never joined apart;
 * the CSV of the same.
 */
export function AttendancePanel({ teamId, meetingId }: { teamId: string; meetingId: string }) {
  const attendance = useAttendance(teamId, meetingId);
  if (attendance.isError)
    return (
      <LoadFailed
        title={t.loadFailed}
        error={attendance.error}
        retryLabel={insightTexts.retry}
        onRetry={() => attendance.refetch()}
      />
    );
  if (!attendance.data)
    return (
      <Stack gap="xs">
        <VisuallyHidden role="status">{t.loading}</VisuallyHidden>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={32} />
        ))}
      </Stack>
    );
  return <AttendanceView teamId={teamId} data={attendance.data} />;
}

function AttendanceView({ teamId, data }: { teamId: string; data: MeetingAttendance }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadCsv(
        insightApi.attendanceCsv,
        {
          params: { organizationId: teamId, meetingId: data.meetingId },
          query: { timeZone: browserZone() },
        },
        insightCsvNames.attendance(data.code),
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t.times(browserZone())}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={busy}
          onClick={() => void download()}
        >
          {insightTexts.downloadCsv}
        </Button>
      </Group>
      {failed && (
        <Text c="red" size="sm" role="alert">
          {insightTexts.downloadFailed}
        </Text>
      )}
      {data.attendees.length === 0 ? (
        <Text c="dimmed">{t.nobody}</Text>
      ) : (
        <>
          {/* A table from a tablet up; on a phone one entry per person, nothing to scroll sideways. */}
          <Box visibleFrom="sm">
            <AttendeeTable attendees={data.attendees} />
          </Box>
          <Box hiddenFrom="sm">
            <AttendeeList attendees={data.attendees} />
          </Box>
        </>
      )}
      <section aria-labelledby="never-joined">
        <Title order={3} size="h5" id="never-joined" mb={4}>
          {t.neverJoined} ({data.neverJoined.length})
        </Title>
        {data.neverJoined.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.everyoneJoined}
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            {data.neverJoined.map((p) => (
              <List.Item key={p.userId ?? p.email}>
                {p.name ? `${p.name} (${p.email})` : p.email}
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </Stack>
  );
}

function AttendeeName({ a }: { a: Attendee }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <span>{a.name ?? a.email}</span>
        {a.kind === 'Guest' && (
          <Badge size="xs" variant="light" color="orange">
            {t.guest}
          </Badge>
        )}
      </Group>
      {a.name && (
        <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
          {a.email}
        </Text>
      )}
    </>
  );
}

function AttendeeTable({ attendees }: { attendees: Attendee[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" fz="sm" striped>
        <Table.Caption>{t.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t.name}</Table.Th>
            <Table.Th scope="col">{t.firstSeen}</Table.Th>
            <Table.Th scope="col">{t.lastSeen}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t.duration}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attendees.map((a) => (
            <Table.Tr key={a.userId ?? `guest-${a.email}`}>
              <Table.Th scope="row" fw={500}>
                <AttendeeName a={a} />
              </Table.Th>
              <Table.Td>{formatDateTime(a.firstSeenAt)}</Table.Td>
              <Table.Td>{formatDateTime(a.lastSeenAt)}</Table.Td>
              <Table.Td ta="right">{insightDuration(a.durationSeconds)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The attendees on a phone: each person's name, then first and last seen and the time in it. */
function AttendeeList({ attendees }: { attendees: Attendee[] }) {
  return (
    <Stack gap={0} component="ul" aria-label={t.caption} p={0} m={0} style={{ listStyle: 'none' }}>
      {attendees.map((a) => (
        <Box
          component="li"
          key={a.userId ?? `guest-${a.email}`}
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Box fw={500} miw={0}>
              <AttendeeName a={a} />
            </Box>
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {insightDuration(a.durationSeconds)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t.firstSeen} {formatDateTime(a.firstSeenAt)}
          </Text>
          <Text size="xs" c="dimmed">
            {t.lastSeen} {formatDateTime(a.lastSeenAt)}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
