import type { TeamUserList, teamUserListQuery } from '@roomscale/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { TeamContext } from '../../platform/http/access.ts';
import { paged } from '../../platform/http/paging.ts';
import { forbidden } from '../../platform/http/problem.ts';
import { mayFilterNotInVr, seesLastInVr } from '../insight/policy.ts';
import { readTeamUsers } from './list.ts';

/**
 * One page of the team's members (removed members, role None, are not listed), by name, then
 * the open invitations of existing accounts by address. The filter matches a member's first
 * name, last name, 'first last' and email, ignoring case; a pending invitee only by the typed
 * address (their names are not the team's to search). One statement reads it all (list.ts).
 */
export async function listTeamUsers(
  ctx: AppContext,
  team: TeamContext,
  q: z.output<typeof teamUserListQuery>,
  callerId: string,
): Promise<TeamUserList> {
  if (q.LicensedNotInVr && !mayFilterNotInVr(team)) throw forbidden();
  const filter = q.Filter?.trim() ?? '';
  const page = await readTeamUsers(ctx.db, team.organizationId, q, ctx.clock.now(), (userId) =>
    seesLastInVr(team, callerId, userId),
  );
  return {
    licenseCount: page.licenseCount,
    licensesInUse: page.licensesInUse,
    invitationsPending: page.pendingCount,
    results: paged(page.rows, {
      page: q.Page,
      pageSize: q.PageSize,
      entryCount: page.memberCount + page.pendingCount,
      filter,
    }),
  };
}
