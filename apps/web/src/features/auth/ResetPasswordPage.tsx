import { Alert, Stack } from '@mantine/core';
import { publicTexts, type ResetPasswordCommand, screenMessages } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { LinkOutcome } from './LinkOutcome.tsx';
import { linkParams, postLinkCommand } from './linkFailure.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';

const t = publicTexts.resetPassword;
type Outcome = 'form' | 'done' | 'rejected';

/** /reset-password?user&token: a new password from an emailed reset link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const link = linkParams(params);
  const [outcome, setOutcome] = useState<Outcome>(link ? 'form' : 'rejected');
  const [retryError, setRetryError] = useState<string | null>(null);

  if (outcome === 'done') {
    return (
      <LinkOutcome
        title={t.successTitle}
        success
        message={t.success}
        links={[{ to: '/login', label: t.login }]}
      />
    );
  }

  if (outcome === 'rejected' || !link) {
    return (
      <LinkOutcome
        title={t.heading}
        success={false}
        message={screenMessages.resetFailed}
        links={[
          { to: '/login', label: t.login },
          { to: '/forgot-password', label: t.requestNew },
        ]}
      />
    );
  }

  const submit = async ({
    password,
    confirmPassword,
  }: {
    password: string;
    confirmPassword: string;
  }) => {
    setRetryError(null);
    const body: ResetPasswordCommand = { ...link, password, passwordConfirm: confirmPassword };
    const sent = await postLinkCommand(() => call(usersApi.resetPassword, { body }));
    if (sent.kind === 'retry') setRetryError(sent.message);
    else setOutcome(sent.kind === 'accepted' ? 'done' : 'rejected');
  };

  return (
    <AuthLayout title={t.heading} description={t.intro}>
      {retryError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {retryError}
        </Alert>
      )}
      <Stack gap="md">
        <NewPasswordForm
          submitLabel={t.submit}
          passwordLabel={publicTexts.labels.newPassword}
          onSubmit={submit}
        />
      </Stack>
    </AuthLayout>
  );
}
