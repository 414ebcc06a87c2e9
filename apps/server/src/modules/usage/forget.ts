import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { usageCheckIns, usageMeetingJoins, usageRoomChanges } from '../../db/schema.ts';

/**
 * A deleted user's raw usage facts go with the account, in its transaction (docs/usage.md
 * 'Retention'): their check-ins and meeting joins along their (user, time) indexes, the room
 * changes they made. A year of daily use is some tens of thousands of rows (docs/usage.md).
 * Their user, member and week totals go with the user row (foreign keys cascade); the team's
 * day and week rows keep the sums they hold.
 */
export async function forgetUserFacts(tx: DbOrTx, userId: string) {
  await tx.delete(usageCheckIns).where(eq(usageCheckIns.userId, userId));
  await tx.delete(usageMeetingJoins).where(eq(usageMeetingJoins.userId, userId));
  await tx.delete(usageRoomChanges).where(eq(usageRoomChanges.byUserId, userId));
}
