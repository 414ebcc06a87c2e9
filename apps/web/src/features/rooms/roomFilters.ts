import {
  defaultRoomFilters,
  type RoomListQuery,
  type RoomSharingFilter,
  RoomSharingFilters,
  type RoomSharingType,
  type RoomTemplateFilter,
  RoomTemplateFilters,
} from '@roomscale/shared';

export type RoomFilters = { sharing: RoomSharingFilter[]; roomType: RoomTemplateFilter };

const sharingTypeOf: Record<Exclude<RoomSharingFilter, 'All'>, RoomSharingType> = {
  Team: 'OwnerOrganization',
  Private: 'OwnerUser',
};

/**
 * The list call's body for the filters (part2 §2, §7). 'All' sends no sharing filter, so the
 * product's and allow-listed templates show too; Team and Private are the team's own rooms.
 */
export function roomListBody(filters: RoomFilters, page: number): Required<RoomListQuery> {
  const all = filters.sharing.length === 0 || filters.sharing.includes('All');
  return {
    templateFilter: filters.roomType,
    shareTypeFilter: all
      ? []
      : filters.sharing.flatMap((s) => (s === 'All' ? [] : [sharingTypeOf[s]])),
    page,
  };
}

/**
 * The sharing chips after a click: 'All' and the specific choices exclude each other, and
 * clearing the last choice falls back to 'All' (an empty filter would show nothing useful).
 */
export function nextSharing(
  previous: RoomSharingFilter[],
  clicked: RoomSharingFilter[],
): RoomSharingFilter[] {
  const addedAll = clicked.includes('All') && !previous.includes('All');
  if (addedAll) return ['All'];
  const specific = clicked.filter((s) => s !== 'All');
  return specific.length > 0 ? specific : ['All'];
}

/** The address's names for the filters: `?sharing=Team,Private&type=Rooms`. */
export const roomFilterParams = { sharing: 'sharing', roomType: 'type' } as const;

const sameSharing = (a: readonly RoomSharingFilter[], b: readonly RoomSharingFilter[]) =>
  a.length === b.length && a.every((s) => b.includes(s));

/**
 * The filters an address names; what it leaves out or names wrongly (an old or edited link) is
 * the default, and 'All' beside specific choices is 'All' alone, as the chips would make it.
 */
export function filtersFromParams(sharing: string | null, roomType: string | null): RoomFilters {
  const named = (sharing ?? '')
    .split(',')
    .filter((s): s is RoomSharingFilter => (RoomSharingFilters as readonly string[]).includes(s));
  const chosen = [...new Set(named)];
  return {
    sharing:
      chosen.length === 0
        ? defaultRoomFilters.sharing
        : chosen.includes('All')
          ? ['All']
          : RoomSharingFilters.filter((s) => chosen.includes(s)),
    roomType: (RoomTemplateFilters as readonly string[]).includes(roomType ?? '')
      ? (roomType as RoomTemplateFilter)
      : defaultRoomFilters.roomType,
  };
}

/** The address's values for the filters: none for a default, so the plain address is the default. */
export function filtersToParams(filters: RoomFilters): Record<string, string | null> {
  return {
    [roomFilterParams.sharing]: sameSharing(filters.sharing, defaultRoomFilters.sharing)
      ? null
      : RoomSharingFilters.filter((s) => filters.sharing.includes(s)).join(','),
    [roomFilterParams.roomType]:
      filters.roomType === defaultRoomFilters.roomType ? null : filters.roomType,
  };
}
