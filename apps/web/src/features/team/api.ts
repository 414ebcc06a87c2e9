import { type TeamUserAdd, type TeamUserEdit, teamUserLimits } from '@roomscale/shared';
import { teamUsersApi } from '@roomscale/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const teamUserKeys = {
  all: (teamId: string) => ['teamUsers', teamId] as const,
  page: (teamId: string, page: number) => ['teamUsers', teamId, 'page', page] as const,
};

/** One page of the team's users with the license counters (part2 §7: empty filter, size 50). */
export function useTeamUsers(teamId: string, page: number) {
  return useQuery({
    queryKey: teamUserKeys.page(teamId, page),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(teamUsersApi.list, {
        params: { organizationId: teamId },
        signal,
        query: { Filter: '', Page: page, PageSize: teamUserLimits.pageSize },
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
  const reload = useReloadUsers(teamId);
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: TeamUserEdit }) =>
      call(teamUsersApi.edit, { params: { organizationId: teamId, userId }, body }),
    onSuccess: reload,
  });
}

export function useRemoveTeamUser(teamId: string) {
  const reload = useReloadUsers(teamId);
  return useMutation({
    mutationFn: (userId: string) =>
      call(teamUsersApi.remove, { params: { organizationId: teamId, userId } }),
    onSettled: reload,
  });
}
