import type {
  RoomListQuery,
  RoomSharingFilter,
  RoomSharingType,
  RoomTemplateFilter,
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
