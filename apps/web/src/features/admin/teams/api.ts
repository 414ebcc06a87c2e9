import {
  type AdminMembershipEdit,
  type AdminOrganizationCreate,
  type AdminOrganizationEdit,
  limits,
  type ManualLicenseCreate,
  type ManualLicenseEdit,
} from '@roomscale/shared';
import { adminApi, licensesApi } from '@roomscale/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

/** The admin team calls of part1 §7 (teams, memberships, manual licenses). */
export const teamKeys = {
  all: ['admin', 'teams'] as const,
  lists: ['admin', 'teams', 'list'] as const,
  list: (search: string, page: number) => ['admin', 'teams', 'list', search, page] as const,
  one: (id: string) => ['admin', 'teams', 'one', id] as const,
};

export function useAdminTeams(search: string, page: number) {
  return useQuery({
    queryKey: teamKeys.list(search, page),
    queryFn: ({ signal }) =>
      call(adminApi.listOrganizations, {
        query: { Filter: search || undefined, Page: page, PageSize: limits.adminPageSizeTeams },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminTeam(id: string) {
  return useQuery({
    queryKey: teamKeys.one(id),
    queryFn: ({ signal }) =>
      call(adminApi.getOrganization, { params: { organizationId: id }, signal }),
  });
}

/**
 * After any change the team page reloads from the server (its counters, licenses and history
 * are the server's to compute), and the lists show the new name and counts. The overview counts
 * teams too.
 */
function useReload() {
  const client = useQueryClient();
  return (id?: string) =>
    Promise.all([
      id ? client.invalidateQueries({ queryKey: teamKeys.one(id) }) : undefined,
      client.invalidateQueries({ queryKey: teamKeys.lists }),
      client.invalidateQueries({ queryKey: ['admin', 'overview'] }),
    ]);
}

export function useCreateAdminTeam() {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: AdminOrganizationCreate) => call(adminApi.createOrganization, { body }),
    onSuccess: () => reload(),
  });
}

export function useEditAdminTeam(id: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: AdminOrganizationEdit) =>
      call(adminApi.editOrganization, { params: { organizationId: id }, body }),
    onSuccess: () => reload(id),
  });
}

export function useDeleteAdminTeam() {
  const client = useQueryClient();
  const reload = useReload();
  return useMutation({
    mutationFn: (id: string) =>
      call(adminApi.deleteOrganization, { params: { organizationId: id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: teamKeys.one(id) });
      // A super admin may have been a member: their team list changes too.
      void client.invalidateQueries({ queryKey: ['me', 'organizations'] });
      return reload();
    },
  });
}

/** Role and license type of a user in the team; None and None removes them (part1 §4). */
export function useEditMembership(teamId: string) {
  const client = useQueryClient();
  const reload = useReload();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: AdminMembershipEdit }) =>
      call(adminApi.editMembership, { params: { organizationId: teamId, userId }, body }),
    onSuccess: (_, { userId }) => {
      // The user's own admin page lists their teams.
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
      void client.invalidateQueries({ queryKey: ['teamUsers', teamId] });
      void client.invalidateQueries({ queryKey: ['admin', 'user', userId] });
      return reload(teamId);
    },
  });
}

export function useCreateLicense(teamId: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: ManualLicenseCreate) => call(licensesApi.create, { body }),
    onSuccess: () => reload(teamId),
  });
}

export function useEditLicense(teamId: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ licenseId, body }: { licenseId: string; body: ManualLicenseEdit }) =>
      call(licensesApi.edit, { params: { licenseId }, body }),
    onSuccess: () => reload(teamId),
  });
}

/** The team screen never mails about a deleted license (part1 §7: it sends false). */
export function useDeleteLicense(teamId: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: (licenseId: string) =>
      call(licensesApi.remove, { params: { licenseId }, query: { sendEmailNow: 'false' } }),
    onSuccess: () => reload(teamId),
  });
}
