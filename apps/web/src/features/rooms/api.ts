import {
  launchPaths,
  type Room,
  type RoomAdd,
  type RoomEdit,
  type RoomPage,
} from '@roomscale/shared';
import { roomsApi } from '@roomscale/shared/contract';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { type RoomFilters, roomListBody } from './roomFilters.ts';

export const roomKeys = {
  all: (teamId: string) => ['rooms', teamId] as const,
  list: (teamId: string, filters: RoomFilters) => ['rooms', teamId, 'list', filters] as const,
  templates: (teamId: string) => ['rooms', teamId, 'templates'] as const,
};

export const listRooms = (teamId: string, filters: RoomFilters, page: number) =>
  call(roomsApi.list, { params: { organizationId: teamId }, body: roomListBody(filters, page) });

const nextPage = (last: RoomPage) =>
  last.currentPage < last.pageCount ? last.currentPage + 1 : undefined;

/** The rooms list, page by page (infinite scroll); a filter change starts again at page 1. */
export function useRooms(teamId: string, filters: RoomFilters) {
  return useInfiniteQuery<RoomPage, Error, InfiniteData<RoomPage>, readonly unknown[], number>({
    queryKey: roomKeys.list(teamId, filters),
    queryFn: ({ pageParam }) => listRooms(teamId, filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** Every template the team may add a room from: read page by page until the last (part2 §7). */
export async function loadAllTemplates(teamId: string): Promise<Room[]> {
  const filters: RoomFilters = { sharing: ['All'], roomType: 'Templates' };
  const rooms: Room[] = [];
  for (let page = 1; ; page++) {
    const result = await listRooms(teamId, filters, page);
    rooms.push(...result.results);
    if (result.currentPage >= result.pageCount) return rooms;
  }
}

export function useAllTemplates(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: roomKeys.templates(teamId),
    queryFn: () => loadAllTemplates(teamId),
    enabled,
  });
}

/** Room changes refresh every rooms list of the team (and the template picker). */
function useRoomMutation<TVars>(teamId: string, call: (vars: TVars) => Promise<Room | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.all(teamId) }),
  });
}

export const useAddRoom = (teamId: string) =>
  useRoomMutation(teamId, (body: RoomAdd) =>
    call(roomsApi.add, { params: { organizationId: teamId }, body }),
  );

export const useEditRoom = (teamId: string) =>
  useRoomMutation(teamId, ({ roomId, body }: { roomId: string; body: RoomEdit }) =>
    call(roomsApi.edit, { params: { organizationId: teamId, roomId }, body }),
  );

export const useDeleteRoom = (teamId: string) =>
  useRoomMutation(teamId, (roomId: string) =>
    call(roomsApi.remove, { params: { organizationId: teamId, roomId } }),
  );

/** The launch page of a room, opened in a new tab (part2 §2), naming the room's kind. */
export const launchUrl = (room: Pick<Room, 'id' | 'name' | 'roomSharingType'>) =>
  launchPaths.room(room.id, room.name, room.roomSharingType);
