import { type LinkUpdate, ssoMessages, type UserLogin } from '@roomscale/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { organizations, samlProviders, userLogins } from '../../db/schema.ts';
import { badRequest, conflict, forbidden } from '../../platform/http/problem.ts';
import { type PersonActor, recordAudit } from '../audit/record.ts';
import { memberOfTeam } from '../organizations/membership.ts';
import { linkedLoginsOf, removeLinkedLogin } from '../users/logins.ts';
import { signInUrlOrThrow } from './start.ts';
import { redeemSsoToken } from './tokens.ts';

/** A team's provider the user belongs to, with the team's name; null when there is none. */
async function providerOfMember(ctx: AppContext, userId: string, providerId: string) {
  const [row] = await ctx.db
    .select({
      id: samlProviders.id,
      organizationId: samlProviders.organizationId,
      name: organizations.name,
    })
    .from(samlProviders)
    .innerJoin(organizations, eq(organizations.id, samlProviders.organizationId))
    .where(
      and(
        eq(samlProviders.id, providerId),
        memberOfTeam(sql`${samlProviders.organizationId}`, userId),
      ),
    );
  return row ?? null;
}

/**
 * GET /api/User/Me/LinkedAccounts/Saml/{id}: where the browser signs in at a team's identity
 * provider to prove the account to link. Only for a team the caller belongs to.
 */
export async function startSamlLink(ctx: AppContext, userId: string, providerId: string) {
  const provider = await providerOfMember(ctx, userId, providerId);
  if (!provider) throw forbidden(ssoMessages.providerNotYours);
  const url = await signInUrlOrThrow(
    ctx,
    provider.id,
    { purpose: 'link', userId },
    ssoMessages.providerUnknown,
  );
  return { url };
}

/**
 * POST /api/User/Me/LinkedAccount (docs/sso.md "Linking"): adding needs the proof the identity
 * provider's sign-in left for this caller; removing refuses to take the last way to log in.
 */
export async function updateLinkedLogin(
  ctx: AppContext,
  actor: PersonActor,
  update: LinkUpdate,
): Promise<UserLogin[]> {
  const userId = actor.userId;
  const now = ctx.clock.now();
  if (!update.add) {
    await ctx.db.transaction(async (tx) => {
      const removed = await removeLinkedLogin(tx, userId, update.loginProviderId);
      await recordAudit(tx, now, actor, {
        action: 'login.unlink',
        targetUserId: userId,
        before: { loginProviderId: update.loginProviderId, displayName: removed.displayName },
      });
    });
    return linkedLoginsOf(ctx.db, userId);
  }

  if (!update.linkToken)
    throw badRequest(ssoMessages.linkProofMissing, { linkToken: [ssoMessages.linkProofMissing] });
  const provider = await providerOfMember(ctx, userId, update.loginProviderId);
  if (!provider) throw forbidden(ssoMessages.providerNotYours);
  try {
    await ctx.db.transaction(async (tx) => {
      const key = await redeemSsoToken(tx, {
        purpose: 'link',
        token: update.linkToken!,
        userId,
        providerId: provider.id,
        now,
      });
      if (key === null)
        throw badRequest(ssoMessages.linkProofMissing, {
          linkToken: [ssoMessages.linkProofMissing],
        });
      const [existing] = await tx
        .select({ id: userLogins.id })
        .from(userLogins)
        .where(and(eq(userLogins.userId, userId), eq(userLogins.loginProviderId, provider.id)));
      if (existing) throw conflict(ssoMessages.alreadyLinked);
      await tx.insert(userLogins).values({
        userId,
        loginProviderId: provider.id,
        providerKey: key,
        displayName: provider.name,
        created: now,
      });
      await recordAudit(tx, now, actor, {
        action: 'login.link',
        organizationId: provider.organizationId,
        targetUserId: userId,
        after: { loginProviderId: provider.id, displayName: provider.name, userKey: key },
      });
    });
  } catch (err) {
    // The identity provider's account is someone else's login already (user_logins_provider_key).
    if (sqlState(err) === UNIQUE_VIOLATION) throw conflict(ssoMessages.loginTakenByOther);
    throw err;
  }
  return linkedLoginsOf(ctx.db, userId);
}
