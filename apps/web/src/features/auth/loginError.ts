import { screenMessages } from '@roomscale/shared';
import type { TokenFailure } from '../../api/tokens.ts';

function isTokenFailure(e: unknown): e is TokenFailure {
  return typeof e === 'object' && e !== null && 'status' in e && !(e instanceof Error);
}

/**
 * The login screen's message for a failed login (part1 §8): a reply carrying an error shows the
 * auth service's text; anything else (no connection, no reply, no user) the generic failure.
 */
export function loginErrorText(e: unknown): string {
  if (isTokenFailure(e) && e.error) return screenMessages.loginFailedWith(e.description ?? e.error);
  return screenMessages.loginRequestFailed;
}
