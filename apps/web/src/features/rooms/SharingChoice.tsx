import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { roomMessages, roomsTexts, type TeamRoomSharingTypes } from '@roomscale/shared';
import { IconLock, IconUsersGroup } from '@tabler/icons-react';
import classes from './RoomModals.module.css';

type TeamSharing = (typeof TeamRoomSharingTypes)[number];

const choices: { value: TeamSharing; label: string; help: string; icon: typeof IconLock }[] = [
  {
    value: 'OwnerOrganization',
    label: roomsTexts.add.teamRoom,
    help: roomMessages.teamRoomHelp,
    icon: IconUsersGroup,
  },
  {
    value: 'OwnerUser',
    label: roomsTexts.add.privateRoom,
    help: roomMessages.privateRoomHelp,
    icon: IconLock,
  },
];

/** 'Team room' or 'Private room', each with its explanation (part2 §2). */
export function SharingChoice({
  value,
  onChange,
  disabled,
}: {
  value: TeamSharing;
  onChange: (v: TeamSharing) => void;
  disabled?: boolean;
}) {
  return (
    <Radio.Group
      label={roomsTexts.add.sharing}
      value={value}
      onChange={(v) => onChange(v as TeamSharing)}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt={6}>
        {choices.map((c) => (
          <Radio.Card
            key={c.value}
            value={c.value}
            className={classes.choice}
            disabled={disabled}
            radius="md"
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2}>
                <Group gap={6} wrap="nowrap">
                  <c.icon size={16} aria-hidden />
                  <Text fw={600} size="sm">
                    {c.label}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" className={classes.sentence}>
                  {c.help}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
