import type { Role } from '@roomscale/shared';
import { eq, ne, type SQL, sql } from 'drizzle-orm';
import { memberships } from '../../db/schema.ts';

/**
 * An active member: a membership whose role is not None. Removing someone from a team keeps the
 * row with role and license None (part1 §4), so every rule about "a member of the team" — the
 * access hook, lists, policies — tests this one predicate.
 */
export const activeMembership = (): SQL => ne(memberships.role, 'None');

/** The same rule for a membership already read. */
export const isActiveRole = (role: Role | null | undefined): role is Exclude<Role, 'None'> =>
  role !== undefined && role !== null && role !== 'None';

/**
 * The user is an active member — with `admin`, an admin — of the team `organizationId` names (a
 * column of the row a policy is written over, e.g. `"rooms"."organization_id"`).
 */
export const memberOfTeam = (organizationId: SQL, userId: string, admin = false): SQL =>
  sql`exists (select 1 from memberships where memberships.organization_id = ${organizationId}
    and memberships.user_id = ${userId} and ${
      admin ? eq(memberships.role, 'Admin') : activeMembership()
    })`;
