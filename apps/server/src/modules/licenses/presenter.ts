import { licenseIsActive, type ManualLicense } from '@roomscale/shared';
import { desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { manualLicenses, users } from '../../db/schema.ts';

type LicenseRow = typeof manualLicenses.$inferSelect;

/** Full names of the given users, by id (people who created or edited something). */
export async function namesOf(db: DbOrTx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  const rows = wanted.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, wanted))
    : [];
  const names = new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
  return (id: string | null) => (id ? (names.get(id) ?? null) : null);
}

/** Manual licenses as the admin screens see them, with who created and edited them. */
export async function presentLicenses(
  db: DbOrTx,
  rows: LicenseRow[],
  now: Date,
): Promise<ManualLicense[]> {
  const nameOf = await namesOf(
    db,
    rows.flatMap((r) => [r.createdBy, r.lastModifiedBy]),
  );
  return rows.map((r) => ({
    licenseId: r.id,
    id: r.id,
    organizationId: r.organizationId,
    description: r.description,
    userAmount: r.userAmount,
    start: r.startsAt.toISOString(),
    end: r.endsAt.toISOString(),
    created: r.created.toISOString(),
    createdBy: r.createdBy,
    createdByName: nameOf(r.createdBy),
    lastModified: r.lastModified?.toISOString() ?? null,
    lastModifiedBy: r.lastModifiedBy,
    lastModifiedByName: nameOf(r.lastModifiedBy),
    isActive: licenseIsActive({ start: r.startsAt, end: r.endsAt }, now),
  }));
}

/** Every manual license of a team, newest start first (the admin team page). */
export async function licensesOfTeam(db: DbOrTx, organizationId: string, now: Date) {
  const rows = await db
    .select()
    .from(manualLicenses)
    .where(eq(manualLicenses.organizationId, organizationId))
    .orderBy(desc(manualLicenses.startsAt), desc(manualLicenses.id));
  return presentLicenses(db, rows, now);
}
