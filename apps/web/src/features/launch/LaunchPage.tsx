import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  type ClientConfig,
  deepLinks,
  MeetingLookupErrors,
  meetingMessages,
  meetingsTexts,
  normalizeMeetingCode,
  shellTexts,
} from '@roomscale/shared';
import {
  IconAlertTriangle,
  IconCalendarX,
  IconClock,
  IconCopy,
  IconCube,
  IconRocket,
} from '@tabler/icons-react';
import { type FormEvent, Fragment, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';
import { ExternalAnchor } from '../../components/ExternalAnchor.tsx';
import { useClientConfig } from '../../session/clientConfig.ts';
import { copyMeetingCode } from '../meetings/copy.ts';
import { timeRange } from '../meetings/time.ts';
import { useMeetingLookup } from './api.ts';
import classes from './LaunchPage.module.css';

const t = meetingsTexts.launch;

/**
 * The public launch page (part2 §2): `?meeting={code}` looks the meeting up; `?room={id}` with
 * `room-name` and `room-type` (private or team) is a room of a team. It tells how to open the VR app, with the deep link
 * `roomscale://meeting/{code}` or `roomscale://room/{roomId}`. No navbar; the frame adds the footer.
 */
export function LaunchPage() {
  const [params] = useSearchParams();
  const code = normalizeMeetingCode(params.get('meeting') ?? '');
  const roomId = params.get('room')?.trim() ?? '';
  const roomName = params.get('room-name')?.trim() ?? '';
  const roomKind = params.get('room-type');

  let content: ReactNode;
  if (code) content = <MeetingLaunch code={code} />;
  else if (roomId) {
    const kind =
      roomKind === 'private' || roomKind === 'team' ? t.roomKinds[roomKind] : t.roomLabel;
    content = <RoomLaunch roomId={roomId} roomName={roomName} kind={kind} />;
  } else content = <CodeEntry title={t.noCodeTitle} text={t.noCodeText} />;

  return (
    <div className={classes.page}>
      <UnstyledButton component={Link} to="/" className={classes.brand}>
        <BrandMark size={36} />
        <span className={classes.wordmark}>{shellTexts.productName}</span>
      </UnstyledButton>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
        {content}
      </Paper>
    </div>
  );
}

function MeetingLaunch({ code }: { code: string }) {
  const lookup = useMeetingLookup(code);
  if (lookup.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label={t.loading}>
        <Skeleton height={14} width="30%" radius="sm" />
        <Skeleton height={30} width="70%" radius="sm" />
        <Skeleton height={14} width="50%" radius="sm" />
        <Skeleton height={64} radius="md" mt="md" />
      </Stack>
    );
  }
  if (lookup.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t.failed}
      >
        <Button size="xs" variant="light" color="red" onClick={() => void lookup.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  }
  const r = lookup.data;
  if (r.error === MeetingLookupErrors.MeetingNotFound) {
    return (
      <CodeEntry
        title={t.notFoundTitle}
        text={`${meetingMessages.notFound} ${t.checkCode}`}
        initialCode={code}
        icon={<IconCalendarX size={26} aria-hidden />}
      />
    );
  }

  const ended = r.error === MeetingLookupErrors.MeetingEnded;
  const upcoming = r.error === MeetingLookupErrors.MeetingNotStarted;
  const detail = r.meetingDetail;
  const title = ended
    ? meetingMessages.concluded
    : upcoming
      ? meetingMessages.upcoming
      : (detail?.name ?? meetingMessages.upcoming);
  const start = detail?.startDate ?? r.startDate;
  const end = detail?.endDate ?? r.endDate;
  const room =
    detail?.rooms.find((x) => x.id === detail.currentMeetingRoomId) ?? detail?.rooms[0] ?? null;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text size="xs" fw={700} tt="uppercase" c="indigo" className={classes.kicker}>
          {t.kicker}
        </Text>
        <Title order={1} fz={{ base: 26, sm: 30 }} className={classes.title}>
          {title}
        </Title>
        {start && end && (
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconClock size={16} aria-hidden className={classes.noShrink} />
            <Text size="sm">{timeRange(start, end, undefined, true)}</Text>
          </Group>
        )}
        {room && (
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconCube size={16} aria-hidden className={classes.noShrink} />
            <Text size="sm">
              {t.roomLabel}: {room.name}
            </Text>
          </Group>
        )}
      </Stack>

      <div className={classes.codeBox}>
        <div>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" id="launch-code-label">
            {t.codeLabel}
          </Text>
          <Text
            className={classes.code}
            aria-labelledby="launch-code-label"
            data-testid="meeting-code"
          >
            {code}
          </Text>
        </div>
        {!ended && (
          <Tooltip label={t.copyCode} withArrow>
            <ActionIcon
              variant="light"
              size="xl"
              radius="md"
              onClick={() => void copyMeetingCode(code)}
              aria-label={t.copyCode}
            >
              <IconCopy size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </div>

      {ended ? (
        <Text size="sm" c="dimmed">
          {t.concludedText}
        </Text>
      ) : (
        <>
          {upcoming && (
            <Text size="sm" c="dimmed">
              {t.upcomingText}
            </Text>
          )}
          <LaunchButton href={deepLinks.meeting(code)} />
          <Steps last={t.stepCode(code)} />
        </>
      )}
    </Stack>
  );
}

function RoomLaunch({
  roomId,
  roomName,
  kind,
}: {
  roomId: string;
  roomName: string;
  kind: string;
}) {
  const name = roomName || kind;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text size="xs" fw={700} tt="uppercase" c="indigo" className={classes.kicker}>
          {t.kicker}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" className={classes.noShrink}>
            <IconCube size={22} aria-hidden />
          </ThemeIcon>
          <div>
            <Text size="xs" c="dimmed" fw={600}>
              {kind}
            </Text>
            <Title order={1} fz={{ base: 24, sm: 28 }} className={classes.title}>
              {name}
            </Title>
          </div>
        </Group>
      </Stack>
      <LaunchButton href={deepLinks.room(roomId)} />
      <Steps last={t.stepRoom(kind, name)} />
    </Stack>
  );
}

