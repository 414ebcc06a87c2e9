import type { Membership } from '@roomscale/shared';
import { useQuery } from '@tanstack/react-query';
import { session, useSession } from './session.ts';

/** GET /api/Users/Me/Organizations for the signed-in user (the team switcher's list). */
export function useMyTeams() {
  const { user } = useSession();
  return useQuery<Membership[]>({
    queryKey: ['me', 'organizations', user?.id],
    queryFn: () => session.loadTeams(),
    enabled: !!user,
  });
}
