import { TextInput } from '@mantine/core';
import { publicTexts, screenMessages } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { session } from '../../session/session.ts';
import { TokenLinkPage } from './TokenLinkPage.tsx';
import { DEFAULT_TARGET, withTarget } from './targetRoute.ts';

const t = publicTexts.activate;

/**
 * /activate-account?user&token&email: the new user sets a password, is logged in and goes on to
 * team resolution.
 */
export function ActivateAccountPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  return (
    <TokenLinkPage
      heading={t.heading}
      intro={t.intro}
      submitLabel={t.submit}
      passwordLabel={publicTexts.labels.password}
      send={(link, { password, confirmPassword }) =>
        call(usersApi.confirm, { body: { ...link, password, confirmPassword } })
      }
      onAccepted={async ({ password }) => {
        if (!email) throw new Error('no email in the link');
        await session.login(email, password);
        navigate(withTarget('/organization/resolve', DEFAULT_TARGET), { replace: true });
      }}
      // Activated, but the automatic login did not work: log in by hand.
      done={{
        title: t.heading,
        message: t.activatedLoginFailed,
        links: [{ to: '/login', label: t.login }],
      }}
      rejected={{
        title: t.heading,
        message: screenMessages.activationFailed,
        links: [
          { to: '/forgot-password', label: t.resetPassword },
          { to: '/register', label: t.register },
        ],
      }}
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
    </TokenLinkPage>
  );
}
