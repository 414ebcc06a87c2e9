import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, List, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  newPasswordForm,
  passwordChecks,
  publicTexts,
  type NewPasswordForm as Values,
} from '@roomscale/shared';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { autofocused } from '../../components/autofocusedField.ts';
import { SecretInput } from './SecretInput.tsx';

type Props = {
  submitLabel: string;
  /** Label of the password field: 'Password' when setting a first one, 'New password' on reset. */
  passwordLabel: string;
  /** Resolves when done; the typed values stay in the form whatever happens. */
  onSubmit: (values: { password: string; confirmPassword: string }) => Promise<void>;
  /** Fields shown above the passwords (e.g. the account's email). */
  children?: ReactNode;
};

/** New password and confirmation under the strong-password rule (activation, reset). */
export function NewPasswordForm({ submitLabel, passwordLabel, onSubmit, children }: Props) {
  const form = useForm<Values>({
    resolver: zodResolver(newPasswordForm),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const password = form.watch('password');

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Stack gap="md">
        {children}
        <SecretInput
          label={passwordLabel}
          autoComplete="new-password"
          required
          autoFocus
          error={errors.password?.message}
          {...autofocused(
            form.register('password', {
              // Re-check a confirmation already typed as the password changes.
              onChange: () => {
                if (form.getFieldState('confirmPassword').isTouched) {
                  void form.trigger('confirmPassword');
                }
              },
            }),
          )}
        />
        <PasswordChecklist password={password} />
        <SecretInput
          label={publicTexts.labels.confirmPassword}
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" fullWidth mt="xs" disabled={!isValid} loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** Which parts of the strong-password rule the typed password meets, live (also the profile's). */
export function PasswordChecklist({ password }: { password: string }) {
  const checks = passwordChecks(password);
  const items = Object.entries(publicTexts.password.requirements) as [
    keyof typeof checks,
    string,
  ][];
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4}>
        {publicTexts.password.requirementsTitle}
      </Text>
      <List spacing={2} size="xs" center>
        {items.map(([key, label]) => (
          <List.Item
            key={key}
            icon={
              <ThemeIcon
                color={checks[key] ? 'teal' : 'gray'}
                variant="light"
                size={16}
                radius="xl"
              >
                {checks[key] ? <IconCheck size={11} /> : <IconX size={11} />}
              </ThemeIcon>
            }
          >
            <Group gap={4}>
              <Text size="xs" c={checks[key] ? 'teal.9' : 'dimmed'}>
                {label}
              </Text>
              <VisuallyHidden>
                {checks[key] ? publicTexts.password.met : publicTexts.password.notMet}
              </VisuallyHidden>
            </Group>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
