import type { LicenseType, LicensingSummary } from '@roomscale/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, organizations } from '../../db/schema.ts';
import { type Time, timeValue } from '../../db/values.ts';
import { notFound } from '../../platform/http/problem.ts';
import { activeMembershipSql } from '../organizations/membership.ts';

/**
 * Licenses a paid subscription gives the team: its quantity while it runs — active, or past due
 * within the grace its unpaid renewal allows (modules/billing/sync.ts keeps the row).
 */
export const paidLicenseCount = (team: SQL) =>
  sql<number>`(select coalesce(sum(quantity), 0)::int from billing_subscriptions
    where organization_id = ${team} and status in ('active', 'past_due', 'trialing'))`;

/** The team's manual licenses active at `now` (start ≤ now < end): their user amounts. */
const manualLicenseCount = (team: SQL, now: Time) =>
  sql<number>`(select coalesce(sum(user_amount), 0)::int from manual_licenses
    where organization_id = ${team}
      and starts_at <= ${timeValue(now)}::timestamptz and ends_at > ${timeValue(now)}::timestamptz)`;

/** One license per active member with a headset-store subscription. */
const metaLicenseCount = (team: SQL) =>
  sql<number>`(select count(*)::int from memberships m join users u on u.id = m.user_id
    where m.organization_id = ${team} and ${activeMembershipSql('m')} and u.has_meta_subscription)`;

/**
 * The licenses a team holds at `now`, as one SQL expression over `team` (an id or a column), so
 * a list of teams counts each row's licenses in its own query.
 */
export const licenseCount = (team: SQL, now: Time) =>
  licenseCountWithMeta(team, now, metaLicenseCount(team));

/**
 * The same licenses with the headset-store ones given as `meta`: the admin teams list reads them
 * from the team's kept totals (team_totals.meta_licenses, kept by triggers to
 * `metaLicenseCount`'s rule, migration 0031) instead of counting its members for each row.
 */
export const licenseCountWithMeta = (team: SQL, now: Time, meta: SQL) =>
  sql<number>`(${manualLicenseCount(team, now)} + ${meta} + ${paidLicenseCount(team)})`.mapWith(
    Number,
  );

/** The team's members holding License: the licenses in use, as one SQL expression over `team`. */
export const licensesInUse = (team: SQL) =>
  sql<number>`(select count(*)::int from memberships m
        where m.organization_id = ${team} and m.license_type = 'License')`;

/**
 * The team's licensing summary in one statement (part1 §3): manual licenses active at `now`
 * (start ≤ now < end), the paid subscription's quantity, and one license per member with a
 * headset-store subscription; `licensesInUse` counts members holding License. The team users
 * list, the admin team page and the subscription overview all read it.
 */
export async function licensingSummary(
  db: DbOrTx,
  organizationId: string,
  now: Date,
): Promise<LicensingSummary> {
  const team = sql`${organizationId}`;
  const [row] = await db
    .select({
      manual: manualLicenseCount(team, now).mapWith(Number),
      meta: metaLicenseCount(team).mapWith(Number),
      stripe: paidLicenseCount(team).mapWith(Number),
      inUse: licensesInUse(team).mapWith(Number),
      selfManaged: organizations.selfManaged,
      paymentCustomerId: organizations.paymentCustomerId,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw notFound();
  return {
    licenseCount: row.manual + row.meta + row.stripe,
    licensesInUse: row.inUse,
    manualLicenseCount: row.manual,
    metaLicenseCount: row.meta,
    stripeLicenseCount: row.stripe,
    selfManaged: row.selfManaged,
    paymentCustomerId: row.paymentCustomerId,
  };
}

/** When a membership's license type is set: a License remembers when it was given. */
export const licenseAssignedAtFor = (licenseType: LicenseType, now: Date) =>
  licenseType === 'License' ? now : null;

/** Members of the team holding License. */
export async function licenseHolders(db: DbOrTx, organizationId: string) {
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(eq(memberships.organizationId, organizationId), eq(memberships.licenseType, 'License')),
    );
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
