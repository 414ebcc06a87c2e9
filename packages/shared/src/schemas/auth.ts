import { GrantTypes } from '../enums.ts';
import { limits } from '../limits.ts';
import { z } from '../zodErrors.ts';

/** POST /api/connect/token, form-encoded (part1 §7). */
export const tokenRequest = z.object({
  grant_type: z.enum(GrantTypes),
  username: z.string().max(limits.emailMax).optional(),
  password: z.string().max(limits.passwordMax).optional(),
  refresh_token: z.string().max(512).optional(),
  scope: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  identity_provider: z.string().max(200).optional(),
  access_token: z.string().max(4096).optional(),
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  id_token: z.string(),
  scope: z.string(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** OAuth2 error body (RFC 6749 §5.2). */
export const tokenError = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_grant',
    'invalid_client',
    'unsupported_grant_type',
    'invalid_scope',
    'slow_down',
  ]),
  error_description: z.string(),
});
export type TokenError = z.infer<typeof tokenError>;

/** Claims of our access tokens. */
export type AccessClaims = {
  sub: string;
  email: string;
  name: string;
  super_admin: boolean;
  scope: string;
};
