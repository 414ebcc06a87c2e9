import type { Membership, TeamInvitation } from '@roomscale/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useSession } from '../../app/session.ts';

const base = '/api/Users/Me/Invitations';
export const invitationKeys = { mine: (userId?: string) => ['me', 'invitations', userId] as const };

/** GET /api/Users/Me/Invitations: my open invitations to join teams. */
export function useMyInvitations() {
  const { user } = useSession();
  return useQuery({
    queryKey: invitationKeys.mine(user?.id),
    queryFn: ({ signal }) => api<TeamInvitation[]>('GET', base, { signal }),
    enabled: !!user,
  });
}

/** POST …/Open: the invitation of an emailed link's token (only the invited account's). */
export const openInvitation = (token: string) =>
  api<TeamInvitation>('POST', `${base}/Open`, { body: { token } });

/** Accept or decline; afterwards my teams and my invitations reload. */
export function useAnswerInvitation() {
  const client = useQueryClient();
  const reload = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['me', 'invitations'] }),
      client.invalidateQueries({ queryKey: ['me', 'organizations'] }),
    ]);
  const accept = useMutation({
    mutationFn: (id: string) => api<Membership>('POST', `${base}/${id}/Accept`),
    onSettled: reload,
  });
  const decline = useMutation({
    mutationFn: (id: string) => api<void>('POST', `${base}/${id}/Decline`),
    onSettled: reload,
  });
  return { accept, decline };
}
