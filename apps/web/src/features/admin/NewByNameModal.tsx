import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { roomsTexts } from '@roomscale/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { serverMessage } from '../../api/errors.ts';
import { showError } from '../../components/dialogs.tsx';

type Named = { name: string };

type Props = {
  texts: { title: string; label: string; hint: string; cancel: string; submit: string };
  /** The create call's body schema (its name rule). */
  schema: z.ZodType<Named, Named>;
  maxLength: number;
  /** Marks the field required (the asterisk). */
  required?: boolean;
  create: (values: Named) => Promise<{ id: string }>;
  /** Where the new object's page is. */
  pathOf: (id: string) => string;
  onClose: () => void;
};

/**
 * The admin lists' 'New …' prompt (part1 §2: new team, new room template): asks for a name,
 * creates the object, then opens its page. On a refusal the prompt stays open with the name
 * typed, behind the error.
 */
export function NewByNameModal({
  texts: t,
  schema,
  maxLength,
  required = false,
  create,
  pathOf,
  onClose,
}: Props) {
  const navigate = useNavigate();
  const [erroring, setErroring] = useState(false);
  const { register, handleSubmit, formState } = useForm<Named, unknown, Named>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { name: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const created = await create(values);
      onClose();
      navigate(pathOf(created.id));
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
            required={required}
            maxLength={maxLength}
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
