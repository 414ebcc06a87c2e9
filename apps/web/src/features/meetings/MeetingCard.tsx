import {
  ActionIcon,
  Avatar,
  Badge,
  Card,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  launchPaths,
  type Meeting,
  type MeetingRoom,
  meetingMessages,
  meetingsTexts,
  type Participant,
} from '@roomscale/shared';
import {
  IconClock,
  IconCopy,
  IconCube,
  IconExternalLink,
  IconLink,
  IconPencil,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { preloadOn } from '../../components/lazyPart.ts';
import { useSession } from '../../session/session.ts';
import { AttendanceButton } from '../insight/AttendanceButton.tsx';
import { copyLaunchLink, copyMeetingCode } from './copy.ts';
import classes from './MeetingCard.module.css';
import { participantName } from './meetingForm.ts';
import { browserTimeZone, isOngoing, timeRange } from './time.ts';

const t = meetingsTexts.card;
/** Room thumbnails shown before the '+N' count. */
const MAX_THUMBNAILS = 4;

type Props = {
  meeting: Meeting;
  now: Date;
  onEdit: (m: Meeting) => void;
  /** The pointer or focus reached 'Edit': the form's code can start loading. */
  onEditIntent?: () => void;
  onDelete: (m: Meeting) => void;
};

/**
 * A meeting in the list (part2 §2): room thumbnails, name, time range, description, participant
 * and room counts with tooltips, and the toolbar. Ended meetings show 'Meeting ended' instead of
 * the copy-link and launch actions, and cannot be edited.
 */
export function MeetingCard({ meeting: m, now, onEdit, onEditIntent, onDelete }: Props) {
  const ongoing = isOngoing(m, now);
  const people = [...m.moderatorParticipant, ...m.userParticipant, ...m.guestParticipant];
  const zone = browserTimeZone();
  const headingId = `meeting-${m.id}-name`;
  // Issue 29 §2: a started meeting's attendance, for its moderators and the team's admins.
  const { team, user } = useSession();
  const seesAttendance =
    !!team &&
    new Date(m.startDate) <= now &&
    (team.role === 'Admin' || m.moderatorParticipant.some((p) => p.userId === user?.id));

  return (
    <Card padding={0} className={classes.card} aria-labelledby={headingId} component="article">
      <Group wrap="nowrap" align="flex-start" gap="md" p="lg" className={classes.body}>
        <RoomThumbnails rooms={m.rooms} />
        <Stack gap={6} className={classes.main}>
          <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
            <Title order={3} fz="lg" id={headingId} className={classes.name}>
              {m.name}
            </Title>
            {ongoing && (
              <Badge color="teal" variant="light" className={classes.status}>
                {t.ongoing}
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconClock size={16} aria-hidden className={classes.icon} />
            <Text size="sm">{timeRange(m.startDate, m.endDate)}</Text>
          </Group>
          {m.timezoneLabel !== zone && (
            <Text size="xs" c="dimmed">
              {t.timeZoneNote(m.timezoneLabel)}
            </Text>
          )}
          {m.description && (
            <Text size="sm" lineClamp={2} className={classes.description}>
              {m.description}
            </Text>
          )}
          <Group gap="xs" mt={4}>
            <CountBadge
              icon={<IconUsers size={14} aria-hidden />}
              label={t.participants(people.length)}
              count={people.length}
              details={<ParticipantList meeting={m} />}
              summary={people.map(participantName).join(', ')}
            />
            <CountBadge
              icon={<IconCube size={14} aria-hidden />}
              label={t.rooms(m.rooms.length)}
              count={m.rooms.length}
              details={<RoomList rooms={m.rooms} />}
              summary={m.rooms.map((r) => r.name).join(', ')}
            />
          </Group>
        </Stack>
      </Group>

      <Group justify="space-between" gap="xs" px="lg" py="sm" className={classes.toolbar}>
        <Tooltip label={t.copyCode(m.meetingCode)} withArrow>
          <UnstyledButton
            className={classes.code}
            onClick={() => void copyMeetingCode(m.meetingCode)}
            aria-label={t.copyCode(m.meetingCode)}
          >
            <Text span size="xs" c="dimmed" fw={600} tt="uppercase" visibleFrom="xs">
              {t.code}
            </Text>
            <Text span ff="monospace" fw={700} className={classes.codeValue}>
              {m.meetingCode}
            </Text>
            <IconCopy size={14} aria-hidden />
          </UnstyledButton>
        </Tooltip>
        <Group gap={4} wrap="nowrap">
          {seesAttendance && team && (
            <AttendanceButton teamId={team.id} meetingId={m.id} meetingName={m.name} />
          )}
          {m.hasEnded ? (
            <Badge color="gray" variant="light" size="lg" radius="sm">
              {meetingMessages.ended}
            </Badge>
          ) : (
            <>
              <IconAction label={t.copyLink} onClick={() => void copyLaunchLink(m.meetingCode)}>
                <IconLink size={18} aria-hidden />
              </IconAction>
              <Tooltip label={t.openLaunch} withArrow>
                <ActionIcon
                  component="a"
                  href={launchPaths.meeting(m.meetingCode)}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t.openLaunch}
                >
                  <IconExternalLink size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          {m.canEdit && !m.hasEnded && (
            <IconAction label={t.edit} onClick={() => onEdit(m)} onIntent={onEditIntent}>
              <IconPencil size={18} aria-hidden />
            </IconAction>
          )}
          {m.canDelete && (
            <IconAction label={t.delete} onClick={() => onDelete(m)} color="red">
              <IconTrash size={18} aria-hidden />
            </IconAction>
          )}
        </Group>
      </Group>
    </Card>
  );
}

function IconAction({
  label,
  onClick,
  onIntent,
  color = 'gray',
  children,
}: {
  label: string;
  onClick: () => void;
  onIntent?: () => void;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color={color}
        size="lg"
        onClick={onClick}
        aria-label={label}
        {...(onIntent ? preloadOn(onIntent) : {})}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Up to 4 room thumbnails, then '+N' for the rest; or 'No meeting rooms assigned'. */
function RoomThumbnails({ rooms }: { rooms: MeetingRoom[] }) {
  if (rooms.length === 0) {
    return (
      <div className={classes.noRooms}>
        <IconCube size={22} aria-hidden />
        <Text size="xs" ta="center" c="dimmed">
          {meetingMessages.noRooms}
        </Text>
      </div>
    );
  }
  const shown = rooms.slice(0, MAX_THUMBNAILS);
  const more = rooms.length - shown.length;
  return (
    <div className={classes.thumbs}>
      {shown.map((r) => (
        <Tooltip key={r.id} label={r.name} withArrow>
          <Avatar src={r.imageUrl} alt={r.name} radius="md" size={52} className={classes.thumb}>
            <IconCube size={22} aria-hidden />
          </Avatar>
        </Tooltip>
      ))}
      {more > 0 && (
        <Tooltip label={t.moreRoomsLabel(more)} withArrow>
          <Avatar
            radius="md"
            size={52}
            className={classes.thumb}
            aria-label={t.moreRoomsLabel(more)}
          >
            {t.moreRooms(more)}
          </Avatar>
        </Tooltip>
      )}
    </div>
  );
}

/** A count with a tooltip listing what it counts; focusable so keyboard users get it too. */
function CountBadge({
  icon,
  label,
  count,
  details,
  summary,
}: {
  icon: ReactNode;
  label: string;
  count: number;
  details: ReactNode;
  summary: string;
}) {
  const badge = (
    <Badge
      variant="light"
      color="gray"
      radius="sm"
      leftSection={icon}
      tabIndex={count > 0 ? 0 : undefined}
      className={classes.count}
    >
      {label}
      {summary && <VisuallyHidden>: {summary}</VisuallyHidden>}
    </Badge>
  );
  if (count === 0) return badge;
  return (
    <Tooltip
      label={details}
      multiline
      w={260}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      {badge}
    </Tooltip>
  );
}

function Section({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <Text size="xs" fw={700} tt="uppercase" opacity={0.75}>
        {title}
      </Text>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: names may repeat (two rooms from one template)
        <Text size="sm" key={i} className={classes.tooltipItem}>
          {item}
        </Text>
      ))}
    </div>
  );
}

/** Moderators and users by name, guests by email (part2 §2). */
function ParticipantList({ meeting: m }: { meeting: Meeting }) {
  const names = (list: Participant[]) => list.map(participantName);
  return (
    <Stack gap={6}>
      <Section title={t.moderators} items={names(m.moderatorParticipant)} />
      <Section title={t.users} items={names(m.userParticipant)} />
      <Section title={t.guests} items={m.guestParticipant.map((p) => p.email)} />
    </Stack>
  );
}

function RoomList({ rooms }: { rooms: MeetingRoom[] }) {
  return (
    <Section
      title={t.roomsHeading}
      items={rooms.map((r) => (r.temporary ? `${r.name} (${t.temporaryRoom})` : r.name))}
    />
  );
}
