import { ssoMessages, type UserLogin } from '@roomscale/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { userLogins, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/http/problem.ts';

/** The caller's linked logins (single sign-on per team, Meta), oldest first. */
export async function linkedLoginsOf(db: DbOrTx, userId: string): Promise<UserLogin[]> {
  return db
    .select({
      loginProviderId: userLogins.loginProviderId,
      displayName: userLogins.displayName,
      userKey: userLogins.providerKey,
    })
    .from(userLogins)
    .where(eq(userLogins.userId, userId))
    .orderBy(asc(userLogins.created), asc(userLogins.loginProviderId));
}

/**
 * Removes one of a user's linked logins, refusing to take away their last way to sign in (a
 * password or another linked login). The user row is locked first, so two removals at once
 * cannot each see the other's login and leave none.
 */
export async function removeLinkedLogin(tx: Tx, userId: string, loginProviderId: string) {
  const [user] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound();
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userLogins)
    .where(and(eq(userLogins.userId, userId), ne(userLogins.loginProviderId, loginProviderId)));
  const removed = await tx
    .delete(userLogins)
    .where(and(eq(userLogins.userId, userId), eq(userLogins.loginProviderId, loginProviderId)))
    .returning({ providerKey: userLogins.providerKey, displayName: userLogins.displayName });
  if (removed.length === 0) throw conflict(ssoMessages.notLinked);
  if (user.passwordHash === null && (others?.n ?? 0) === 0) throw conflict(ssoMessages.lastLogin);
  return removed[0]!;
}
