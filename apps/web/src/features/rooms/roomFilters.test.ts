import { defaultRoomFilters } from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToParams, nextSharing, roomListBody } from './roomFilters.ts';

describe('roomListBody (the rooms filters as the list call sends them)', () => {
  it('defaults to team plus private sharing, rooms only (part2 §2)', () => {
    expect(roomListBody(defaultRoomFilters, 1)).toEqual({
      templateFilter: 'Rooms',
      shareTypeFilter: ['OwnerOrganization', 'OwnerUser'],
      page: 1,
    });
  });

  it("sends no sharing filter for 'All', so the product's templates show too", () => {
    expect(roomListBody({ sharing: ['All'], roomType: 'All' }, 3)).toEqual({
      templateFilter: 'All',
      shareTypeFilter: [],
      page: 3,
    });
  });

  it('maps Team and Private to their sharing types', () => {
    expect(roomListBody({ sharing: ['Team'], roomType: 'Templates' }, 2).shareTypeFilter).toEqual([
      'OwnerOrganization',
    ]);
    expect(roomListBody({ sharing: ['Private'], roomType: 'Rooms' }, 1).shareTypeFilter).toEqual([
      'OwnerUser',
    ]);
  });
});

describe('nextSharing (the sharing chips)', () => {
  it("choosing 'All' clears Team and Private", () => {
    expect(nextSharing(['Team', 'Private'], ['Team', 'Private', 'All'])).toEqual(['All']);
  });

  it("choosing Team or Private clears 'All'", () => {
    expect(nextSharing(['All'], ['All', 'Team'])).toEqual(['Team']);
  });

  it("clearing the last choice falls back to 'All'", () => {
    expect(nextSharing(['Team'], [])).toEqual(['All']);
    expect(nextSharing(['All'], [])).toEqual(['All']);
  });

  it('toggles Team and Private independently', () => {
    expect(nextSharing(['Team', 'Private'], ['Private'])).toEqual(['Private']);
    expect(nextSharing(['Private'], ['Private', 'Team'])).toEqual(['Private', 'Team']);
  });
});

describe('filtersFromParams and filtersToParams (the filters in the address)', () => {
  it('leaves the defaults out of the address and reads a plain address as the defaults', () => {
    expect(filtersToParams(defaultRoomFilters)).toEqual({ sharing: null, type: null });
    expect(filtersToParams({ sharing: ['Private', 'Team'], roomType: 'Rooms' })).toEqual({
      sharing: null,
      type: null,
    });
    expect(filtersFromParams(null, null)).toEqual(defaultRoomFilters);
  });

  it('round-trips every other choice', () => {
    for (const filters of [
      { sharing: ['All'], roomType: 'All' },
      { sharing: ['Private'], roomType: 'Templates' },
      { sharing: ['Team'], roomType: 'Rooms' },
    ] as const) {
      const params = filtersToParams({ sharing: [...filters.sharing], roomType: filters.roomType });
      expect(filtersFromParams(params.sharing ?? null, params.type ?? null)).toEqual(filters);
    }
  });

  it('reads an edited link as the chips would show it', () => {
    expect(filtersFromParams('Team,Bogus,Team', 'Nope')).toEqual({
      sharing: ['Team'],
      roomType: 'Rooms',
    });
    expect(filtersFromParams('Private,All', 'Templates')).toEqual({
      sharing: ['All'],
      roomType: 'Templates',
    });
    expect(filtersFromParams('', 'All')).toEqual({ sharing: ['Team', 'Private'], roomType: 'All' });
  });
});
