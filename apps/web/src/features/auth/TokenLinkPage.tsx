import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from './AuthLayout.tsx';
import { LinkOutcome } from './LinkOutcome.tsx';
import { linkParams, postLinkCommand } from './linkFailure.ts';
import { NewPasswordForm } from './NewPasswordForm.tsx';

type Outcome = { title: string; message: string; links: readonly { to: string; label: string }[] };
type TokenLink = { userId: string; token: string };
type Passwords = { password: string; confirmPassword: string };

/**
 * The frame of a screen an emailed link opens with `?user&token` (activation, password reset):
 * a new password form; a link that is incomplete, spent or refused shows `rejected` with ways
 * onward; a lost connection or a server fault keeps the form with the reason, to try again. Once
 * the server accepts, `onAccepted` goes on (a login, say); without it, or when it throws, the
 * screen shows `done`.
 */
export function TokenLinkPage({
  heading,
  intro,
  submitLabel,
  passwordLabel,
  send,
  onAccepted,
  done,
  rejected,
  children,
}: {
  heading: string;
  intro: string;
  submitLabel: string;
  passwordLabel: string;
  /** Sends the link with the new password. */
  send: (link: TokenLink, passwords: Passwords) => Promise<{ success: boolean }>;
  onAccepted?: (passwords: Passwords) => Promise<void>;
  done: Outcome;
  rejected: Outcome;
  /** Fields shown above the passwords. */
  children?: ReactNode;
}) {
  const [params] = useSearchParams();
  const link = linkParams(params);
  const [outcome, setOutcome] = useState<'form' | 'done' | 'rejected'>(link ? 'form' : 'rejected');
  const [retryError, setRetryError] = useState<string | null>(null);

  if (outcome === 'done') return <LinkOutcome {...done} success />;
  if (outcome === 'rejected' || !link) return <LinkOutcome {...rejected} success={false} />;

  const submit = async (passwords: Passwords) => {
    setRetryError(null);
    const sent = await postLinkCommand(() => send(link, passwords));
    if (sent.kind === 'retry') {
      setRetryError(sent.message);
      return;
    }
    if (sent.kind === 'rejected') {
      setOutcome('rejected');
      return;
    }
    if (!onAccepted) {
      setOutcome('done');
      return;
    }
    try {
      await onAccepted(passwords);
    } catch {
      setOutcome('done');
    }
  };

  return (
    <AuthLayout title={heading} description={intro}>
      {retryError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {retryError}
        </Alert>
      )}
      <NewPasswordForm submitLabel={submitLabel} passwordLabel={passwordLabel} onSubmit={submit}>
        {children}
      </NewPasswordForm>
    </AuthLayout>
  );
}
