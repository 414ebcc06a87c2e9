import { publicTexts, screenMessages } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { call } from '../../api/client.ts';
import { TokenLinkPage } from './TokenLinkPage.tsx';

const t = publicTexts.resetPassword;

/** /reset-password?user&token: a new password from an emailed reset link. */
export function ResetPasswordPage() {
  return (
    <TokenLinkPage
      heading={t.heading}
      intro={t.intro}
      submitLabel={t.submit}
      passwordLabel={publicTexts.labels.newPassword}
      send={(link, { password, confirmPassword }) =>
        call(usersApi.resetPassword, {
          body: { ...link, password, passwordConfirm: confirmPassword },
        })
      }
      done={{
        title: t.successTitle,
        message: t.success,
        links: [{ to: '/login', label: t.login }],
      }}
      rejected={{
        title: t.heading,
        message: screenMessages.resetFailed,
        links: [
          { to: '/login', label: t.login },
          { to: '/forgot-password', label: t.requestNew },
        ],
      }}
    />
  );
}
