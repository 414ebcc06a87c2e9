import type { Organization, OrganizationEdit, ProfileImageResult } from '@roomscale/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { session } from '../../app/session.ts';

const teamKey = (teamId: string) => ['organization', teamId] as const;

/** GET /api/Organizations/{teamId}: the team as it is stored now. */
export function useTeamDetails(teamId: string) {
  return useQuery({
    queryKey: teamKey(teamId),
    queryFn: ({ signal }) => api<Organization>('GET', `/api/Organizations/${teamId}`, { signal }),
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
      api<Organization>('PATCH', `/api/Organizations/${teamId}`, { body }),
    onSuccess: (team) => apply(team),
  });
}

export function useUploadTeamLogo(teamId: string) {
  const apply = useApply(teamId);
  return useMutation({
    mutationFn: (file: File) =>
      api<ProfileImageResult>('POST', `/api/ProfileImage/organization/${teamId}`, {
        body: file,
        query: { fileName: file.name },
      }),
    onSuccess: (result) => apply({ imageUpdated: result.imageUpdated }),
  });
}

export function useRemoveTeamLogo(teamId: string) {
  const apply = useApply(teamId);
  return useMutation({
    mutationFn: () => api<void>('DELETE', `/api/ProfileImage/organization/${teamId}`),
    onSuccess: () => apply({ imageUpdated: null }),
  });
}
