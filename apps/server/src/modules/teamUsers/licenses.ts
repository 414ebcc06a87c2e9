import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberships } from '../../db/schema.ts';

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
