import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { profileTexts } from '@roomscale/shared';
import { useForm } from 'react-hook-form';
import { showFieldErrors } from '../../api/errors.ts';
import { showError } from '../../components/dialogs.tsx';
import { Section } from '../../components/Section.tsx';
import { PasswordChecklist } from '../auth/NewPasswordForm.tsx';
import { SecretInput } from '../auth/SecretInput.tsx';
import { useChangePassword } from './api.ts';
import { type PasswordFormValues, passwordBody, passwordDefaults, passwordForm } from './forms.ts';

const t = profileTexts.password;

/** Change password (part2 §2, §5), for users with a password login. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordForm),
    mode: 'onTouched',
    defaultValues: passwordDefaults,
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const newPassword = form.watch('newPassword');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(passwordBody(values));
    } catch (e) {
      // What was typed stays, so a wrong current password is fixed in place.
      showFieldErrors(e, form.setError, (field) =>
        field === 'currentPassword' || field === 'newPassword' ? field : undefined,
      );
      void showError(t.failed);
      return;
    }
    form.reset(passwordDefaults);
    notifications.show({ color: 'teal', title: t.changed, message: t.otherSessionsEnded });
  });

  return (
    <Section id="profile-password-title" title={t.heading} intro={t.intro}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <SecretInput
            label={t.current}
            autoComplete="current-password"
            required
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <SecretInput
            label={t.next}
            autoComplete="new-password"
            required
            error={errors.newPassword?.message}
            {...form.register('newPassword', {
              // Re-check a confirmation already typed as the new password changes.
              onChange: () => {
                if (form.getFieldState('confirmPassword').isTouched) {
                  void form.trigger('confirmPassword');
                }
              },
            })}
          />
          <PasswordChecklist password={newPassword} />
          <SecretInput
            label={t.confirm}
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!isValid} loading={isSubmitting}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
