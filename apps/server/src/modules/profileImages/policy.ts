import type { ProfileImageOwner } from '@roomscale/shared';
import { and, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { memberships, teamInvitations } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { activeMembership } from '../organizations/membership.ts';

const theirs = alias(memberships, 'theirs');

/**
 * Who sees a picture with their token (docs/security.md, 'Profile pictures'):
 * - a user's picture: its owner, a super admin, and the active members of a team the owner is an
 *   active member of;
 * - a team's logo: a super admin, the team's active members, and a person with an open
 *   invitation to it (their invitation shows the team).
 * Knowing an id is not enough: an invitation's answer or an audit entry may name one.
 */
export async function maySeeProfileImage(
  ctx: AppContext,
  caller: Caller,
  owner: ProfileImageOwner,
  id: string,
): Promise<boolean> {
  if (caller.superAdmin) return true;
  if (owner === 'user') {
    if (id === caller.userId) return true;
    const [shared] = await ctx.db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(theirs, eq(theirs.organizationId, memberships.organizationId))
      .where(
        and(
          eq(memberships.userId, caller.userId),
          activeMembership(),
          eq(theirs.userId, id),
          activeMembership(theirs),
        ),
      )
      .limit(1);
    return Boolean(shared);
  }
  const [member] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, id),
        eq(memberships.userId, caller.userId),
        activeMembership(),
      ),
    );
  if (member) return true;
  const [invited] = await ctx.db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.organizationId, id),
        eq(teamInvitations.userId, caller.userId),
        eq(teamInvitations.status, 'pending'),
        gt(teamInvitations.expiresAt, ctx.clock.now()),
      ),
    )
    .limit(1);
  return Boolean(invited);
}
