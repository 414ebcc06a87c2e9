import { teamUserMessages } from '@roomscale/shared';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, users } from '../../db/schema.ts';
import { badRequest, fieldError } from '../../platform/http/problem.ts';
import { activeMembership, adminCount } from '../organizations/membership.ts';

/**
 * Who may see and change whom in a team (part1 §4). The routes declare the first two rules, this
 * module the rest:
 * - every active member of the team sees its members (`teamMember`);
 * - its admins invite, edit and remove members (`teamAdmin`);
 * - only an active member is edited or removed: a removed member (role None) is nobody's to
 *   change until they join again;
 * - nobody changes their own role or removes themselves;
 * - the team keeps an admin: an admin gives up the role or leaves only while another remains;
 * - names and position are the account's, seen by every team: a team edits them only on an
 *   account it created, until that account is activated.
 */

type Membership = Pick<typeof memberships.$inferSelect, 'role'>;

/** The active member of the team a call addresses, with their account; null for anyone else. */
export async function addressedMember(db: DbOrTx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        activeMembership(),
      ),
    );
  return row ?? null;
}

/** An admin may leave the role, or the team, only while the team has another admin. */
export async function assertAdminRemains(
  db: DbOrTx,
  organizationId: string,
  membership: Membership,
) {
  if (membership.role !== 'Admin') return;
  if ((await adminCount(db, organizationId)) < 2)
    throw fieldError('role', teamUserMessages.lastAdmin);
}

/** A member's role changes by another admin, and never takes away the team's last admin. */
export async function assertMayChangeRole(
  db: DbOrTx,
  organizationId: string,
  callerId: string,
  member: { userId: string; membership: Membership },
) {
  if (member.userId === callerId) throw fieldError('role', teamUserMessages.ownRole);
  await assertAdminRemains(db, organizationId, member.membership);
}

/** Nobody removes themselves from a team (another admin does, or the admin pages). */
export function assertMayRemove(callerId: string, userId: string) {
  if (userId === callerId) throw badRequest(teamUserMessages.removeSelf);
}

/** Names and position are the team's to edit only on an account it created, until activated. */
export const profileEditable = (
  user: Pick<typeof users.$inferSelect, 'activated' | 'passwordHash'>,
  createdByTeam: boolean,
) => createdByTeam && !user.activated && user.passwordHash === null;
