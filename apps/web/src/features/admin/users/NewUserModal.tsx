import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  type AdminUserCreate,
  type AdminUserRow,
  adminUserCreate,
  adminUsersTexts,
  limits,
} from '@roomscale/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { showFieldErrors } from '../../../api/errors.ts';
import { SwitchField } from '../../../components/SwitchField.tsx';
import { refusalText } from '../memberships/failureText.ts';
import { useCreateAdminUser } from './api.ts';

const t = adminUsersTexts.create;

type Props = {
  onClose: () => void;
  /** Called with the created user (the list opens their page). */
  onCreated: (user: AdminUserRow) => void;
  /** Prefilled email (the membership editor's 'add new user' entry). */
  email?: string;
  /** Offer the super admin switch (the membership editor adds a team member, not an admin). */
  withSuperAdmin?: boolean;
  title?: string;
};

/**
 * 'New user' (part1 §2, §5): email, first and last name (2+), super admin. Submit stays disabled
 * while the form is invalid. A refusal is shown in the modal, under its field when the server
 * names one, and the typed values stay (the spec's browser alert would hide the form).
 */
export function NewUserModal({
  onClose,
  onCreated,
  email = '',
  withSuperAdmin = true,
  title = t.title,
}: Props) {
  const create = useCreateAdminUser();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, formState, setError } = useForm<
    AdminUserCreate,
    unknown,
    z.output<typeof adminUserCreate>
  >({
    resolver: zodResolver(adminUserCreate),
    mode: 'onChange',
    defaultValues: { email, firstName: '', lastName: '', superAdmin: false },
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(values));
    } catch (e) {
      const fields = showFieldErrors(e, setError, (field) =>
        field === 'email' || field === 'firstName' || field === 'lastName' ? field : undefined,
      );
      // A message already under its field is not repeated above the buttons.
      const shown = Object.keys(fields).every((f) =>
        ['email', 'firstName', 'lastName'].includes(f),
      );
      setFailure(Object.keys(fields).length > 0 && shown ? null : refusalText(e));
    }
  });

  const busy = formState.isSubmitting;
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t.close }}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.email}
            type="email"
            autoComplete="off"
            required
            data-autofocus={email ? undefined : true}
            maxLength={limits.emailMax}
            error={errors.email?.message}
            disabled={busy}
            {...register('email')}
          />
          <Group grow align="flex-start" gap="sm">
            <TextInput
              label={t.firstName}
              required
              autoComplete="off"
              data-autofocus={email ? true : undefined}
              maxLength={limits.nameMax}
              error={errors.firstName?.message}
              disabled={busy}
              {...register('firstName')}
            />
            <TextInput
              label={t.lastName}
              required
              autoComplete="off"
              maxLength={limits.nameMax}
              error={errors.lastName?.message}
              disabled={busy}
              {...register('lastName')}
            />
          </Group>
          {withSuperAdmin && (
            <SwitchField
              control={control}
              name="superAdmin"
              label={t.superAdmin}
              description={t.superAdminHint}
              disabled={busy}
            />
          )}
          <Text size="sm" c="dimmed">
            {t.hint}
          </Text>
          {failure && (
            <Alert
              color="red"
              variant="light"
              title={t.failed}
              icon={<IconAlertCircle size={18} aria-hidden />}
              role="alert"
            >
              {failure}
            </Alert>
          )}
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
