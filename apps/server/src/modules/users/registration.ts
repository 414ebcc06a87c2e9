import type { RegisterBody, Registration } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { createTeam } from '../organizations/service.ts';
import { ssoLoginsOf } from '../sso/providers.ts';
import { assertAvatarAllowed, defaultAvatarUrl } from './avatar.ts';
import { issueEmailToken } from './email-tokens.ts';
import {
  activationEmail,
  alreadyRegisteredEmail,
  ssoOnlyAlreadyRegisteredEmail,
} from './emails.ts';
import { mayHoldPassword } from './passwords.ts';

/**
 * PUT /api/Users/Register. A new address gets an unactivated account and an activation link.
 * A registered address gets the same answer, and its owner an email saying they already have
 * an account, so the response never tells whether an address is registered.
 */
export async function register(ctx: AppContext, body: RegisterBody): Promise<void> {
  const { user, organization } = 'user' in body ? body : { user: body, organization: undefined };
  assertAvatarAllowed(
    ctx,
    'readyPlayerMeAvatar' in user ? user.readyPlayerMeAvatar : null,
    'user.readyPlayerMeAvatar',
  );
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        privacyAccepted: now,
        termsAccepted: now,
        avatarUrl: avatarOf(ctx, user),
        created: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) return null;
    const token = await issueEmailToken(tx, row.id, 'activation', now);
    if (organization) await createTeam(tx, row.id, organization, now);
    await enqueueMail(ctx, tx, activationEmail(ctx.config, row, token));
    return row;
  });
  if (created) return;
  const [existing] = await ctx.db.select().from(users).where(eq(users.email, user.email));
  if (!existing) return;
  const mail = mayHoldPassword(existing)
    ? alreadyRegisteredEmail(ctx.config, existing)
    : ssoOnlyAlreadyRegisteredEmail(
        ctx.config,
        existing,
        (await ssoLoginsOf(ctx, existing.id)).map((l) => l.displayName),
      );
  await enqueueMail(ctx, ctx.db, mail);
}

function avatarOf(ctx: AppContext, user: Partial<Registration['user']>): string | null {
  if (user.readyPlayerMeAvatar) return user.readyPlayerMeAvatar;
  return user.setDefaultReadyPlayerMeAvatar ? defaultAvatarUrl(ctx) : null;
}
