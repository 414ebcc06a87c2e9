import { security, type TokenResponse } from '@roomscale/shared';
import type { AppContext } from '../../context.ts';

export type TokenSubject = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  superAdmin: boolean;
};

/** The token response: a signed access token naming the session, and the OpenID id token. */
export async function presentTokens(
  ctx: AppContext,
  p: { user: TokenSubject; sessionId: string; refreshToken: string; scope: string; now: Date },
): Promise<TokenResponse> {
  const name = `${p.user.firstName} ${p.user.lastName}`;
  const identity = { userId: p.user.userId, email: p.user.email, name };
  return {
    access_token: await ctx.jwt.signAccess(
      { ...identity, sessionId: p.sessionId, superAdmin: p.user.superAdmin, scope: p.scope },
      p.now,
    ),
    refresh_token: p.refreshToken,
    expires_in: security.accessTokenSeconds,
    id_token: await ctx.jwt.signId(identity, p.now),
    scope: p.scope,
    token_type: 'Bearer',
  };
}
