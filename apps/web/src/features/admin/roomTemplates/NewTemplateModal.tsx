import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  adminTexts,
  type RoomTemplateCreate,
  roomLimits,
  roomsTexts,
  roomTemplateCreate,
} from '@roomscale/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { serverMessage } from '../../../api/errors.ts';
import { showError } from '../../../components/dialogs.tsx';
import { templatePath } from '../paths.ts';
import { useCreateRoomTemplate } from './api.ts';

const t = adminTexts.templates.prompt;

/** 'New room template': asks for a name, creates the template, then opens its edit page. */
export function NewTemplateModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateRoomTemplate();
  const [erroring, setErroring] = useState(false);
  const { register, handleSubmit, formState } = useForm<
    RoomTemplateCreate,
    unknown,
    z.output<typeof roomTemplateCreate>
  >({
    resolver: zodResolver(roomTemplateCreate),
    mode: 'onChange',
    defaultValues: { name: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      onClose();
      navigate(templatePath(created.id));
    } catch (e) {
      setErroring(true);
      await showError(serverMessage(e));
      setErroring(false);
    }
  });

  const busy = formState.isSubmitting;
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': roomsTexts.view.close }}
      title={t.title}
      closeOnEscape={!erroring && !busy}
      closeOnClickOutside={!erroring && !busy}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.label}
            data-autofocus
            maxLength={roomLimits.nameMax}
            error={formState.errors.name?.message}
            disabled={busy}
            {...register('name')}
          />
          <Text size="sm" c="dimmed">
            {t.hint}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={!formState.isValid} loading={busy}>
              {t.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
