import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  type AddRoomForm,
  addRoomForm,
  type Room,
  roomLimits,
  roomMessages,
  roomsTexts,
  successTitles,
} from '@roomscale/shared';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorText, serverMessage } from '../../api/errors.ts';
import { showError, showSuccess } from '../../components/dialogs.tsx';
import { RoomImage } from '../../components/RoomImage.tsx';
import { useAddRoom, useAllTemplates } from './api.ts';
import { type EditedFields, prefill } from './prefill.ts';
import classes from './RoomModals.module.css';
import { SharingBadge } from './SharingBadge.tsx';
import { SharingChoice } from './SharingChoice.tsx';
import { useNested } from './useNested.ts';

const t = roomsTexts.add;

/**
 * Add room (part2 §2, §5): pick a template (all pages are read), then name, description and
 * Team/Private. Choosing a template fills name and description unless the user edited them.
 * On a failed call the modal stays open with everything typed.
 */
export function AddRoomModal({ teamId, onClose }: { teamId: string; onClose: () => void }) {
  const templates = useAllTemplates(teamId, true);
  const add = useAddRoom(teamId);
  const { nested, over } = useNested();
  const edited = useRef<EditedFields>({ name: false, description: false });
  const form = useForm<AddRoomForm, unknown, z.output<typeof addRoomForm>>({
    resolver: zodResolver(addRoomForm),
    mode: 'onChange',
    defaultValues: { templateId: '', name: '', description: '', sharingType: 'OwnerOrganization' },
  });
  const { register, control, handleSubmit, formState, getValues, setValue } = form;

  const choose = (template: Room) => {
    setValue('templateId', template.id, { shouldValidate: true });
    const current = { name: getValues('name'), description: getValues('description') ?? '' };
    const next = prefill(current, edited.current, template);
    setValue('name', next.name, { shouldValidate: true });
    setValue('description', next.description, { shouldValidate: true });
  };

  const submit = handleSubmit(async (values) => {
    try {
      const room = await add.mutateAsync({
        templateOrClonedRoomId: values.templateId,
        name: values.name,
        description: values.description,
        sharingType: values.sharingType,
      });
      onClose();
      void showSuccess(successTitles.roomSaved, roomsTexts.add.created(room?.name ?? values.name));
    } catch (e) {
      await over(() => showError(serverMessage(e)));
    }
  });

  const busy = formState.isSubmitting;
  const nameField = register('name', {
    onChange: () => {
      edited.current.name = true;
    },
  });
  const descriptionField = register('description', {
    onChange: () => {
      edited.current.description = true;
    },
  });

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': roomsTexts.view.close }}
      title={t.title}
      size="xl"
      closeOnEscape={!nested && !busy}
      closeOnClickOutside={!nested && !busy}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <section aria-labelledby="add-room-templates">
            <Title order={3} fz="md" id="add-room-templates" mb="sm">
              {t.templatesHeading}
            </Title>
            <Controller
              control={control}
              name="templateId"
              render={({ field }) => (
                <TemplatePicker state={templates} value={field.value} onChoose={choose} />
              )}
            />
          </section>

          <TextInput
            label={t.name}
            maxLength={roomLimits.nameMax}
            error={formState.errors.name?.message}
            disabled={busy}
            {...nameField}
          />
          <Textarea
            label={t.description}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={roomLimits.descriptionMax}
            error={formState.errors.description?.message}
            disabled={busy}
            {...descriptionField}
          />
          <Controller
            control={control}
            name="sharingType"
            render={({ field }) => (
              <SharingChoice value={field.value} onChange={field.onChange} disabled={busy} />
            )}
          />

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={!formState.isValid} loading={busy}>
              {t.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type TemplatesState = ReturnType<typeof useAllTemplates>;

/** The template cards: name, max users and sharing label (part2 §2), as one radio group. */
function TemplatePicker({
  state,
  value,
  onChoose,
}: {
  state: TemplatesState;
  value: string;
  onChoose: (template: Room) => void;
}) {
  if (state.isPending) {
    return (
      <Group gap="sm" role="status" py="md">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t.templatesLoading}
        </Text>
      </Group>
    );
  }
  if (state.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        <Text size="sm">
          {t.templatesFailed} {errorText(state.error)}
        </Text>
        <Button mt="sm" size="xs" variant="white" color="red" onClick={() => state.refetch()}>
          {roomsTexts.retry}
        </Button>
      </Alert>
    );
  }
  if (state.data.length === 0) {
    return (
      <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        {roomMessages.noTemplates}
      </Alert>
    );
  }
  const byId = new Map(state.data.map((r) => [r.id, r]));
  return (
    <Radio.Group
      value={value}
      onChange={(id) => {
        const template = byId.get(id);
        if (template) onChoose(template);
      }}
      aria-labelledby="add-room-templates"
    >
      <div className={classes.templates}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {state.data.map((template) => (
            <Radio.Card
              key={template.id}
              value={template.id}
              className={classes.templateCard}
              radius="md"
              aria-label={template.name}
            >
              <div className={classes.hero}>
                <RoomImage src={template.imageUrl} ratio={2.8} />
                <Radio.Indicator className={classes.templateCheck} />
              </div>
              <Stack gap={6} p="sm">
                {/* Two columns on a phone leave ~150 px a card: the name takes two lines and the
                    users count moves under the badge rather than cutting either short. */}
                <Text fw={600} size="sm" lineClamp={2}>
                  {template.name}
                </Text>
                <Group justify="space-between" gap={4} style={{ rowGap: 6 }}>
                  <SharingBadge type={template.roomSharingType} />
                  <Group gap={3} c="dimmed" wrap="nowrap">
                    <IconUsers size={14} aria-hidden />
                    <Text size="xs">{template.maxUsers}</Text>
                    <VisuallyHidden>{roomsTexts.view.maxUsers}</VisuallyHidden>
                  </Group>
                </Group>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </div>
    </Radio.Group>
  );
}
