import { and, eq, type SQL } from 'drizzle-orm';
import { memberships } from '../../db/schema.ts';
import { activeMembership } from './membership.ts';

/**
 * Who sees and changes a team (part1 §2, part2 §3):
 * - any signed-in user registers a team and becomes its first admin, on a trial license;
 * - its active members read it (`teamMember`), its admins change its details (`teamAdmin`);
 * - a user's own list of teams holds the teams they are an active member of: a removed member
 *   (role None) no longer sees the team.
 * Who counts as a member is `membership.ts`, the one place it is written.
 */

/** The membership a team's founder gets. */
export const founderMembership = { role: 'Admin', licenseType: 'Trial' } as const;

/** The memberships that put a team in the user's own list. */
export const teamsOfUser = (userId: string): SQL =>
  and(eq(memberships.userId, userId), activeMembership())!;
