import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { meetingsTexts, type Room } from '@roomscale/shared';
import { IconAlertTriangle, IconCheck, IconCube, IconTemplate } from '@tabler/icons-react';
import { useRoomChoices } from './api.ts';
import classes from './MeetingForm.module.css';
import { hasRoom, hasTemplate, type RoomChoice, toggleRoom } from './meetingForm.ts';
import { useSmallScreen } from './smallScreen.ts';

const t = meetingsTexts.picker;

type Props = {
  opened: boolean;
  onClose: () => void;
  stackId?: string;
  value: RoomChoice[];
  onChange: (next: RoomChoice[]) => void;
};

/**
 * The room selection modal (part2 §4, §5): the team's rooms and the room templates. Selecting a
 * template adds a temporary room, selecting a room adds that room; clicking again deselects.
 */
export function RoomPickerModal({ opened, onClose, stackId, value, onChange }: Props) {
  const choices = useRoomChoices(opened);
  const small = useSmallScreen();
  const count = value.length;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      stackId={stackId}
      title={t.title}
      size="xl"
      fullScreen={small}
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {choices.isPending ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" aria-busy aria-label={t.loading}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={150} radius="md" />
            ))}
          </SimpleGrid>
        ) : choices.isError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t.failed}
          >
            <Button size="xs" variant="light" color="red" onClick={() => void choices.refetch()}>
              {t.retry}
            </Button>
          </Alert>
        ) : (
          <>
            <RoomSection
              title={t.teamRooms}
              rooms={choices.data.rooms}
              empty={t.noTeamRooms}
              isSelected={(r) => hasRoom(value, r.id)}
              onToggle={(r) => onChange(toggleRoom(value, r))}
            />
            <RoomSection
              title={t.templates}
              rooms={choices.data.templates}
              empty={t.noTemplates}
              isSelected={(r) => hasTemplate(value, r.id)}
              onToggle={(r) => onChange(toggleRoom(value, r))}
            />
          </>
        )}
        <Group justify="space-between" className={classes.stickyFooter}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t.selectedCount(count)}
          </Text>
          <Button onClick={onClose}>{t.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RoomSection({
  title,
  rooms,
  empty,
  isSelected,
  onToggle,
}: {
  title: string;
  rooms: Room[];
  empty: string;
  isSelected: (r: Room) => boolean;
  onToggle: (r: Room) => void;
}) {
  return (
    <section>
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {rooms.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {rooms.map((r) => (
            <RoomTile key={r.id} room={r} selected={isSelected(r)} onToggle={() => onToggle(r)} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

function RoomTile({
  room,
  selected,
  onToggle,
}: {
  room: Room;
  selected: boolean;
  onToggle: () => void;
}) {
  const kind = room.template
    ? t.template
    : room.roomSharingType === 'OwnerUser'
      ? t.privateRoom
      : t.teamRoom;
  return (
    <UnstyledButton
      className={classes.tile}
      data-selected={selected || undefined}
      aria-pressed={selected}
      onClick={onToggle}
    >
      <AspectRatio ratio={16 / 9} className={classes.tileImage}>
        {room.imageUrl ? (
          <Image src={room.imageUrl} alt="" fit="cover" />
        ) : (
          <div className={classes.tilePlaceholder}>
            {room.template ? (
              <IconTemplate size={28} aria-hidden />
            ) : (
              <IconCube size={28} aria-hidden />
            )}
          </div>
        )}
      </AspectRatio>
      {selected && (
        <ThemeIcon radius="xl" size="md" className={classes.tileCheck} aria-hidden>
          <IconCheck size={16} />
        </ThemeIcon>
      )}
      <Stack gap={4} p="sm">
        <Text size="sm" fw={600} lineClamp={1}>
          {room.name}
        </Text>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t.maxUsers(room.maxUsers)}
          </Text>
          <Badge size="xs" variant="light" color={room.template ? 'grape' : 'indigo'} radius="sm">
            {kind}
          </Badge>
        </Group>
      </Stack>
    </UnstyledButton>
  );
}
