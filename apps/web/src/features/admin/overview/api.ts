import { adminApi } from '@roomscale/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { userKeys } from '../users/api.ts';

/** GET /api/Admin/Overview: the user, team and download counts. */
export function useAdminOverview() {
  return useQuery({
    queryKey: userKeys.overview,
    queryFn: ({ signal }) => call(adminApi.overview, { signal }),
  });
}
