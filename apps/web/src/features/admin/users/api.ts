import { type AdminUserCreate, type AdminUserEdit, limits } from '@roomscale/shared';
import { adminApi } from '@roomscale/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

/**
 * The admin user calls of part1 §7. The keys are shared with the team screens, which reload a
 * user's page (['admin', 'user', id]) and the lists (['admin', 'users']) after a membership change.
 */
export const userKeys = {
  lists: ['admin', 'users'] as const,
  list: (search: string, page: number) => ['admin', 'users', search, page] as const,
  one: (id: string) => ['admin', 'user', id] as const,
  overview: ['admin', 'overview'] as const,
};

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: userKeys.list(search, page),
    queryFn: ({ signal }) =>
      call(adminApi.listUsers, {
        query: { Filter: search || undefined, Page: page, PageSize: limits.adminPageSizeUsers },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: userKeys.one(id),
    queryFn: ({ signal }) => call(adminApi.getUser, { params: { userId: id }, signal }),
  });
}

/** After a change the lists show the new names and counts; the overview counts users. */
function useReloadLists() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: userKeys.lists }),
      client.invalidateQueries({ queryKey: userKeys.overview }),
    ]);
}

export function useCreateAdminUser() {
  const reload = useReloadLists();
  return useMutation({
    mutationFn: (body: AdminUserCreate) => call(adminApi.createUser, { body }),
    onSuccess: () => reload(),
  });
}

export function useEditAdminUser(id: string) {
  const client = useQueryClient();
  const reload = useReloadLists();
  return useMutation({
    mutationFn: (body: AdminUserEdit) => call(adminApi.editUser, { params: { userId: id }, body }),
    onSuccess: (saved) => {
      client.setQueryData(userKeys.one(id), saved);
      // Team pages list members by name.
      void client.invalidateQueries({ queryKey: ['admin', 'teams'] });
      return reload();
    },
  });
}

export function useDeleteAdminUser() {
  const client = useQueryClient();
  const reload = useReloadLists();
  return useMutation({
    mutationFn: (id: string) => call(adminApi.deleteUser, { params: { userId: id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: userKeys.one(id) });
      // Their teams lose a member.
      void client.invalidateQueries({ queryKey: ['admin', 'teams'] });
      return reload();
    },
  });
}
