import {
  type MeetingCreate,
  type MeetingUpdate,
  meetingLimits,
  type Room,
} from '@roomscale/shared';
import { meetingsApi, roomsApi, teamUsersApi } from '@roomscale/shared/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { useSession } from '../../session/session.ts';

export type MeetingListParams = { filter: string; includePast: boolean; page: number };

/** The dashboard panel's call: upcoming and ongoing meetings, no filter, page 1 (part2 §7). */
export const dashboardMeetingParams: MeetingListParams = {
  filter: '',
  includePast: false,
  page: 1,
};

/**
 * One page of a team's meetings as a query of its own, so a full load of the dashboard can ask
 * for it as soon as the team is known (app/prefetch.ts).
 */
export const meetingsQuery = (
  teamId: string | undefined,
  params: MeetingListParams,
  pageSize: number = meetingLimits.listPageSize,
) =>
  queryOptions({
    queryKey: ['meetings', teamId, params, pageSize],
    enabled: Boolean(teamId),
    queryFn: ({ signal }) =>
      call(meetingsApi.list, {
        params: { organizationId: teamId! },
        signal,
        query: {
          IncludePastMeetings: String(params.includePast),
          Filter: params.filter || undefined,
          Page: params.page,
          PageSize: pageSize,
        },
      }),
  });

/** One page of the team's meetings (list: size 10; dashboard: upcoming, page 1, size 5). */
export function useMeetings(
  params: MeetingListParams,
  pageSize: number = meetingLimits.listPageSize,
) {
  const teamId = useSession().team?.id;
  return useQuery({
    ...meetingsQuery(teamId, params, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** Creates (no id) or saves (with id) a meeting; lists reload afterwards. */
export function useSaveMeeting() {
  const teamId = useSession().team?.id;
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: null; body: MeetingCreate } | { id: string; body: MeetingUpdate }) =>
      input.id
        ? call(meetingsApi.edit, {
            params: { organizationId: teamId!, meetingId: input.id },
            body: input.body,
          })
        : call(meetingsApi.create, { params: { organizationId: teamId! }, body: input.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['meetings'] }),
  });
}

export function useDeleteMeeting() {
  const teamId = useSession().team?.id;
  const client = useQueryClient();
  return useMutation({
    mutationFn: (meetingId: string) =>
      call(meetingsApi.remove, { params: { organizationId: teamId!, meetingId } }),
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
      call(teamUsersApi.list, {
        params: { organizationId: teamId! },
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
    const res = await call(roomsApi.list, {
      params: { organizationId: teamId },
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
