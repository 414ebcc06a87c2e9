import { ssoTexts } from '@roomscale/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLoading } from '../auth/AuthLayout.tsx';
import { SSO_FAILED, SSO_SIGNED_IN, signInOnce, ssoQuery } from './ssoSignIn.ts';

/**
 * /sso/token?u&id&t (part1 §2, §3): where a SAML sign-in comes back with a one-time token. It
 * exchanges the token for a session (the sso_redirect grant), then goes on through team
 * resolution to the dashboard; any failure goes to login with samlerror=not_found. Both replace
 * this entry, so Back does not come here again with a spent token.
 */
export function SsoTokenPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearchParams()[0].toString();
  const query = useMemo(() => ssoQuery(new URLSearchParams(search)), [search]);

  useEffect(() => {
    if (!query) {
      navigate(SSO_FAILED, { replace: true });
      return;
    }
    let active = true;
    void signInOnce(query).then((to) => {
      if (!active) return;
      // Answers cached for whoever used this browser before must not show to this user.
      if (to === SSO_SIGNED_IN) queryClient.clear();
      navigate(to, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [query, navigate, queryClient]);

  return <AuthLoading text={ssoTexts.token.signingIn} />;
}
