import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  type AdminOrganizationCreate,
  adminOrganizationCreate,
  adminTeamsTexts,
  limits,
} from '@roomscale/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { serverMessage } from '../../../api/errors.ts';
import { showError } from '../../../components/dialogs.tsx';
import { teamPath } from '../paths.ts';
import { useCreateAdminTeam } from './api.ts';

const t = adminTeamsTexts.list.prompt;

/** 'New team' (part1 §2): asks for a name, creates the team, then opens its page. */
export function NewTeamModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateAdminTeam();
  const [erroring, setErroring] = useState(false);
  const { register, handleSubmit, formState } = useForm<
    AdminOrganizationCreate,
    unknown,
    z.output<typeof adminOrganizationCreate>
  >({
    resolver: zodResolver(adminOrganizationCreate),
    mode: 'onChange',
    defaultValues: { name: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      onClose();
      navigate(teamPath(created.id));
    } catch (e) {
      // The prompt stays open with the name typed, behind the error.
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
      title={t.title}
      closeOnEscape={!erroring && !busy}
      closeOnClickOutside={!erroring && !busy}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.label}
            data-autofocus
            required
            maxLength={limits.teamNameMax}
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
