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
import { redeemSsoToken } from '../sso/tokens.ts';
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

/** One handler per supported grant. */
const grants: Record<GrantType, GrantHandler> = {
  password: passwordGrant,
  refresh_token: refreshGrant,
  sso_redirect: ssoRedirectGrant,
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
  const rotated = await rotateRefreshToken(ctx.db, ctx.sessionCache, input.refresh_token, meta.now);
  if (!rotated) throw invalidGrant(tokenMessages.invalidRefreshToken);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, rotated.userId));
  if (!user) throw invalidGrant(tokenMessages.invalidRefreshToken);
  const scope = narrowedScope(input.scope, rotated.scope);
  return presentTokens(ctx, { user: subjectOf(user), ...rotated, scope, now: meta.now });
}

/**
 * grant_type=sso_redirect (part1 §7): the one-time token a verified SAML response left for the
 * browser (docs/sso.md): username is the user's id, identity_provider the login provider id and
 * access_token the token. It works once, within its minute, for that user and provider only.
 */
async function ssoRedirectGrant(
  ctx: AppContext,
  input: TokenRequest,
  meta: GrantMeta,
): Promise<TokenResponse> {
  for (const field of ['username', 'identity_provider', 'access_token'] as const) {
    if (!input[field]) throw invalidRequest(tokenMessages.missingParameter(field));
  }
  const userId = input.username!;
  if (!isUuid(userId)) throw invalidGrant(tokenMessages.invalidSsoToken);
  const scope = grantedScope(input.scope);
  const started = await ctx.db.transaction(async (tx) => {
    const key = await redeemSsoToken(tx, {
      purpose: 'login',
      token: input.access_token!,
      userId,
      providerId: input.identity_provider!,
      now: meta.now,
    });
    if (key === null) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) return null;
    const session = await startSession(tx, {
      userId,
      method: 'sso_redirect',
      scope,
      now: meta.now,
    });
    return { user, session };
  });
  if (!started) throw invalidGrant(tokenMessages.invalidSsoToken);
  return presentTokens(ctx, {
    user: subjectOf(started.user),
    ...started.session,
    scope,
    now: meta.now,
  });
}

const isUuid = (s: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

const subjectOf = (u: typeof users.$inferSelect): TokenSubject => ({
  userId: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  superAdmin: u.superAdmin,
});
