import {
  type TeamUser,
  type TeamUserAdd,
  type TeamUserEdit,
  type TeamUserList,
  teamUserLimits,
} from '@roomscale/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

const usersPath = (teamId: string) => `/api/Organizations/${teamId}/Users`;

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
      api<TeamUserList>('GET', usersPath(teamId), {
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
    mutationFn: (body: TeamUserAdd) => api<TeamUser>('PUT', usersPath(teamId), { body }),
    onSuccess: reload,
  });
}

export function useEditTeamUser(teamId: string) {
  const reload = useReloadUsers(teamId);
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: TeamUserEdit }) =>
      api<TeamUser>('PATCH', `${usersPath(teamId)}/${userId}`, { body }),
    onSuccess: reload,
  });
}

export function useRemoveTeamUser(teamId: string) {
  const reload = useReloadUsers(teamId);
  return useMutation({
    mutationFn: (userId: string) => api<void>('DELETE', `${usersPath(teamId)}/${userId}`),
    onSettled: reload,
  });
}
