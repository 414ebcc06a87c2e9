import { session } from '../../session/session.ts';
import { DEFAULT_TARGET, withTarget } from '../auth/targetRoute.ts';

/** Where a failed single sign-on lands: the login page shows the SAML failure (part1 §8). */
export const SSO_FAILED = '/login?samlerror=not_found';
/** A signed-in user goes on through team resolution to the dashboard, as after a password login. */
export const SSO_SIGNED_IN = withTarget('/organization/resolve', DEFAULT_TARGET);

export type SsoQuery = { userId: string; loginProviderId: string; token: string };

/** The /sso/token query (u, id, t), or null when a value is missing. */
export function ssoQuery(params: URLSearchParams): SsoQuery | null {
  const userId = params.get('u')?.trim();
  const loginProviderId = params.get('id')?.trim();
  const token = params.get('t')?.trim();
  return userId && loginProviderId && token ? { userId, loginProviderId, token } : null;
}

/**
 * Sign-ins started on this page load, by their query. The one-time token works once, and React
 * runs a screen's effects twice in development (StrictMode) and may mount it again: every run
 * then waits for the same exchange instead of spending the token a second time.
 */
const started = new Map<string, Promise<string>>();

/** Exchanges the one-time token for a session; answers where to go next. Never rejects. */
export function signInOnce(q: SsoQuery): Promise<string> {
  const key = JSON.stringify([q.userId, q.loginProviderId, q.token]);
  let attempt = started.get(key);
  if (!attempt) {
    attempt = session.loginWithSso(q.userId, q.loginProviderId, q.token).then(
      () => SSO_SIGNED_IN,
      () => SSO_FAILED,
    );
    started.set(key, attempt);
  }
  return attempt;
}
