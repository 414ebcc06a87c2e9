import type { TokenError } from '@roomscale/shared';

/** A failed token request: answered as an OAuth2 error body (RFC 6749 §5.2), not a problem. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: TokenError['error'],
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }

  get body(): TokenError {
    return { error: this.error, error_description: this.description };
  }
}

export const invalidRequest = (description: string) =>
  new OAuthError(400, 'invalid_request', description);
export const invalidGrant = (description: string) =>
  new OAuthError(400, 'invalid_grant', description);
export const invalidScope = (description: string) =>
  new OAuthError(400, 'invalid_scope', description);
export const unsupportedGrantType = (description: string) =>
  new OAuthError(400, 'unsupported_grant_type', description);
/** A throttled attempt: try again after `seconds` (RFC 6749 body, RFC 9110 Retry-After). */
export const slowDown = (description: string, seconds: number) =>
  new OAuthError(429, 'slow_down', description, { 'retry-after': String(seconds) });