/** Navigates to the app's deep link; the browser hands it to the installed app. */
function LaunchButton({ href }: { href: string }) {
  return (
    <Stack gap={6}>
      <Button
        component="a"
        href={href}
        size="md"
        leftSection={<IconRocket size={20} aria-hidden />}
        className={classes.launch}
      >
        {t.launchButton}
      </Button>
      <Text size="xs" c="dimmed">
        {t.launchHelp}
      </Text>
    </Stack>
  );
}

function Steps({ last }: { last: string }) {
  const config = useClientConfig().data;
  return (
    <>
      <Divider />
      <Stack gap="sm">
        <Title order={2} fz="md">
          {t.stepsTitle}
        </Title>
        <List type="ordered" spacing="xs" size="sm" className={classes.steps}>
          <List.Item>{t.stepWindows}</List.Item>
          <List.Item>
            {t.stepHeadset}
            {config && <BuildLinks downloads={config.downloads} />}
          </List.Item>
          <List.Item>{t.stepLogin}</List.Item>
          <List.Item>{last}</List.Item>
        </List>
      </Stack>
    </>
  );
}

/** The headset builds this server has links for, '·'-separated; none when none is configured. */
function BuildLinks({ downloads }: { downloads: ClientConfig['downloads'] }) {
  const links: { href: string; label: string }[] = [];
  if (downloads.metaStoreUrl) links.push({ href: downloads.metaStoreUrl, label: t.storeLink });
  if (downloads.picoApkUrl) links.push({ href: downloads.picoApkUrl, label: t.picoLink });
  return links.map((l, i) => (
    <Fragment key={l.label}>
      {i === 0 ? ' ' : ' · '}
      <ExternalAnchor href={l.href} size="sm">
        {l.label}
      </ExternalAnchor>
    </Fragment>
  ));
}

/** No code, or an unknown one: a field to enter the code from the invitation. */
function CodeEntry({
  title,
  text,
  initialCode = '',
  icon,
}: {
  title: string;
  text: string;
  initialCode?: string;
  icon?: ReactNode;
}) {
  const [, setParams] = useSearchParams();
  const [value, setValue] = useState(initialCode);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = normalizeMeetingCode(value);
    if (next) setParams({ meeting: next });
  };
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        {icon && (
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" mb="xs">
            {icon}
          </ThemeIcon>
        )}
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t.codeInput}
            placeholder={t.codeInputPlaceholder}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            className={classes.codeInput}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" disabled={!normalizeMeetingCode(value)}>
            {t.find}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
