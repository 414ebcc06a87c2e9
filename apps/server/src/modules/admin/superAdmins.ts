import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../platform/http/problem.ts';

/**
 * Locks the rows of every super admin and of the user `userId` for the rest of the transaction,
 * in id order (so two such transactions never wait on each other in a circle). Two super admins
 * taking the flag from each other at once are then counted one after the other: the platform
 * keeps at least one. Throws 404 when the user does not exist.
 */
export async function lockUserAndSuperAdmins(tx: DbOrTx, userId: string) {
  const rows = await tx
    .select()
    .from(users)
    .where(or(eq(users.superAdmin, true), eq(users.id, userId)))
    .orderBy(asc(users.id))
    .for('update');
  const user = rows.find((r) => r.id === userId);
  if (!user) throw notFound();
  return { user, superAdminCount: rows.filter((r) => r.superAdmin).length };
}
