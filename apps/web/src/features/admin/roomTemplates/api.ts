import {
  limits,
  type RoomTemplate,
  type RoomTemplateCreate,
  type RoomTemplateEdit,
  type RoomTemplatePage,
} from '@roomscale/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** The admin room template calls of part1 §7 (the singular paths are the spec's). */
export const templateKeys = {
  all: ['admin', 'roomTemplates'] as const,
  list: (search: string, page: number) => ['admin', 'roomTemplates', 'list', search, page] as const,
  one: (id: string) => ['admin', 'roomTemplates', 'one', id] as const,
};

export function useRoomTemplates(search: string, page: number) {
  return useQuery({
    queryKey: templateKeys.list(search, page),
    queryFn: ({ signal }) =>
      api<RoomTemplatePage>('GET', '/api/Admin/RoomTemplate', {
        query: {
          Filter: search || undefined,
          Page: page,
          PageSize: limits.adminPageSizeRoomTemplates,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRoomTemplate(id: string) {
  return useQuery({
    queryKey: templateKeys.one(id),
    queryFn: ({ signal }) => api<RoomTemplate>('GET', `/api/Admin/RoomTemplate/${id}`, { signal }),
  });
}

export function useCreateRoomTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoomTemplateCreate) =>
      api<RoomTemplate>('PUT', '/api/Admin/RoomTemplates', { body }),
    onSuccess: (created) => {
      queryClient.setQueryData(templateKeys.one(created.id), created);
      return queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}

export function useSaveRoomTemplate(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoomTemplateEdit) =>
      api<RoomTemplate>('PATCH', `/api/Admin/RoomTemplates/${id}`, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.one(id), saved);
      // Lists (and teams' room lists) show the new name, image and counts.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'roomTemplates', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}

export function useDeleteRoomTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<undefined>('DELETE', `/api/Admin/RoomTemplate/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'roomTemplates', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}
