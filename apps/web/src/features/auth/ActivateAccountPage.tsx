import { Alert, TextInput } from '@mantine/core';
import { type ConfirmCommand, publicTexts, screenMessages } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { session } from '../../session/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { LinkOutcome } from './LinkOutcome.tsx';
import { linkParams, postLinkCommand } from './linkFailure.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { DEFAULT_TARGET, withTarget } from './targetRoute.ts';

const t = publicTexts.activate;
type Outcome = 'form' | 'rejected' | 'activated';

/**
 * /activate-account?user&token&email: the new user sets a password, is logged in and goes on to
 * team resolution.
 */
export function ActivateAccountPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = linkParams(params);
  const email = params.get('email')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>(link ? 'form' : 'rejected');
  const [retryError, setRetryError] = useState<string | null>(null);

  if (outcome === 'activated') {
    // Activated, but the automatic login did not work: log in by hand.
    return (
      <LinkOutcome
        title={t.heading}
        success
        message={t.activatedLoginFailed}
        links={[{ to: '/login', label: t.login }]}
      />
    );
  }

  if (outcome === 'rejected' || !link) {
    return (
      <LinkOutcome
        title={t.heading}
        success={false}
        message={screenMessages.activationFailed}
        links={[
          { to: '/forgot-password', label: t.resetPassword },
          { to: '/register', label: t.register },
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
    const body: ConfirmCommand = { ...link, password, confirmPassword };
    const sent = await postLinkCommand(() => call(usersApi.confirm, { body }));
    if (sent.kind === 'retry') {
      setRetryError(sent.message);
      return;
    }
    if (sent.kind === 'rejected') {
      setOutcome('rejected');
      return;
    }
    try {
      if (!email) throw new Error('no email in the link');
      await session.login(email, password);
      navigate(withTarget('/organization/resolve', DEFAULT_TARGET), { replace: true });
    } catch {
      setOutcome('activated');
    }
  };

  return (
    <AuthLayout title={t.heading} description={t.intro}>
      {retryError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {retryError}
        </Alert>
      )}
      <NewPasswordForm
        submitLabel={t.submit}
        passwordLabel={publicTexts.labels.password}
        onSubmit={submit}
      >
        {email && (
          <TextInput
            label={publicTexts.labels.email}
            value={email}
            readOnly
            autoComplete="username"
            variant="filled"
          />
        )}
      </NewPasswordForm>
    </AuthLayout>
  );
}
