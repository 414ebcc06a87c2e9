import type { Organization, OrganizationEdit } from '@roomscale/shared';
import { organizationsApi, profileImagesApi } from '@roomscale/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { session } from '../../session/session.ts';

const teamKey = (teamId: string) => ['organization', teamId] as const;

/** GET /api/Organizations/{teamId}: the team as it is stored now. */
export function useTeamDetails(teamId: string) {
  return useQuery({
    queryKey: teamKey(teamId),
    queryFn: ({ signal }) =>
      call(organizationsApi.get, { params: { organizationId: teamId }, signal }),
  });
}

/**
 * After a change the current team in the session takes the new values at once (the header, the
 * user menu), and the team lists reload (the team switcher).
 */
function useApply(teamId: string) {
  const client = useQueryClient();
  return async (change: Partial<Organization>) => {
    const current = session.get().team;
    if (current?.id === teamId) {
      session.selectTeam({
        ...current,
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.companyName !== undefined ? { companyName: change.companyName } : {}),
        ...(change.industry !== undefined ? { industry: change.industry } : {}),
        ...(change.imageUpdated !== undefined ? { imageUpdated: change.imageUpdated } : {}),
      });
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: teamKey(teamId) }),
      client.invalidateQueries({ queryKey: ['me', 'organizations'] }),
    ]);
  };
}

export function useEditTeam(teamId: string) {
  const apply = useApply(teamId);
  return useMutation({
    mutationFn: (body: OrganizationEdit) =>
      call(organizationsApi.edit, { params: { organizationId: teamId }, body }),
    onSuccess: (team) => apply(team),
  });
}

export function useUploadTeamLogo(teamId: string) {
  const apply = useApply(teamId);
  return useMutation({
    mutationFn: (file: File) =>
      call(profileImagesApi.uploadTeamLogo, {
        params: { organizationId: teamId },
        body: file,
        query: { fileName: file.name },
      }),
    onSuccess: (result) => apply({ imageUpdated: result.imageUpdated }),
  });
}

export function useRemoveTeamLogo(teamId: string) {
  const apply = useApply(teamId);
  return useMutation({
    mutationFn: () => call(profileImagesApi.removeTeamLogo, { params: { organizationId: teamId } }),
    onSuccess: () => apply({ imageUpdated: null }),
  });
}
