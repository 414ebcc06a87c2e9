import {
  type AdminOrganizationUser,
  type adminMembershipEdit,
  adminMessages,
  type Role,
} from '@roomscale/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, users } from '../../db/schema.ts';
import { fieldError, notFound } from '../../platform/http/problem.ts';
import { type Actor, changedFields, recordAudit } from '../audit/record.ts';
import { licenseAssignedAtFor, lockTeam } from '../licenses/accounting.ts';
import { assertFreeLicense } from '../licenses/policy.ts';
import { isActiveRole, othersInTeam } from '../organizations/membership.ts';
import { presentTeamUser } from './presenter.ts';

/**
 * A team that has an admin keeps one while it has members: the change may not take away its
 * last admin unless it leaves the team empty. (A team a super admin created may have no admin
 * yet; adding plain members to it is allowed.)
 */
async function assertAdminRemains(
  tx: DbOrTx,
  organizationId: string,
  userId: string,
  newRole: Role,
) {
  const others = await othersInTeam(tx, organizationId, userId);
  const membersAfter = others.members + (isActiveRole(newRole) ? 1 : 0);
  if (others.admins === 0 && membersAfter > 0) {
    throw fieldError('role', adminMessages.lastAdmin);
  }
}

/**
 * PATCH /api/Admin/Organizations/{organizationId}/Users/{userId}: adds the user to the team,
 * changes their role and license, or — with role and license None — removes them (the row stays
 * with None, part1 §4). A super admin joins or leaves a team with this call on themselves. The
 * team's row is locked first, so licenses and admins are counted one change at a time.
 */
export async function editMembership(
  ctx: AppContext,
  actor: Actor,
  organizationId: string,
  userId: string,
  input: z.output<typeof adminMembershipEdit>,
): Promise<AdminOrganizationUser> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockTeam(tx, organizationId);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    const [existing] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
    const wasMember = isActiveRole(existing?.role);
    const before = {
      role: existing?.role ?? 'None',
      licenseType: existing?.licenseType ?? 'None',
    };
    const after = { role: input.role, licenseType: input.licenseType };
    const change = changedFields(before, after);
    if (!change.changed) return presentTeamUser(user, before);

    if (before.role === 'Admin' && after.role !== 'Admin') {
      await assertAdminRemains(tx, organizationId, userId, after.role);
    }
    if (after.licenseType === 'License' && before.licenseType !== 'License') {
      await assertFreeLicense(tx, organizationId, now);
    }
    const licenseAssignedAt =
      after.licenseType === before.licenseType
        ? (existing?.licenseAssignedAt ?? null)
        : licenseAssignedAtFor(after.licenseType, now);
    await tx
      .insert(memberships)
      .values({ organizationId, userId, ...after, licenseAssignedAt, created: now })
      .onConflictDoUpdate({
        target: [memberships.organizationId, memberships.userId],
        set: { ...after, licenseAssignedAt, lastModified: now },
      });
    await recordAudit(tx, now, actor, {
      action: !wasMember
        ? 'membership.add'
        : isActiveRole(after.role)
          ? 'membership.edit'
          : 'membership.remove',
      entityId: userId,
      organizationId,
      targetUserId: userId,
      before: wasMember ? change.before : null,
      after: change.after,
    });
    return presentTeamUser(user, after);
  });
}
