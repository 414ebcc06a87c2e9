import {
  type GrantType,
  GrantTypes,
  TOKEN_SCOPE,
  type TokenRequest,
  type TokenResponse,
  tokenMessages,
  tokenRequest,
} from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { verifyAgainstDummy, verifyPassword } from '../../platform/auth/password.ts';
import { invalidGrant, invalidRequest, slowDown, unsupportedGrantType } from './errors.ts';
import { presentTokens, type TokenSubject } from './presenter.ts';
import { grantedScope, narrowedScope } from './scope.ts';
import { rotateRefreshToken, startSession } from './sessions.ts';
import { recordFailure, recordSuccess, secondsToWait, throttleKeys } from './throttle.ts';

type GrantMeta = { ip: string; now: Date };
type GrantHandler = (
  ctx: AppContext,
  input: TokenRequest,
  meta: GrantMeta,
) => Promise<TokenResponse>;

/** One handler per supported grant; `sso_redirect` joins when single sign-on lands. */
const grants: Partial<Record<GrantType, GrantHandler>> = {
  password: passwordGrant,
  refresh_token: refreshGrant,
};

/** POST /api/connect/token: validates the raw form and runs its grant. */
export async function exchangeToken(
  ctx: AppContext,
  body: unknown,
  ip: string,
): Promise<TokenResponse> {
  const input = readTokenRequest(body);
  const grant = grants[input.grant_type];
  if (!grant) throw unsupportedGrantType(tokenMessages.unsupportedGrantType);
  return grant(ctx, input, { ip, now: ctx.clock.now() });
}

function readTokenRequest(body: unknown): TokenRequest {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const grantType = fields.grant_type;
  if (grantType === undefined || grantType === '') {
    throw invalidRequest(tokenMessages.missingGrantType);
  }
  if (typeof grantType === 'string' && !(GrantTypes as readonly string[]).includes(grantType)) {
    throw unsupportedGrantType(tokenMessages.unsupportedGrantType);
  }
  const parsed = tokenRequest.safeParse(fields);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'request');
    throw invalidRequest(tokenMessages.invalidParameter(field));
  }
  return parsed.data;
}

async function passwordGrant(
  ctx: AppContext,
  input: TokenRequest,
  meta: GrantMeta,
): Promise<TokenResponse> {
  const email = input.username?.trim().toLowerCase();
  if (!email) throw invalidRequest(tokenMessages.missingParameter('username'));
  if (!input.password) throw invalidRequest(tokenMessages.missingParameter('password'));
  const scope = grantedScope(input.scope);
  const keys = throttleKeys(email, meta.ip);
  const wait = await secondsToWait(ctx.db, keys, meta.now);
  if (wait > 0) throw slowDown(tokenMessages.tooManyAttempts, wait);

  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  // Unknown users cost the same hashing as known ones, so timing does not tell them apart.
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password).then(() => false);
  // Wrong password, unknown address and an account awaiting activation (which has no password
  // yet) get one and the same answer, so it cannot be used to probe addresses.
  if (!user || !passwordOk) {
    await recordFailure(ctx.db, keys, meta.now);
    throw invalidGrant(tokenMessages.invalidCredentials);
  }
  // Only someone who knows the password learns that the account still awaits activation.
  if (!user.activated) throw invalidGrant(tokenMessages.notActivated);

  const started = await ctx.db.transaction(async (tx) => {
    await recordSuccess(tx, keys, meta.now);
    return startSession(tx, { userId: user.id, method: 'password', scope, now: meta.now });
  });
  return presentTokens(ctx, { user: subjectOf(user), ...started, scope, now: meta.now });
}

async function refreshGrant(
  ctx: AppContext,
  input: TokenRequest,
  meta: GrantMeta,
): Promise<TokenResponse> {
  if (!input.refresh_token) throw invalidRequest(tokenMessages.missingParameter('refresh_token'));
  // Checked before rotating, so a bad scope does not burn the token.
  grantedScope(input.scope, TOKEN_SCOPE);
  const rotated = await rotateRefreshToken(ctx.db, input.refresh_token, meta.now);
  if (!rotated) throw invalidGrant(tokenMessages.invalidRefreshToken);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, rotated.userId));
  if (!user) throw invalidGrant(tokenMessages.invalidRefreshToken);
  const scope = narrowedScope(input.scope, rotated.scope);
  return presentTokens(ctx, { user: subjectOf(user), ...rotated, scope, now: meta.now });
}

const subjectOf = (u: typeof users.$inferSelect): TokenSubject => ({
  userId: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  superAdmin: u.superAdmin,
});
