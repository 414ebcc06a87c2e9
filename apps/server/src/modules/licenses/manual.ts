import {
  licenseIsActive,
  type ManualLicense,
  type manualLicenseCreate,
  type manualLicenseEdit,
} from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { manualLicenses, organizations } from '../../db/schema.ts';
import { notFound } from '../../platform/http/problem.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { type Actor, changedFields, recordAudit } from '../audit/record.ts';
import { lockTeam } from './accounting.ts';
import { licenseRemovedEmail, licensesAvailableEmail } from './emails.ts';
import { presentLicenses } from './presenter.ts';
import { returnUncoveredLicenses, scheduleLicenseEnd, teamAdmins } from './reconcile.ts';

type LicenseRow = typeof manualLicenses.$inferSelect;

/** What the audit log keeps of a license. */
const snapshot = (l: Pick<LicenseRow, 'description' | 'userAmount' | 'startsAt' | 'endsAt'>) => ({
  description: l.description,
  userAmount: l.userAmount,
  start: l.startsAt.toISOString(),
  end: l.endsAt.toISOString(),
});

async function teamName(tx: DbOrTx, organizationId: string) {
  const [team] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!team) throw notFound();
  return team.name;
}

/** With 'Send email' on a current license, the team's admins hear that they can assign it. */
async function announce(ctx: AppContext, tx: DbOrTx, row: LicenseRow, now: Date) {
  if (!licenseIsActive({ start: row.startsAt, end: row.endsAt }, now)) return;
  const name = await teamName(tx, row.organizationId);
  for (const admin of await teamAdmins(tx, row.organizationId))
    await enqueueMail(ctx, tx, licensesAvailableEmail(ctx.config, admin, name, row));
}

async function present(tx: DbOrTx, row: LicenseRow, now: Date) {
  const [presented] = await presentLicenses(tx, [row], now);
  return presented!;
}

/**
 * PUT /api/Admin/ManualLicenses: awards a team a license. The end is scheduled: when it passes,
 * a job returns the Licenses no longer covered to Trial.
 */
export async function createManualLicense(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof manualLicenseCreate>,
): Promise<ManualLicense> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockTeam(tx, input.organizationId);
    const [row] = await tx
      .insert(manualLicenses)
      .values({
        organizationId: input.organizationId,
        description: input.description,
        userAmount: input.userAmount,
        startsAt: new Date(input.start),
        endsAt: new Date(input.end),
        created: now,
        createdBy: actor.userId,
      })
      .returning();
    await scheduleLicenseEnd(tx, row!.organizationId, row!.endsAt);
    await recordAudit(tx, now, actor, {
      action: 'license.create',
      entityId: row!.id,
      subjectName: row!.description,
      organizationId: row!.organizationId,
      after: snapshot(row!),
    });
    if (input.sendEmailNow) await announce(ctx, tx, row!, now);
    return present(tx, row!, now);
  });
}

async function lockedLicense(tx: DbOrTx, licenseId: string) {
  const [found] = await tx
    .select({ organizationId: manualLicenses.organizationId })
    .from(manualLicenses)
    .where(eq(manualLicenses.id, licenseId));
  if (!found) throw notFound();
  // The team first, as every license change does, then the license as it is now.
  await lockTeam(tx, found.organizationId);
  const [row] = await tx.select().from(manualLicenses).where(eq(manualLicenses.id, licenseId));
  if (!row) throw notFound();
  return row;
}

/**
 * PATCH /api/Admin/ManualLicenses/{licenseId}. A license cut short or down leaves nothing
 * silently over-assigned: the Licenses no longer covered go back to Trial at once.
 */
export async function editManualLicense(
  ctx: AppContext,
  actor: Actor,
  licenseId: string,
  input: z.output<typeof manualLicenseEdit>,
): Promise<ManualLicense> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockedLicense(tx, licenseId);
    const changes = {
      description: input.description,
      userAmount: input.userAmount,
      startsAt: new Date(input.start),
      endsAt: new Date(input.end),
    };
    const [row] = await tx
      .update(manualLicenses)
      .set({ ...changes, lastModified: now, lastModifiedBy: actor.userId })
      .where(eq(manualLicenses.id, licenseId))
      .returning();
    if (row!.endsAt.getTime() !== before.endsAt.getTime())
      await scheduleLicenseEnd(tx, row!.organizationId, row!.endsAt);
    const diff = changedFields(snapshot(before), snapshot(row!));
    await recordAudit(tx, now, actor, {
      action: 'license.edit',
      entityId: licenseId,
      subjectName: row!.description,
      organizationId: row!.organizationId,
      before: diff.before,
      after: diff.after,
    });
    await returnUncoveredLicenses(ctx, tx, row!.organizationId, now, actor);
    if (input.sendEmailNow) await announce(ctx, tx, row!, now);
    return present(tx, row!, now);
  });
}

/** DELETE /api/Admin/ManualLicenses/{licenseId}?sendEmailNow: as a cut to zero, then gone. */
export async function deleteManualLicense(
  ctx: AppContext,
  actor: Actor,
  licenseId: string,
  sendEmailNow: boolean,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockedLicense(tx, licenseId);
    await tx.delete(manualLicenses).where(eq(manualLicenses.id, licenseId));
    await recordAudit(tx, now, actor, {
      action: 'license.delete',
      entityId: licenseId,
      subjectName: row.description,
      organizationId: row.organizationId,
      before: snapshot(row),
    });
    await returnUncoveredLicenses(ctx, tx, row.organizationId, now, actor);
    if (sendEmailNow) {
      const name = await teamName(tx, row.organizationId);
      for (const admin of await teamAdmins(tx, row.organizationId))
        await enqueueMail(ctx, tx, licenseRemovedEmail(ctx.config, admin, name));
    }
  });
}
