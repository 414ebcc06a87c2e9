import { type LoginEntry, normalizedEmail, PASSWORD_LOGIN_PROVIDER } from '@roomscale/shared';
import { firstLoadCalls } from '@roomscale/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** The email as the logins lookup wants it, or null while it is not a valid address. */
export const lookupEmail = normalizedEmail;

/** The single sign-on providers of a login list: every entry except the password login. */
export function ssoProviders(logins: readonly LoginEntry[]): LoginEntry[] {
  return logins.filter((l) => l.loginProviderId !== PASSWORD_LOGIN_PROVIDER);
}

/** Browser navigation target of a single sign-on button. */
export const ssoHref = (loginProviderId: string) => `/saml/${encodeURIComponent(loginProviderId)}`;

/** GET /api/LinkedAccounts/Logins?email for the login screen; a failed lookup shows nothing. */
export function useLoginProviders(email: string | null) {
  return useQuery({
    queryKey: ['loginProviders', email],
    queryFn: ({ signal }) => call(firstLoadCalls.logins, { query: { email: email ?? '' }, signal }),
    enabled: email !== null,
    staleTime: 60_000,
    retry: false,
  });
}
