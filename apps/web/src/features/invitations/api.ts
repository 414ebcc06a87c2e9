import { teamUsersApi } from '@roomscale/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { useSession } from '../../session/session.ts';

export const invitationKeys = { mine: (userId?: string) => ['me', 'invitations', userId] as const };

/** GET /api/Users/Me/Invitations: my open invitations to join teams. */
export function useMyInvitations() {
  const { user } = useSession();
  return useQuery({
    queryKey: invitationKeys.mine(user?.id),
    queryFn: ({ signal }) => call(teamUsersApi.myInvitations, { signal }),
    enabled: !!user,
  });
}

/** POST …/Open: the invitation of an emailed link's token (only the invited account's). */
export const openInvitation = (token: string) =>
  call(teamUsersApi.openInvitation, { body: { token } });

/** Accept or decline; afterwards my teams and my invitations reload. */
export function useAnswerInvitation() {
  const client = useQueryClient();
  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['me', 'invitations'] }),
      client.invalidateQueries({ queryKey: ['me', 'organizations'] }),
    ]);
  const accept = useMutation({
    mutationFn: (id: string) =>
      call(teamUsersApi.acceptInvitation, { params: { invitationId: id } }),
    onSettled: reload,
  });
  const decline = useMutation({
    mutationFn: (id: string) =>
      call(teamUsersApi.declineInvitation, { params: { invitationId: id } }),
    onSettled: reload,
  });
  return { accept, decline };
}
