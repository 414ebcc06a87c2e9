import {
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import {
  launchPaths,
  type Meeting,
  meetingLimits,
  meetingMessages,
  meetingsTexts,
} from '@roomscale/shared';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconCalendarEvent,
  IconCalendarPlus,
  IconPlayerPlay,
  IconPlus,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { preloadOn } from '../../components/lazyPart.ts';
import { PanelHeader } from '../../components/PanelHeader.tsx';
import { dashboardMeetingParams, useMeetings } from './api.ts';
import classes from './MeetingsPanel.module.css';
import { MeetingFormModal } from './meetingFormPart.ts';
import { isOngoing, shortDateTime } from './time.ts';
import { useNow } from './useNow.ts';

const t = meetingsTexts.panel;

/**
 * The meetings screen and its form (with the date picker) are not part of the dashboard: its
 * links fetch them as the pointer or focus reaches them, so the create form opens at once.
 */
const preloadMeetings = () => {
  import('./MeetingsPage.tsx').catch(() => undefined);
  MeetingFormModal.preload();
};

/**
 * The dashboard's meetings panel (part2 §2): the next five upcoming or ongoing meetings with
 * name, code, short date and time; an ongoing one offers 'Join now' (the launch page, new tab).
 * Creating a meeting goes to /meetings with the create modal open.
 */
export function MeetingsPanel() {
  const meetings = useMeetings(dashboardMeetingParams, meetingLimits.dashboardPageSize);
  const now = useNow();

  return (
    <section aria-labelledby="meetings-panel-heading">
      <PanelHeader id="meetings-panel-heading" title={t.title} subtitle={t.subtitle}>
        <Group gap="xs">
          <Button
            component={Link}
            to="/meetings"
            variant="subtle"
            {...preloadOn(preloadMeetings)}
            rightSection={<IconArrowRight size={16} aria-hidden />}
          >
            {t.viewAll}
          </Button>
          <Button
            component={Link}
            to="/meetings?new=1"
            variant="light"
            {...preloadOn(preloadMeetings)}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t.create}
          </Button>
        </Group>
      </PanelHeader>

      <Card padding={0}>
        {meetings.isPending ? (
          <Stack gap={0} aria-busy>
            <VisuallyHidden>{t.loading}</VisuallyHidden>
            {[0, 1, 2].map((i) => (
              <div key={i} className={classes.row}>
                <Skeleton height={14} width="40%" radius="sm" />
                <Skeleton height={12} width="25%" radius="sm" mt={8} />
              </div>
            ))}
          </Stack>
        ) : meetings.isError ? (
          <Group p="lg" gap="sm">
            <IconAlertTriangle size={18} aria-hidden className={classes.error} />
            <Text size="sm">{t.failed}</Text>
            <Button size="xs" variant="light" onClick={() => void meetings.refetch()}>
              {t.retry}
            </Button>
          </Group>
        ) : meetings.data.results.length === 0 ? (
          <Stack align="center" gap={6} p="xl">
            <ThemeIcon size={44} radius="xl" variant="light">
              <IconCalendarPlus size={22} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>{t.emptyTitle}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t.emptyText}
            </Text>
          </Stack>
        ) : (
          <ul className={classes.list}>
            {meetings.data.results.map((m) => (
              <PanelRow key={m.id} meeting={m} ongoing={isOngoing(m, now)} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

function PanelRow({ meeting: m, ongoing }: { meeting: Meeting; ongoing: boolean }) {
  return (
    <li className={classes.row} data-ongoing={ongoing || undefined}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="md" wrap="nowrap" className={classes.main}>
          <ThemeIcon
            size={40}
            radius="md"
            variant="light"
            color={ongoing ? 'teal' : 'indigo'}
            className={classes.icon}
          >
            <IconCalendarEvent size={20} aria-hidden />
          </ThemeIcon>
          <div className={classes.main}>
            <Text fw={600} className={classes.name}>
              {ongoing && (
                <Text span c="teal.9" fw={700} mr={6}>
                  {meetingMessages.ongoing}
                </Text>
              )}
              {m.name}
            </Text>
            <Group gap="xs" mt={2}>
              <Text size="sm" c="dimmed">
                {shortDateTime(m.startDate)}
              </Text>
              <Badge variant="outline" color="gray" radius="sm" size="md" className={classes.code}>
                <VisuallyHidden>{t.codeLabel} </VisuallyHidden>
                {m.meetingCode}
              </Badge>
            </Group>
          </div>
        </Group>
        {ongoing ? (
          <Button
            component="a"
            href={launchPaths.meeting(m.meetingCode)}
            target="_blank"
            rel="noopener noreferrer"
            color="teal.9"
            size="sm"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            aria-label={t.joinLabel(m.name)}
            className={classes.icon}
          >
            {meetingMessages.joinNow}
          </Button>
        ) : null}
      </Group>
    </li>
  );
}
