import { contentApi } from '@roomscale/shared/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';

/** GET /api/Config: product links and content URLs. Public, fetched once per page load. */
export function useClientConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => call(contentApi.config, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
