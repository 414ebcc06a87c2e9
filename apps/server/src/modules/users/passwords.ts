import {
  type ChangePasswordCommand,
  type ConfirmCommand,
  type ResetPasswordCommand,
  serverMessages,
} from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import type { Caller } from '../../platform/http/access.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/problem.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { clearAccountThrottle } from '../auth/throttle.ts';
import { consumeEmailToken, issueEmailToken, retireEmailTokens } from './email-tokens.ts';
import { resetPasswordEmail } from './emails.ts';

/** POST /api/Users/Confirm: the activation link sets the first password. */
export async function confirmAccount(ctx: AppContext, cmd: ConfirmCommand) {
  const passwordHash = await hashPassword(cmd.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
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
 * answer, so neither the answer nor its timing tells whether an address is registered. Unactivated users may reset too: the
 * link proves the address, so resetting activates them.
 */
export async function forgotPassword(ctx: AppContext, email: string) {
  const now = ctx.clock.now();
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  await ctx.db.transaction(async (tx) => {
    await retireEmailTokens(tx, user?.id ?? NO_USER, 'reset', now);
    if (!user) return;
    const token = await issueEmailToken(tx, user.id, 'reset', now);
    await enqueueMail(ctx, tx, resetPasswordEmail(ctx.config, user, token));
  });
}

const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * POST /api/Users/ResetPassword: a new password, every session of the account ends, and the
 * sign-in throttle of the account is cleared.
 */
export async function resetPassword(ctx: AppContext, cmd: ResetPasswordCommand) {
  const passwordHash = await hashPassword(cmd.password);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const ok = await consumeEmailToken(tx, { ...cmd, purpose: 'reset', now });
    if (!ok) throw badRequest(serverMessages.invalidToken);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, activated: true, lastModified: now, lastModifiedBy: cmd.userId })
      .where(eq(users.id, cmd.userId))
      .returning({ email: users.email });
    await retireEmailTokens(tx, cmd.userId, 'reset', now);
    await revokeUserSessions(tx, cmd.userId, now);
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
    await revokeUserSessions(tx, caller.userId, now, caller.sessionId);
  });
  return true as const;
}
