import type { TeamContext } from '../../platform/http/access.ts';

/**
 * Who sees what of the usage insight (issue 29 §4). The routes' access rules say who may call
 * (team admins for a team's usage and devices, a meeting's moderators and the team's admins for
 * its attendance, super admins for the platform); these are the rules inside an answer.
 */

/** 'Last in VR' of a team users row: an admin sees everyone's, a member only their own. */
export const seesLastInVr = (team: TeamContext, callerId: string, rowUserId: string) =>
  team.role === 'Admin' || callerId === rowUserId;

/** The 'Licensed, not in VR for 30 days' filter names other members' use: admins only. */
export const mayFilterNotInVr = (team: TeamContext) => team.role === 'Admin';
