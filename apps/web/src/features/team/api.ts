import { type TeamUserAdd, type TeamUserEdit, teamUserLimits } from '@roomscale/shared';
import { teamUsersApi } from '@roomscale/shared/contract';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { session } from '../../session/session.ts';
import { myTeamsQuery } from '../../session/teams.ts';

export const teamUserKeys = {
  all: (teamId: string) => ['teamUsers', teamId] as const,
  page: (teamId: string, page: number) => ['teamUsers', teamId, 'page', page] as const,
};

/** One page of the team's users with the license counters (part2 §7: empty filter, size 50). */
export function useTeamUsers(teamId: string, page: number, licensedNotInVr = false) {
  return useQuery({
    queryKey: [...teamUserKeys.page(teamId, page), licensedNotInVr],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(teamUsersApi.list, {
        params: { organizationId: teamId },
        signal,
        query: {
          Filter: '',
          Page: page,
          PageSize: teamUserLimits.pageSize,
          // 'Licensed, not in VR for 30 days' (issue 29 §2).
          ...(licensedNotInVr ? { LicensedNotInVr: 'true' } : {}),
        },
      }),
  });
}

/** Every list of the team's users reloads after a change (also the meeting form's search). */
function useReloadUsers(teamId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: teamUserKeys.all(teamId) });
}

export function useAddTeamUser(teamId: string) {
  const reload = useReloadUsers(teamId);
  return useMutation({
    mutationFn: (body: TeamUserAdd) =>
      call(teamUsersApi.add, { params: { organizationId: teamId }, body }),
    onSuccess: reload,
  });
}

export function useEditTeamUser(teamId: string) {
  const client = useQueryClient();
  const reload = useReloadUsers(teamId);
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: TeamUserEdit }) =>
      call(teamUsersApi.edit, { params: { organizationId: teamId, userId }, body }),
    onSuccess: (_saved, { userId }) => {
      // Not awaited: the row's own answer need not wait for the session's.
      if (userId === session.get().user?.id) void refreshOwnMembership(client, teamId);
      return reload();
    },
  });
}

/**
 * The signed-in user's own row changed (their license, their role): the session's membership of
 * the team, which the trial notice and the admin-only screens read, and the user load again, so
 * a license given to oneself removes the notice without a reload.
 */
export async function refreshOwnMembership(client: QueryClient, teamId: string) {
  const userId = session.get().user?.id;
  try {
    const [teams] = await Promise.all([
      // Asked again even when the list is recent: it holds the row's old license.
      client.fetchQuery({ ...myTeamsQuery(userId), staleTime: 0 }),
      session.reloadUser(),
    ]);
    const fresh = teams.find((t) => t.id === teamId);
    if (fresh && session.get().team?.id === teamId && session.get().user?.id === userId) {
      session.selectTeam(fresh);
    }
  } catch {
    // Not reachable now: the next full load brings the membership.
  }
}

export function useRemoveTeamUser(teamId: string) {
  const reload = useReloadUsers(teamId);
  return useMutation({
    mutationFn: (userId: string) =>
      call(teamUsersApi.remove, { params: { organizationId: teamId, userId } }),
    onSettled: reload,
  });
}
