import {
  type Meeting,
  type MeetingCreate,
  type MeetingPage,
  type MeetingUpdate,
  meetingLimits,
  type Room,
  type RoomPage,
  type TeamUserList,
} from '@roomscale/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useSession } from '../../app/session.ts';

const meetingsPath = (teamId: string) => `/api/Organizations/${teamId}/Meetings`;

export type MeetingListParams = { filter: string; includePast: boolean; page: number };

/** One page of the team's meetings (list: size 10; dashboard: upcoming, page 1, size 5). */
export function useMeetings(
  params: MeetingListParams,
  pageSize: number = meetingLimits.listPageSize,
) {
  const teamId = useSession().team?.id;
  return useQuery({
    queryKey: ['meetings', teamId, params, pageSize],
    enabled: Boolean(teamId),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api<MeetingPage>('GET', meetingsPath(teamId!), {
        signal,
        query: {
          IncludePastMeetings: params.includePast,
          Filter: params.filter || undefined,
          Page: params.page,
          PageSize: pageSize,
        },
      }),
  });
}

/** Creates (no id) or saves (with id) a meeting; lists reload afterwards. */
export function useSaveMeeting() {
  const teamId = useSession().team?.id;
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: null; body: MeetingCreate } | { id: string; body: MeetingUpdate }) =>
      input.id
        ? api<Meeting>('PATCH', `${meetingsPath(teamId!)}/${input.id}`, { body: input.body })
        : api<Meeting>('PUT', meetingsPath(teamId!), { body: input.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['meetings'] }),
  });
}

export function useDeleteMeeting() {
  const teamId = useSession().team?.id;
  const client = useQueryClient();
  return useMutation({
    mutationFn: (meetingId: string) => api<void>('DELETE', `${meetingsPath(teamId!)}/${meetingId}`),
    onSettled: () => client.invalidateQueries({ queryKey: ['meetings'] }),
  });
}

/** The team users search of the meeting form: page 1 of 5, from 2 characters (part2 §5, §7). */
export function useTeamUserSearch(term: string) {
  const teamId = useSession().team?.id;
  const trimmed = term.trim();
  return useQuery({
    queryKey: ['teamUsers', teamId, trimmed],
    enabled: Boolean(teamId) && trimmed.length >= 2,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      api<TeamUserList>('GET', `/api/Organizations/${teamId}/Users`, {
        signal,
        query: { Filter: trimmed, Page: 1, PageSize: 5 },
      }),
  });
}

/** Every page of a room list (the room picker reads page by page to the last, part2 §7). */
async function allRooms(
  teamId: string,
  templateFilter: 'Rooms' | 'Templates',
  signal: AbortSignal,
) {
  const rooms: Room[] = [];
  for (let page = 1; ; page++) {
    const res = await api<RoomPage>('POST', `/api/Organizations/${teamId}/Rooms`, {
      signal,
      body: { templateFilter, shareTypeFilter: [], page },
    });
    rooms.push(...res.results);
    if (page >= res.pageCount) return rooms;
  }
}

/** The rooms and the templates the team may use in a meeting. */
export function useRoomChoices(enabled: boolean) {
  const teamId = useSession().team?.id;
  return useQuery({
    queryKey: ['meetingRoomChoices', teamId],
    enabled: enabled && Boolean(teamId),
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const [rooms, templates] = await Promise.all([
        allRooms(teamId!, 'Rooms', signal),
        allRooms(teamId!, 'Templates', signal),
      ]);
      return { rooms, templates };
    },
  });
}
