import {
  type ChangePasswordCommand,
  type ConfirmCommand,
  type ResetPasswordCommand,
  serverMessages,
} from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import type { Caller } from '../../platform/http/access.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/problem.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { clearAccountThrottle } from '../auth/throttle.ts';
import { ssoLoginsOf } from '../sso/providers.ts';
import { consumeEmailToken, issueEmailToken, retireEmailTokens } from './email-tokens.ts';
import { resetPasswordEmail, ssoOnlyResetEmail } from './emails.ts';

type PasswordState = { activated: boolean; passwordHash: string | null };

/**
 * Whether an account may hold a password: it has one, or it still awaits activation (its owner
 * was given a password to choose: registration, a super admin's new user, a team's invitation
 * with a password). An activated account without one signs in with single sign-on only, as its
 * team chose: no emailed link gives it a password (docs/sso.md).
 */
export const mayHoldPassword = (u: PasswordState) => u.passwordHash !== null || !u.activated;

/**
 * The user row, locked for the password change, if its account may hold a password. A link of
 * any kind for any other account is refused as an invalid link, and nothing is written.
 */
async function passwordAccount(tx: Tx, userId: string) {
  const [user] = await tx
    .select({ activated: users.activated, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user || !mayHoldPassword(user)) throw badRequest(serverMessages.invalidToken);
}

/** POST /api/Users/Confirm: the activation link sets the first password. */
export async function confirmAccount(ctx: AppContext, cmd: ConfirmCommand) {
  const passwordHash = await hashPassword(cmd.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await passwordAccount(tx, cmd.userId);
    const ok = await consumeEmailToken(tx, { ...cmd, purpose: 'activation', now });
    if (!ok) throw badRequest(serverMessages.invalidToken);
    await tx
      .update(users)
      .set({ passwordHash, activated: true, lastModified: now })
      .where(eq(users.id, cmd.userId));
  });
}

/**
 * POST /api/Users/ForgotPassword. Known and unknown addresses run the same statements (for an
 * unknown one they touch no rows), but for the queued mail's row, and the mail leaves after the
 * answer, so neither the answer nor its timing tells whether an address is registered.
 * Unactivated users may reset too: the link proves the address, so resetting activates them.
 * An account that signs in with single sign-on only gets no reset link but a mail that says how
 * to sign in (the same answer to the caller): a reset must not give it a password.
 */
export async function forgotPassword(ctx: AppContext, email: string) {
  const now = ctx.clock.now();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const ssoTeams =
    user && !mayHoldPassword(user)
      ? (await ssoLoginsOf(ctx, user.id)).map((l) => l.displayName)
      : null;
  await ctx.db.transaction(async (tx) => {
    await retireEmailTokens(tx, user?.id ?? NO_USER, 'reset', now);
    if (!user) return;
    if (ssoTeams) {
      await enqueueMail(ctx, tx, ssoOnlyResetEmail(ctx.config, user, ssoTeams));
      return;
    }
    const token = await issueEmailToken(tx, user.id, 'reset', now);
    await enqueueMail(ctx, tx, resetPasswordEmail(ctx.config, user, token));
  });
}

const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * POST /api/Users/ResetPassword: a new password, every session of the account ends, and the
 * sign-in throttle of the account is cleared. Only for an account that may hold a password.
 */
export async function resetPassword(ctx: AppContext, cmd: ResetPasswordCommand) {
  const passwordHash = await hashPassword(cmd.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await passwordAccount(tx, cmd.userId);
    const ok = await consumeEmailToken(tx, { ...cmd, purpose: 'reset', now });
    if (!ok) throw badRequest(serverMessages.invalidToken);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, activated: true, lastModified: now, lastModifiedBy: cmd.userId })
      .where(eq(users.id, cmd.userId))
      .returning({ email: users.email });
    await retireEmailTokens(tx, cmd.userId, 'reset', now);
    await revokeUserSessions(tx, ctx.sessionCache, cmd.userId, now);
    // The owner proved the address: whatever slowed or locked sign-ins to it is lifted.
    if (user) await clearAccountThrottle(tx, user.email);
  });
}

/** POST /api/Users/ChangePassword: other sessions end; the caller's stays signed in. */
export async function changePassword(ctx: AppContext, caller: Caller, cmd: ChangePasswordCommand) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw notFound();
  if (!user.passwordHash) throw badRequest(serverMessages.noPasswordLogin);
  if (!(await verifyPassword(user.passwordHash, cmd.currentPassword))) {
    throw fieldError('currentPassword', serverMessages.wrongCurrentPassword);
  }
  const passwordHash = await hashPassword(cmd.newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, lastModified: now, lastModifiedBy: caller.userId })
      .where(eq(users.id, caller.userId));
    await revokeUserSessions(tx, ctx.sessionCache, caller.userId, now, caller.sessionId);
  });
  return true as const;
}
