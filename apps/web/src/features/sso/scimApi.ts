import type { ScimTokenCreated } from '@roomscale/shared';
import { scimApi } from '@roomscale/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

const scimTokenKey = (teamId: string) => ['scimToken', teamId] as const;

/** GET /api/Organization/{teamId}/ScimToken: whether the team has a token, and its use. */
export function useScimToken(teamId: string) {
  return useQuery({
    queryKey: scimTokenKey(teamId),
    enabled: teamId !== '',
    queryFn: ({ signal }) => call(scimApi.getToken, { params: { organizationId: teamId }, signal }),
  });
}

/** POST …/ScimToken: a new token (replacing the old one), answered this once. */
export function useCreateScimToken(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ScimTokenCreated> =>
      call(scimApi.createToken, { params: { organizationId: teamId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: scimTokenKey(teamId) }),
  });
}

/** DELETE …/ScimToken. */
export function useRevokeScimToken(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(scimApi.revokeToken, { params: { organizationId: teamId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: scimTokenKey(teamId) }),
  });
}
