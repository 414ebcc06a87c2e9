import type { ClientConfig } from '@roomscale/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** GET /api/Config: product links and content URLs. Public, fetched once per page load. */
export function useClientConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api<ClientConfig>('GET', '/api/Config', { auth: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
