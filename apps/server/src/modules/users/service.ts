import type { LoginEntry, Me, MeEdit } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { notFound } from '../../platform/http/problem.ts';
import { endSession } from '../auth/sessions.ts';
import { releaseSeat } from '../seats/service.ts';
import { ssoLoginsOf } from '../sso/providers.ts';
import { assertAvatarAllowed } from './avatar.ts';
import { loadMe } from './meQuery.ts';
import { mayHoldPassword } from './passwords.ts';
import { passwordLoginEntry, presentMe } from './presenter.ts';

export async function getMe(ctx: AppContext, userId: string): Promise<Me> {
  const row = await loadMe(ctx.db, userId);
  if (!row) throw notFound();
  return presentMe(row);
}

export async function editMe(ctx: AppContext, caller: Caller, edit: MeEdit): Promise<Me> {
  assertAvatarAllowed(ctx, edit.readyPlayerMeAvatar, 'readyPlayerMeAvatar');
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(users)
    .set({
      firstName: edit.firstName,
      lastName: edit.lastName,
      position: edit.position,
      avatarUrl: edit.readyPlayerMeAvatar,
      termsAccepted: edit.termsAccepted ? now : undefined,
      privacyAccepted: edit.privacyAccepted ? now : undefined,
      lastModified: now,
      lastModifiedBy: caller.userId,
    })
    .where(eq(users.id, caller.userId))
    .returning({ id: users.id });
  if (!row) throw notFound();
  return getMe(ctx, caller.userId);
}

/**
 * GET /api/LinkedAccounts/Logins: how an address may sign in, for the login screen
 * (docs/sso.md "Finding the way to log in").
 * An unknown address gets what a password user gets, as does an unactivated account, whose
 * owner is still setting up a password, so the answer does not tell strangers which addresses
 * exist. Only an activated account without a password lacks the password entry. Each team
 * single sign-on linked to the account follows, named by its team. The call is rate-limited
 * per client address.
 */
export async function loginsFor(ctx: AppContext, email: string): Promise<LoginEntry[]> {
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, activated: users.activated })
    .from(users)
    .where(eq(users.email, email));
  const offersPassword = !user || mayHoldPassword(user);
  const sso = user ? await ssoLoginsOf(ctx, user.id) : [];
  return [...(offersPassword ? [passwordLoginEntry] : []), ...sso];
}

/** Ends the caller's session; with the key of the seat the caller's device holds, frees it too. */
export async function logout(ctx: AppContext, caller: Caller, seatKey?: string) {
  await ctx.db.transaction(async (tx) => {
    await endSession(tx, ctx.sessionCache, caller.sessionId, ctx.clock.now());
    await releaseSeat(tx, { userId: caller.userId }, seatKey);
  });
}
