import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { meetingsTexts } from '@roomscale/shared';
import { IconCube, IconLayoutGridAdd, IconX } from '@tabler/icons-react';
import classes from './MeetingForm.module.css';
import { choiceKey, type RoomChoice, removeRoomChoice } from './meetingForm.ts';

const t = meetingsTexts.form;

type Props = {
  value: RoomChoice[];
  onChange: (next: RoomChoice[]) => void;
  onOpenPicker: () => void;
  error?: string;
};

/** The meeting's rooms in the form: each removable, and the button to the room selection. */
export function RoomsField({ value, onChange, onOpenPicker, error }: Props) {
  return (
    <Stack gap="sm">
      {value.length === 0 ? (
        <Text size="sm" c={error ? 'red' : 'dimmed'}>
          {error ?? t.noRoomsSelected}
        </Text>
      ) : (
        <Paper withBorder radius="md" className={classes.list}>
          {value.map((c) => {
            const temporary = c.kind === 'template' || c.temporary;
            return (
              <Group key={choiceKey(c)} gap="sm" wrap="nowrap" className={classes.row}>
                <Avatar src={c.imageUrl} alt="" radius="md" size={36} className={classes.roomThumb}>
                  <IconCube size={18} aria-hidden />
                </Avatar>
                <div className={classes.grow}>
                  <Text size="sm" fw={500} className={classes.ellipsis}>
                    {c.name}
                  </Text>
                  {temporary && (
                    <Text size="xs" c="dimmed">
                      {t.temporaryRoomHelp}
                    </Text>
                  )}
                </div>
                {temporary && (
                  <Badge
                    size="sm"
                    variant="light"
                    color="grape"
                    radius="sm"
                    className={classes.noShrink}
                  >
                    {t.temporaryRoom}
                  </Badge>
                )}
                <Tooltip label={t.removeRoom(c.name)} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => onChange(removeRoomChoice(value, choiceKey(c)))}
                    aria-label={t.removeRoom(c.name)}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Paper>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconLayoutGridAdd size={18} aria-hidden />}
          onClick={onOpenPicker}
          aria-haspopup="dialog"
        >
          {value.length === 0 ? t.selectRooms : t.changeRooms}
        </Button>
      </Group>
    </Stack>
  );
}
