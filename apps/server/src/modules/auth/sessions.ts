import { security } from '@roomscale/shared';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { afterCommit } from '../../db/afterCommit.ts';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema.ts';
import type { SessionCache } from '../../platform/auth/sessionCache.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';

/**
 * Sessions are refresh-token families. A session ends at a fixed absolute time; each refresh
 * rotates its token, and a rotated token presented again revokes the whole family, since only
 * a copy held by someone else can still present it.
 */

export type StartedSession = { sessionId: string; refreshToken: string };

export async function startSession(
  tx: DbOrTx,
  p: { userId: string; method: string; scope: string; now: Date },
): Promise<StartedSession> {
  const [session] = await tx
    .insert(sessions)
    .values({
      userId: p.userId,
      method: p.method,
      expiresAt: new Date(p.now.getTime() + security.refreshTokenAbsoluteSeconds * 1000),
      created: p.now,
    })
    .returning({ id: sessions.id });
  const refreshToken = await issueRefreshToken(tx, {
    sessionId: session!.id,
    userId: p.userId,
    scope: p.scope,
    now: p.now,
  });
  return { sessionId: session!.id, refreshToken };
}

async function issueRefreshToken(
  tx: DbOrTx,
  p: { sessionId: string; userId: string; scope: string; now: Date },
): Promise<string> {
  const token = randomToken();
  await tx.insert(refreshTokens).values({
    sessionId: p.sessionId,
    userId: p.userId,
    tokenHash: hashToken(token),
    scope: p.scope,
    created: p.now,
  });
  return token;
}

export type RotatedSession = StartedSession & { userId: string; scope: string };

/** Returns null when the token is unknown, already used, or its session is over. */
export async function rotateRefreshToken(
  db: DbOrTx,
  cache: SessionCache,
  token: string,
  now: Date,
): Promise<RotatedSession | null> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    // The conditional update is the race arbiter: of two concurrent uses exactly one gets the row.
    const [used] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({
        sessionId: refreshTokens.sessionId,
        userId: refreshTokens.userId,
        scope: refreshTokens.scope,
      });
    if (!used) {
      const [replayed] = await tx
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (replayed) await revokeSession(tx, cache, replayed.sessionId, now);
      return null;
    }
    const [alive] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, used.sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      );
    if (!alive) return null;
    const refreshToken = await issueRefreshToken(tx, { ...used, now });
    return { ...used, refreshToken };
  });
}

/**
 * Drops what the access check remembers of sessions being ended: now, and again once the change
 * is committed, so a request that looked at the session in between cannot keep it alive.
 */
export function forgetting(db: DbOrTx, forget: () => void) {
  forget();
  afterCommit(db, forget);
}

/** Ends one session: its access tokens stop working and its refresh tokens are dropped. */
export async function revokeSession(db: DbOrTx, cache: SessionCache, sessionId: string, now: Date) {
  forgetting(db, () => cache.forgetSession(sessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, except `keep` (the caller's own, on password change). */
export async function revokeUserSessions(
  db: DbOrTx,
  cache: SessionCache,
  userId: string,
  now: Date,
  keep?: string,
) {
  forgetting(db, () => cache.forgetUser(userId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    );
}

/** Logout: the session ends and its outstanding refresh tokens are deleted. */
export async function endSession(db: DbOrTx, cache: SessionCache, sessionId: string, now: Date) {
  await db.transaction(async (tx) => {
    await revokeSession(tx, cache, sessionId, now);
    await tx.delete(refreshTokens).where(eq(refreshTokens.sessionId, sessionId));
  });
}
