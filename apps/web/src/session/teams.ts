import type { Membership } from '@roomscale/shared';
import { useQuery } from '@tanstack/react-query';
import { session, useSession } from './session.ts';

/**
 * GET /api/Users/Me/Organizations as one cached query: team resolution fetches it through the
 * cache (`queryClient.fetchQuery(myTeamsQuery(id))`), so the user menu and the restore hook that
 * render next reuse that answer instead of asking again.
 */
export const myTeamsQuery = (userId: string | undefined) => ({
  queryKey: ['me', 'organizations', userId] as const,
  queryFn: () => session.loadTeams(),
});

/** The signed-in user's teams (the team switcher's list). */
export function useMyTeams() {
  const { user } = useSession();
  return useQuery<Membership[]>({ ...myTeamsQuery(user?.id), enabled: !!user });
}
