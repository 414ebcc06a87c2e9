import { defaultRoomFilters } from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import { nextSharing, roomListBody } from './roomFilters.ts';

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
