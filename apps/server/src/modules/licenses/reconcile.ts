import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, organizations, users } from '../../db/schema.ts';
import { enqueueJob, type Job } from '../../platform/jobs/runner.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { type Actor, recordAudit, systemActor } from '../audit/record.ts';
import { adminMembership } from '../organizations/membership.ts';
import { licensingSummary, lockTeam } from './accounting.ts';
import { returnedToTrialEmail } from './emails.ts';

/** The job that checks a team's licenses when one of its licenses ends. */
export const LICENSES_RECONCILE = 'licenses.reconcile';

/** Queues the check for the moment a license ends, in the transaction that saves the license. */
export const scheduleLicenseEnd = (tx: DbOrTx, organizationId: string, endsAt: Date) =>
  enqueueJob(tx, LICENSES_RECONCILE, { organizationId }, endsAt);

/** The team's admins, who hear about its licenses. */
export async function teamAdmins(db: DbOrTx, organizationId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), adminMembership()));
}

/**
 * When the team holds fewer licenses than its members use, the Licenses given most recently go
 * back to Trial — newest `license_assigned_at` first, then the highest user id, so the same
 * state always picks the same members — and the team's admins are emailed their names. Call it
 * after `lockTeam`, in the transaction of the change that lowered the count. Returns who went back.
 */
export async function returnUncoveredLicenses(
  ctx: AppContext,
  tx: DbOrTx,
  organizationId: string,
  now: Date,
  actor: Actor,
) {
  const summary = await licensingSummary(tx, organizationId, now);
  const excess = summary.licensesInUse - summary.licenseCount;
  if (excess <= 0) return [];
  const returned = await tx
    .select({
      membershipId: memberships.id,
      userId: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      email: users.email,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.organizationId, organizationId), eq(memberships.licenseType, 'License')),
    )
    .orderBy(sql`${memberships.licenseAssignedAt} desc nulls last`, desc(memberships.userId))
    .limit(excess);
  for (const m of returned) {
    await tx
      .update(memberships)
      .set({ licenseType: 'Trial', licenseAssignedAt: null, lastModified: now })
      .where(eq(memberships.id, m.membershipId));
    await recordAudit(tx, now, actor, {
      action: 'license.returnToTrial',
      entityId: m.membershipId,
      organizationId,
      targetUserId: m.userId,
      before: { licenseType: 'License' },
      after: { licenseType: 'Trial' },
    });
  }
  const [team] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  for (const admin of await teamAdmins(tx, organizationId)) {
    await enqueueMail(ctx, tx, returnedToTrialEmail(ctx.config, admin, team!.name, returned));
  }
  return returned;
}

/**
 * `licenses.reconcile`: a license of the team has ended. Runs at the license's end whether or
 * not anyone opens a page; running it again, or for a team already in order, changes nothing.
 */
export function licenseReconcileHandler(ctx: AppContext) {
  return async (job: Job) => {
    const organizationId = String(job.payload.organizationId);
    await ctx.db.transaction(async (tx) => {
      const [team] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      if (!team) return; // deleted since: nothing left to check
      await lockTeam(tx, organizationId);
      await returnUncoveredLicenses(ctx, tx, organizationId, ctx.clock.now(), systemActor);
    });
  };
}
