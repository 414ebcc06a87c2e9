import {
  META_LOGIN_LABEL,
  META_LOGIN_PROVIDER,
  metaMessages,
  type UserLogin,
} from '@roomscale/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { memberships, userLogins, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/http/problem.ts';
import { type Actor, type PersonActor, recordAudit } from '../audit/record.ts';
import { lockTeam } from '../licenses/accounting.ts';
import { returnUncoveredLicenses } from '../licenses/reconcile.ts';
import { activeMembership } from '../organizations/membership.ts';
import { linkedLoginsOf, removeLinkedLogin } from '../users/logins.ts';
import type { ProvenMetaAccount } from './proof.ts';

/**
 * Linking and unlinking Meta logins: the writes, once Meta has confirmed the account (callers
 * ask Meta first, outside any transaction). Each change is one transaction with its audit entry.
 */

const metaLogin = (userId: string) =>
  and(eq(userLogins.userId, userId), eq(userLogins.loginProviderId, META_LOGIN_PROVIDER));

/** The user's Meta login, if any. */
export async function metaLoginOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: userLogins.id, providerKey: userLogins.providerKey })
    .from(userLogins)
    .where(metaLogin(userId));
  return row;
}

/**
 * Locks the user's row for the rest of the transaction: one link or unlink of theirs at a time,
 * so a second link cannot slip in beside the first (there is no index for one Meta login per user).
 */
async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ hasMetaSubscription: users.hasMetaSubscription })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Sets the user's Meta subscription flag. Losing it takes one license from every team the user
 * is an active member of (`licenses/accounting.ts`), so those teams' uncovered Licenses go back
 * to Trial now, as when a manual license ends — each team locked in id order after the user.
 */
async function setMetaSubscription(
  ctx: AppContext,
  tx: Tx,
  change: { userId: string; from: boolean; to: boolean },
  actor: Actor,
  now: Date,
) {
  if (change.from === change.to) return;
  await tx.update(users).set({ hasMetaSubscription: change.to }).where(eq(users.id, change.userId));
  if (change.to) return;
  const teams = await tx
    .select({ id: memberships.organizationId })
    .from(memberships)
    .where(and(eq(memberships.userId, change.userId), activeMembership()))
    .orderBy(asc(memberships.organizationId));
  for (const team of teams) {
    await lockTeam(tx, team.id);
    await returnUncoveredLicenses(ctx, tx, team.id, now, actor);
  }
}

/**
 * Links the proven Meta account to the actor's account. 409 when the actor has a Meta login
 * already, or when another user has this one (the unique index user_logins_provider_key decides,
 * so two users linking the same account at once cannot both win).
 */
export async function linkMetaLogin(
  ctx: AppContext,
  actor: PersonActor,
  account: ProvenMetaAccount,
): Promise<UserLogin[]> {
  const now = ctx.clock.now();
  const userId = actor.userId;
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (await metaLoginOf(tx, userId)) throw conflict(metaMessages.alreadyLinked);
    const [login] = await tx
      .insert(userLogins)
      .values({
        userId,
        loginProviderId: META_LOGIN_PROVIDER,
        providerKey: account.orgScopedId,
        displayName: META_LOGIN_LABEL,
        created: now,
      })
      .onConflictDoNothing()
      .returning({ id: userLogins.id });
    if (!login) throw conflict(metaMessages.takenByOther);
    const subscription = { userId, from: user.hasMetaSubscription, to: account.subscribed };
    await setMetaSubscription(ctx, tx, subscription, actor, now);
    await recordAudit(tx, now, actor, {
      action: 'login.link',
      entityId: login.id,
      targetUserId: userId,
      ...(subscription.from !== subscription.to && {
        before: { hasMetaSubscription: subscription.from },
      }),
      after: {
        loginProviderId: META_LOGIN_PROVIDER,
        displayName: META_LOGIN_LABEL,
        providerKey: account.orgScopedId,
        ...(subscription.from !== subscription.to && { hasMetaSubscription: subscription.to }),
      },
    });
    return linkedLoginsOf(tx, userId);
  });
}

/**
 * Removes the user's Meta login and with it their Meta subscription. `expectedKey` (the unlink
 * by account) removes it only while it is still that Meta account. Returns false when there is
 * nothing to remove; 409 (removeLinkedLogin) when it is the user's last way to log in.
 */
async function removeMetaLogin(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  actor: Actor,
  expectedKey?: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const user = await lockUser(tx, userId);
  const login = await metaLoginOf(tx, userId);
  if (!login || (expectedKey !== undefined && login.providerKey !== expectedKey)) return false;
  await removeLinkedLogin(tx, userId, META_LOGIN_PROVIDER);
  const subscription = { userId, from: user.hasMetaSubscription, to: false };
  await setMetaSubscription(ctx, tx, subscription, actor, now);
  await recordAudit(tx, now, actor, {
    action: 'login.unlink',
    entityId: login.id,
    targetUserId: userId,
    before: {
      loginProviderId: META_LOGIN_PROVIDER,
      displayName: META_LOGIN_LABEL,
      providerKey: login.providerKey,
      ...(subscription.from && { hasMetaSubscription: true }),
    },
    ...(subscription.from && { after: { hasMetaSubscription: false } }),
  });
  return true;
}

/** DELETE /api/User/Me/LinkedAccounts/Oculus: 409 notLinked when the caller has none. */
export async function unlinkOwnMetaLogin(
  ctx: AppContext,
  actor: PersonActor,
): Promise<UserLogin[]> {
  return ctx.db.transaction(async (tx) => {
    if (!(await removeMetaLogin(ctx, tx, actor.userId, actor))) {
      throw conflict(metaMessages.notLinked);
    }
    return linkedLoginsOf(tx, actor.userId);
  });
}

/**
 * DELETE /api/LinkedAccounts/Oculus: removes the proven Meta account from whichever user has
 * it; nothing when nobody does. The change is recorded as that user's own: whoever holds their
 * Meta account acts for them here.
 */
export async function unlinkMetaAccount(ctx: AppContext, ip: string, orgScopedId: string) {
  const [owner] = await ctx.db
    .select({ userId: userLogins.userId })
    .from(userLogins)
    .where(
      and(
        eq(userLogins.loginProviderId, META_LOGIN_PROVIDER),
        eq(userLogins.providerKey, orgScopedId),
      ),
    );
  if (!owner) return;
  await ctx.db.transaction((tx) =>
    removeMetaLogin(ctx, tx, owner.userId, { userId: owner.userId, ip }, orgScopedId),
  );
}
