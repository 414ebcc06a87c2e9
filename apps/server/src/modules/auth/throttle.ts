import { security } from '@roomscale/shared';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authThrottle } from '../../db/schema.ts';

/**
 * Brute-force brake of the password grant, kept in PostgreSQL so every instance sees the same
 * counts. Three keys, each checked before any password is verified:
 *
 * - `pair` (one address at one account): a few failures lock that pair for a while. This is the
 *   hard limit, and it only ever stops the address that failed.
 * - `ip` (one address at any account): spraying many accounts from one address locks it.
 * - `account` (every address together): past a few failures, attempts from unfamiliar addresses
 *   must wait a delay that doubles with each further failure up to a cap — a slowdown, never a
 *   lock. An address that signed in to the account before is familiar and keeps its own pair
 *   budget, so attackers elsewhere cannot lock the owner out; a completed password reset clears
 *   the account's rows (`clearAccountThrottle`).
 *
 * Unknown accounts are counted exactly like known ones, so the brake reveals nothing. The hourly
 * retention sweep (platform/retention) deletes a row once nothing of it counts any more: a day
 * after its last failure and the end of its lock, and for a pair that signed in, 90 days after
 * that sign-in.
 */
export type ThrottleKeys = { email: string; account: string; pair: string; ip: string };

export const throttleKeys = (email: string, ip: string): ThrottleKeys => ({
  email,
  account: `account:${email}`,
  // An address never contains '|', so the key cannot collide with another pair's.
  pair: `pair:${ip}|${email}`,
  ip: `ip:${ip}`,
});

/** Whole seconds the caller must wait before a password may be tried, or 0. */
export async function secondsToWait(db: DbOrTx, keys: ThrottleKeys, now: Date): Promise<number> {
  const rows = await db
    .select({
      key: authThrottle.key,
      lockedUntil: authThrottle.lockedUntil,
      lastSuccessAt: authThrottle.lastSuccessAt,
    })
    .from(authThrottle)
    .where(inArray(authThrottle.key, [keys.account, keys.pair, keys.ip]));
  const row = (key: string) => rows.find((r) => r.key === key);
  const pair = row(keys.pair);
  const familiar =
    !!pair?.lastSuccessAt &&
    pair.lastSuccessAt.getTime() > now.getTime() - security.familiarAddressSeconds * 1000;
  const until = [
    row(keys.ip)?.lockedUntil,
    pair?.lockedUntil,
    familiar ? null : row(keys.account)?.lockedUntil,
  ].reduce((latest, d) => Math.max(latest, d?.getTime() ?? 0), 0);
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

export async function recordFailure(db: DbOrTx, keys: ThrottleKeys, now: Date) {
  await bumpWindow(db, { key: keys.pair, account: keys.email }, now, {
    windowSeconds: security.pairLockSeconds,
    limit: security.pairFailuresBeforeLock,
    lockSeconds: security.pairLockSeconds,
  });
  await bumpWindow(db, { key: keys.ip, account: null }, now, {
    windowSeconds: security.ipFailureWindowSeconds,
    limit: security.ipFailuresBeforeLock,
    lockSeconds: security.ipFailureWindowSeconds,
  });
  await bumpAccount(db, keys, now);
}

/**
 * A successful sign-in forgives the account's failures and makes this address familiar. The
 * IP's count stays: one success does not excuse spraying other accounts.
 */
export async function recordSuccess(db: DbOrTx, keys: ThrottleKeys, now: Date) {
  await db.delete(authThrottle).where(eq(authThrottle.key, keys.account));
  const fresh = { failures: 0, windowStart: now, lockedUntil: null, lastSuccessAt: now };
  await db
    .insert(authThrottle)
    .values({ key: keys.pair, account: keys.email, ...fresh })
    .onConflictDoUpdate({ target: authThrottle.key, set: fresh });
}

/** A completed password reset: the account's slowdown and its pairs' locks are lifted. */
export async function clearAccountThrottle(db: DbOrTx, email: string) {
  const keys = throttleKeys(email, '');
  await db
    .delete(authThrottle)
    .where(or(eq(authThrottle.account, email), eq(authThrottle.key, keys.account)));
}

const at = (now: Date, offsetSeconds: number) =>
  sql`${new Date(now.getTime() + offsetSeconds * 1000).toISOString()}::timestamptz`;

/** Failures within a fixed window; reaching the limit locks the key. One atomic upsert. */
async function bumpWindow(
  db: DbOrTx,
  row: { key: string; account: string | null },
  now: Date,
  rule: { windowSeconds: number; limit: number; lockSeconds: number },
) {
  const windowOver = sql`${authThrottle.windowStart} <= ${at(now, -rule.windowSeconds)}`;
  const failures = sql`case when ${windowOver} then 1 else ${authThrottle.failures} + 1 end`;
  await db
    .insert(authThrottle)
    .values({
      ...row,
      failures: 1,
      windowStart: now,
      lastFailureAt: now,
      lockedUntil: rule.limit <= 1 ? new Date(now.getTime() + rule.lockSeconds * 1000) : null,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures,
        windowStart: sql`case when ${windowOver} then ${at(now, 0)} else ${authThrottle.windowStart} end`,
        lastFailureAt: now,
        lockedUntil: sql`case when ${failures} >= ${rule.limit}::int then ${at(now, rule.lockSeconds)} else ${authThrottle.lockedUntil} end`,
      },
    });
}

/** The account-wide wait after `failures` failures, in seconds (0 below the threshold). */
export function accountDelaySeconds(failures: number): number {
  const beyond = failures - security.accountFailuresBeforeSlowdown;
  if (beyond < 0) return 0;
  return Math.min(
    security.accountSlowdownBaseSeconds * 2 ** Math.min(beyond, 30),
    security.accountSlowdownMaxSeconds,
  );
}

/**
 * Counts every failure at the account until a day passes without one; from the threshold on,
 * unfamiliar addresses wait `accountDelaySeconds` after the latest failure. One atomic upsert,
 * so concurrent failures from many addresses are all counted.
 */
async function bumpAccount(db: DbOrTx, keys: ThrottleKeys, now: Date) {
  const forgotten = sql`(${authThrottle.lastFailureAt} is null or ${authThrottle.lastFailureAt} <= ${at(now, -security.accountFailureMemorySeconds)})`;
  const failures = sql`case when ${forgotten} then 1 else ${authThrottle.failures} + 1 end`;
  const beyond = sql`least(greatest(${failures} - ${security.accountFailuresBeforeSlowdown}::int, 0), 30)`;
  const delay = sql`least(${security.accountSlowdownBaseSeconds}::float8 * power(2, ${beyond}), ${security.accountSlowdownMaxSeconds}::float8)`;
  const firstDelay = accountDelaySeconds(1);
  await db
    .insert(authThrottle)
    .values({
      key: keys.account,
      account: keys.email,
      failures: 1,
      windowStart: now,
      lastFailureAt: now,
      lockedUntil: firstDelay > 0 ? new Date(now.getTime() + firstDelay * 1000) : null,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures,
        windowStart: sql`case when ${forgotten} then ${at(now, 0)} else ${authThrottle.windowStart} end`,
        lastFailureAt: now,
        lockedUntil: sql`case when ${failures} >= ${security.accountFailuresBeforeSlowdown}::int then ${at(now, 0)} + ${delay} * interval '1 second' else null end`,
      },
    });
}
