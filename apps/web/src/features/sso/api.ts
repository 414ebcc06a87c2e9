import type { Membership, SamlConfig, SamlConfigEdit, SamlMetadataImport } from '@roomscale/shared';
import { ssoApi } from '@roomscale/shared/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { session } from '../../session/session.ts';
import { myTeamsQuery } from '../../session/teams.ts';

const samlConfigKey = (teamId: string) => ['samlConfig', teamId] as const;

/** GET /api/Organization/{teamId}/SamlConfig: the team's SAML settings and ours for its IdP. */
export function useSamlConfig(teamId: string) {
  return useQuery({
    queryKey: samlConfigKey(teamId),
    enabled: teamId !== '',
    queryFn: ({ signal }) => call(ssoApi.getConfig, { params: { organizationId: teamId }, signal }),
  });
}

/** POST …/SamlConfig; the answer is the stored configuration. */
export function useSaveSamlConfig(teamId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SamlConfigEdit) =>
      call(ssoApi.saveConfig, { params: { organizationId: teamId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(samlConfigKey(teamId), saved);
      // Not awaited: the saved notice need not wait for the team lists.
      void refreshTeam(client, teamId, saved);
    },
  });
}

/**
 * A saved configuration gives the team a SAML login provider: the team's record and the
 * membership lists reload, and the current team in the session takes the provider at once, so
 * the Users tab offers the single sign-on switches (part2 §5) without a reload.
 */
async function refreshTeam(client: QueryClient, teamId: string, saved: SamlConfig) {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['organization', teamId] }),
    client.invalidateQueries({ queryKey: ['me', 'organizations'] }),
  ]);
  let fresh: Membership | undefined;
  try {
    const teams = await client.fetchQuery(myTeamsQuery(session.get().user?.id));
    fresh = teams.find((t) => t.id === teamId);
  } catch {
    // The list could not be had: the saved answer still names the provider.
  }
  const current = session.get().team;
  if (current?.id !== teamId) return;
  session.selectTeam({
    ...current,
    samlLoginProviderId: fresh
      ? fresh.samlLoginProviderId
      : saved.configured
        ? saved.loginProviderId
        : current.samlLoginProviderId,
    samlLoginDisplayName: fresh ? fresh.samlLoginDisplayName : current.samlLoginDisplayName,
  });
}

/**
 * POST …/SamlConfig/Metadata: the identity provider's metadata (XML, or an address the server
 * fetches once) read into the values to save. Nothing is saved, so nothing is cached.
 */
export function useImportMetadata(teamId: string) {
  return useMutation({
    mutationFn: (body: SamlMetadataImport) =>
      call(ssoApi.importMetadata, { params: { organizationId: teamId }, body }),
  });
}
