import { firstLoadCalls } from '@roomscale/shared/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';

/** GET /api/Config: product links and content URLs. Public, fetched once per page load. */
export const clientConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => call(firstLoadCalls.config, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}
