import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import {
  type ForgotPasswordForm,
  forgotPasswordForm,
  publicTexts,
  screenMessages,
} from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { call } from '../../api/client.ts';
import { autofocused } from '../../components/autofocusedField.ts';
import { AuthLayout } from './AuthLayout.tsx';

const t = publicTexts.forgotPassword;

/** /forgot-password: asks for a reset link; the same confirmation shows whatever the result. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordForm),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { errors, isValid, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    // The answer is deliberately not shown: it would tell who has an account.
    await call(usersApi.forgotPassword, { body: { email } }).catch(() => undefined);
    setSent(true);
  });

  const back = (
    <Anchor component={Link} to="/login" fw={600}>
      {t.login}
    </Anchor>
  );

  if (sent) {
    return (
      <AuthLayout title={t.heading} below={back}>
        <Alert color="blue" icon={<IconMailForward />} role="status">
          {screenMessages.forgotConfirmation}
        </Alert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t.heading} description={t.intro} below={back}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <TextInput
            label={publicTexts.labels.email}
            type="email"
            autoComplete="email"
            required
            autoFocus
            error={errors.email?.message}
            {...autofocused(form.register('email'))}
          />
          <Button type="submit" fullWidth disabled={!isValid} loading={isSubmitting}>
            {t.submit}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
