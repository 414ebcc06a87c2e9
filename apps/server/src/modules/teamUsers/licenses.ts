import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, organizations } from '../../db/schema.ts';
import { notFound } from '../../platform/http/problem.ts';

/**
 * Licenses the team holds. Paid licenses come with subscriptions (billing); until a team has
 * one it holds none, so members stay on the free Trial license.
 */
export async function licenseCountOf(_db: DbOrTx, _organizationId: string): Promise<number> {
  return 0;
}

export async function licensesInUse(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(
      and(eq(memberships.organizationId, organizationId), eq(memberships.licenseType, 'License')),
    );
  return row?.n ?? 0;
}

/**
 * Locks the team's row for the rest of the transaction. Every change that counts the team's
 * admins or licenses takes it first, so two admins acting at once are counted one after the
 * other: the team cannot lose its last admin or give more Licenses than it holds.
 */
export async function lockTeam(tx: DbOrTx, organizationId: string) {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!row) throw notFound();
}
