import { security } from '@roomscale/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ssoTokens } from '../../db/schema.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';

type Purpose = 'login' | 'link';

/** A one-time token for the browser to carry from the consumer to the next step. */
export async function issueSsoToken(
  db: DbOrTx,
  p: { purpose: Purpose; userId: string; providerId: string; providerKey: string; now: Date },
): Promise<string> {
  await db.delete(ssoTokens).where(lt(ssoTokens.expiresAt, p.now));
  const token = randomToken();
  await db.insert(ssoTokens).values({
    tokenHash: hashToken(token),
    purpose: p.purpose,
    userId: p.userId,
    providerId: p.providerId,
    providerKey: p.providerKey,
    expiresAt: new Date(p.now.getTime() + security.ssoTokenSeconds * 1000),
  });
  return token;
}

/**
 * Uses a token up: it must be unused, unexpired and issued for this purpose, user and provider.
 * One conditional update, so two redemptions at once cannot both succeed. Returns the
 * identity provider's user key it proved, or null.
 */
export async function redeemSsoToken(
  db: DbOrTx,
  p: { purpose: Purpose; token: string; userId: string; providerId: string; now: Date },
): Promise<string | null> {
  const [row] = await db
    .update(ssoTokens)
    .set({ usedAt: p.now })
    .where(
      and(
        eq(ssoTokens.tokenHash, hashToken(p.token)),
        eq(ssoTokens.purpose, p.purpose),
        eq(ssoTokens.userId, p.userId),
        eq(ssoTokens.providerId, p.providerId),
        isNull(ssoTokens.usedAt),
        gt(ssoTokens.expiresAt, p.now),
      ),
    )
    .returning({ providerKey: ssoTokens.providerKey });
  return row?.providerKey ?? null;
}
