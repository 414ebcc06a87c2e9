import { security } from '@roomscale/shared';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authThrottle } from '../../db/schema.ts';

/**
 * Brute-force brake of the password grant, kept in PostgreSQL so every instance sees the same
 * counts: failures are counted per account and per IP within a window; reaching the limit
 * locks that key for a while, and a locked key is refused before any password is checked.
 */
export type ThrottleKeys = { account: string; ip: string };

export const throttleKeys = (email: string, ip: string): ThrottleKeys => ({
  account: `account:${email}`,
  ip: `ip:${ip}`,
});

export async function isLocked(db: DbOrTx, keys: ThrottleKeys, now: Date): Promise<boolean> {
  const rows = await db
    .select({ key: authThrottle.key })
    .from(authThrottle)
    .where(
      and(inArray(authThrottle.key, [keys.account, keys.ip]), gt(authThrottle.lockedUntil, now)),
    )
    .limit(1);
  return rows.length > 0;
}

export async function recordFailure(db: DbOrTx, keys: ThrottleKeys, now: Date) {
  await bump(db, keys.account, now, {
    windowSeconds: security.accountLockSeconds,
    limit: security.accountFailuresBeforeLock,
    lockSeconds: security.accountLockSeconds,
  });
  await bump(db, keys.ip, now, {
    windowSeconds: security.ipFailureWindowSeconds,
    limit: security.ipFailuresBeforeLock,
    lockSeconds: security.ipFailureWindowSeconds,
  });
}

/** A successful sign-in forgives the account's earlier failures (not the IP's). */
export async function clearAccountFailures(db: DbOrTx, keys: ThrottleKeys) {
  await db.delete(authThrottle).where(eq(authThrottle.key, keys.account));
}

/** One atomic upsert, so concurrent failures are all counted. */
async function bump(
  db: DbOrTx,
  key: string,
  now: Date,
  rule: { windowSeconds: number; limit: number; lockSeconds: number },
) {
  const at = (offsetSeconds: number) =>
    sql`${new Date(now.getTime() + offsetSeconds * 1000).toISOString()}::timestamptz`;
  const windowOver = sql`${authThrottle.windowStart} <= ${at(-rule.windowSeconds)}`;
  const failures = sql`case when ${windowOver} then 1 else ${authThrottle.failures} + 1 end`;
  await db
    .insert(authThrottle)
    .values({
      key,
      failures: 1,
      windowStart: now,
      lockedUntil: rule.limit <= 1 ? new Date(now.getTime() + rule.lockSeconds * 1000) : null,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures,
        windowStart: sql`case when ${windowOver} then ${at(0)} else ${authThrottle.windowStart} end`,
        lockedUntil: sql`case when ${failures} >= ${rule.limit} then ${at(rule.lockSeconds)} else ${authThrottle.lockedUntil} end`,
      },
    });
}
