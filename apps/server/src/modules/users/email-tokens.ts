import { security } from '@roomscale/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userTokens } from '../../db/schema.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';

export type TokenPurpose = 'activation' | 'reset';

const lifetimeSeconds: Record<TokenPurpose, number> = {
  activation: security.activationTokenSeconds,
  reset: security.resetTokenSeconds,
};

/** A new single-use emailed token; only its hash is stored. */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string> {
  const token = randomToken();
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + lifetimeSeconds[purpose] * 1000),
    created: now,
  });
  return token;
}

/** Marks the token used if it is this user's, of this purpose, unexpired and unused; atomic. */
export async function consumeEmailToken(
  db: DbOrTx,
  p: { userId: string; token: string; purpose: TokenPurpose; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: p.now })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(p.token)),
        eq(userTokens.userId, p.userId),
        eq(userTokens.purpose, p.purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, p.now),
      ),
    )
    .returning({ id: userTokens.id });
  return rows.length === 1;
}

/** Retires a user's outstanding tokens of one purpose, so only the newest link works. */
export async function retireEmailTokens(
  db: DbOrTx,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
) {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
}
