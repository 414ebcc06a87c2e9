import { Badge, Card, Group, Text, UnstyledButton } from '@mantine/core';
import { type Room, roomsTexts } from '@roomscale/shared';
import { IconUsers } from '@tabler/icons-react';
import lift from '../../components/LiftCard.module.css';
import { RoomImage } from '../../components/RoomImage.tsx';
import classes from './RoomsPage.module.css';
import { SharingBadge } from './SharingBadge.tsx';

/** A card of the rooms list: image, name, description, max users and sharing (part2 §2). */
export function RoomCard({ room, onOpen }: { room: Room; onOpen: (room: Room) => void }) {
  return (
    <UnstyledButton
      className={lift.link}
      onClick={() => onOpen(room)}
      aria-label={roomsTexts.open(room.name)}
      aria-haspopup="dialog"
    >
      <Card padding="md" className={lift.card}>
        <Card.Section>
          <RoomImage src={room.imageUrl} />
        </Card.Section>
        <Group justify="space-between" align="flex-start" wrap="nowrap" mt="md" gap="xs">
          <Text fw={650} lineClamp={1} title={room.name}>
            {room.name}
          </Text>
          {room.template && (
            <Badge variant="outline" color="gray" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              {roomsTexts.templateBadge}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} mt={4} className={classes.description}>
          {room.description || '\u00a0'}
        </Text>
        <Group justify="space-between" mt="md" gap="xs" wrap="nowrap">
          <SharingBadge type={room.roomSharingType} />
          <Group gap={4} c="dimmed" wrap="nowrap">
            <IconUsers size={15} aria-hidden />
            <Text size="xs">{roomsTexts.maxUsers(room.maxUsers)}</Text>
          </Group>
        </Group>
      </Card>
    </UnstyledButton>
  );
}
