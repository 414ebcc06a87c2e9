import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  copyRoomName,
  type EditRoomForm,
  editRoomForm,
  type Room,
  roomLimits,
  roomMessages,
  roomsTexts,
  sharingTypeLabels,
  successTitles,
  TeamRoomSharingTypes,
} from '@roomscale/shared';
import {
  IconCopy,
  IconExternalLink,
  IconInfoCircle,
  IconLock,
  IconPencil,
  IconTemplate,
  IconTransform,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { serverMessage } from '../../api/errors.ts';
import { showConfirm, showError, showSuccess } from '../../components/dialogs.tsx';
import { RoomImage } from '../../components/RoomImage.tsx';
import { SwitchField } from '../../components/SwitchField.tsx';
import { launchUrl, useAddRoom, useDeleteRoom, useEditRoom } from './api.ts';
import classes from './RoomModals.module.css';
import { SharingBadge } from './SharingBadge.tsx';
import { SharingChoice } from './SharingChoice.tsx';
import { useNested } from './useNested.ts';

const t = roomsTexts.view;
const c = roomsTexts.confirm;

type TeamSharing = (typeof TeamRoomSharingTypes)[number];
const isTeamSharing = (v: string): v is TeamSharing =>
  (TeamRoomSharingTypes as readonly string[]).includes(v);

type Busy = null | 'save' | 'duplicate' | 'convert' | 'delete';

/**
 * View room (part2 §2): details, and for the team's admins (`canManage`) Edit/Save/Cancel,
 * Delete, Duplicate room and Convert to template/room, each confirmed where the spec says so.
 * Launch opens the launch page in a new tab. A failed call shows the server's message and keeps
 * the form as typed.
 */
export function RoomModal({
  teamId,
  room,
  onChanged,
  onClose,
}: {
  teamId: string;
  room: Room;
  /** The room shown after a change (the saved room, or the new copy). */
  onChanged: (room: Room) => void;
  onClose: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const { nested, over } = useNested();
  const edit = useEditRoom(teamId);
  const remove = useDeleteRoom(teamId);
  const add = useAddRoom(teamId);

  /** Runs a change; its failure shows the server's message over the modal. */
  const run = async (kind: Busy, action: () => Promise<void>) => {
    setBusy(kind);
    try {
      await action();
    } catch (e) {
      await over(() => showError(serverMessage(e)));
    } finally {
      setBusy(null);
    }
  };

  const saved = (updated: Room) => {
    onChanged(updated);
    void over(() => showSuccess(successTitles.roomSaved, t.saved(updated.name)));
  };

  const save = (values: z.output<typeof editRoomForm>) =>
    run('save', async () => {
      const updated = await edit.mutateAsync({ roomId: room.id, body: values });
      if (!updated) return;
      setEditing(false);
      saved(updated);
    });

  const duplicate = async () => {
    const name = copyRoomName(room.name);
    const ok = await over(() =>
      showConfirm({
        title: c.duplicateTitle,
        content: c.duplicateText(name),
        confirmLabel: c.duplicateConfirm,
      }),
    );
    if (!ok) return;
    await run('duplicate', async () => {
      const copy = await add.mutateAsync({
        templateOrClonedRoomId: room.id,
        name,
        sharingType: isTeamSharing(room.roomSharingType) ? room.roomSharingType : undefined,
      });
      if (copy) saved(copy);
    });
  };

  const convert = async () => {
    const toTemplate = !room.template;
    const ok = await over(() =>
      showConfirm({
        title: toTemplate ? c.toTemplateTitle : c.toRoomTitle,
        content: toTemplate ? c.toTemplateText(room.name) : c.toRoomText(room.name),
        confirmLabel: c.convertConfirm,
      }),
    );
    if (!ok) return;
    await run('convert', async () => {
      const updated = await edit.mutateAsync({ roomId: room.id, body: { template: toTemplate } });
      if (updated) saved(updated);
    });
  };

  const del = async () => {
    const ok = await over(() =>
      showConfirm({
        title: c.deleteTitle,
        content: c.deleteText(room.name),
        confirmLabel: c.deleteConfirm,
        danger: true,
      }),
    );
    if (!ok) return;
    await run('delete', async () => {
      await remove.mutateAsync(room.id);
      onClose();
      notifications.show({ color: 'teal', title: t.deleted, message: t.deletedText(room.name) });
    });
  };

  const locked = nested || busy !== null;
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': roomsTexts.view.close }}
      title={room.name}
      size="lg"
      closeOnEscape={!locked}
      closeOnClickOutside={!locked}
    >
      <Stack gap="md">
        <RoomImage src={room.imageUrl} ratio={3} radius="var(--mantine-radius-md)" />
        {editing ? (
          <EditForm
            room={room}
            busy={busy === 'save'}
            onSave={save}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <Details
              room={room}
              actions={
                room.canManage && (
                  <Group gap={6}>
                    {!room.template && (
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconCopy size={14} aria-hidden />}
                        onClick={duplicate}
                        loading={busy === 'duplicate'}
                        disabled={busy !== null && busy !== 'duplicate'}
                      >
                        {t.duplicate}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={
                        room.template ? (
                          <IconTransform size={14} aria-hidden />
                        ) : (
                          <IconTemplate size={14} aria-hidden />
                        )
                      }
                      onClick={convert}
                      loading={busy === 'convert'}
                      disabled={busy !== null && busy !== 'convert'}
                    >
                      {room.template ? t.toRoom : t.toTemplate}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={del}
                      loading={busy === 'delete'}
                      disabled={busy !== null && busy !== 'delete'}
                    >
                      {t.delete}
                    </Button>
                  </Group>
                )
              }
            />
            {(room.canManage || !room.template) && (
              <>
                <Divider />
                <Group justify="flex-end" gap="sm">
                  {!room.template && (
                    <Button
                      component="a"
                      href={launchUrl(room)}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant={room.canManage ? 'light' : 'filled'}
                      leftSection={<IconExternalLink size={16} aria-hidden />}
                    >
                      {t.launch}
                      <VisuallyHidden>{t.launchNote}</VisuallyHidden>
                    </Button>
                  )}
                  {room.canManage && (
                    <Button
                      leftSection={<IconPencil size={16} aria-hidden />}
                      onClick={() => setEditing(true)}
                      disabled={busy !== null}
                    >
                      {t.edit}
                    </Button>
                  )}
                </Group>
              </>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" mt={2} component="div">
        {children}
      </Text>
    </div>
  );
}

/** Name, description, max users, sharing type, persistence, locked room data (part2 §2). */
function Details({ room, actions }: { room: Room; actions?: ReactNode }) {
  const productTemplate = room.organizationOwnerId === null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <SharingBadge type={room.roomSharingType} />
          {room.template && (
            <Badge variant="outline" color="gray" radius="sm" tt="none">
              {roomsTexts.templateBadge}
            </Badge>
          )}
        </Group>
        {actions}
      </Group>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {t.description}
        </Text>
        <Text
          size="sm"
          mt={2}
          c={room.description ? undefined : 'dimmed'}
          style={{ whiteSpace: 'pre-line' }}
        >
          {room.description || t.noDescription}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" py="sm" className={classes.facts}>
        <Fact label={t.maxUsers}>{room.maxUsers}</Fact>
        <Fact label={t.sharingType}>{sharingTypeLabels[room.roomSharingType]}</Fact>
        <Fact label={t.persistence}>{room.persistent ? t.persistent : t.notPersistent}</Fact>
      </SimpleGrid>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="gray" size="md" radius="xl">
          <IconLock size={15} aria-hidden />
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          {room.staticRoomDataAmount > 0 ? t.lockedData(room.staticRoomDataAmount) : t.noLockedData}
        </Text>
      </Group>
      {room.template && (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="gray" size="md" radius="xl">
            <IconTemplate size={15} aria-hidden />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {t.isTemplate}
          </Text>
        </Group>
      )}
      {!room.canManage && (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="indigo" size="md" radius="xl">
            <IconInfoCircle size={15} aria-hidden />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            {productTemplate ? t.productTemplate : roomMessages.adminRequired}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** Edit mode: name (required), description, sharing and the persistence switch. */
function EditForm({
  room,
  busy,
  onSave,
  onCancel,
}: {
  room: Room;
  busy: boolean;
  onSave: (values: z.output<typeof editRoomForm>) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<EditRoomForm, unknown, z.output<typeof editRoomForm>>({
    resolver: zodResolver(editRoomForm),
    mode: 'onChange',
    defaultValues: {
      name: room.name,
      description: room.description ?? '',
      sharingType: isTeamSharing(room.roomSharingType) ? room.roomSharingType : 'OwnerOrganization',
      persistent: room.persistent,
    },
  });
  const { register, control, handleSubmit, formState, setFocus } = form;
  useEffect(() => setFocus('name'), [setFocus]);

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate>
      <Stack gap="md">
        <TextInput
          label={roomsTexts.add.name}
          maxLength={roomLimits.nameMax}
          error={formState.errors.name?.message}
          disabled={busy}
          {...register('name')}
        />
        <Textarea
          label={roomsTexts.add.description}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={roomLimits.descriptionMax}
          error={formState.errors.description?.message}
          disabled={busy}
          {...register('description')}
        />
        <Controller
          control={control}
          name="sharingType"
          render={({ field }) => (
            <SharingChoice value={field.value} onChange={field.onChange} disabled={busy} />
          )}
        />
        <SwitchField
          control={control}
          name="persistent"
          label={roomMessages.persistSwitch}
          disabled={busy}
        />
        <Divider />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={!formState.isValid} loading={busy}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
