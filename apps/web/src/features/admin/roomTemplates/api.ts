import { limits, type RoomTemplateCreate, type RoomTemplateEdit } from '@roomscale/shared';
import { roomTemplatesApi } from '@roomscale/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';

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
      call(roomTemplatesApi.list, {
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
    queryFn: ({ signal }) => call(roomTemplatesApi.get, { params: { roomTemplateId: id }, signal }),
  });
}

export function useCreateRoomTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoomTemplateCreate) => call(roomTemplatesApi.create, { body }),
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
      call(roomTemplatesApi.edit, { params: { roomTemplateId: id }, body }),
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
    mutationFn: (id: string) => call(roomTemplatesApi.remove, { params: { roomTemplateId: id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: templateKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'roomTemplates', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}
