import type { TeamUser, TeamUserList } from '@roomscale/shared';

/**
 * A team member as the users list returns them; `n` makes the id, name and email unique, and the
 * same `n` gives the same member again. Override what a test is about.
 */
export function teamUserFixture(n: number, overrides: Partial<TeamUser> = {}): TeamUser {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    firstName: 'Grace',
    lastName: `Hopper ${n}`,
    email: `grace${n}@example.com`,
    position: null,
    role: 'User',
    licenseType: 'Trial',
    userActivated: true,
    hasRoomscaleLogin: true,
    hasSsoLogin: false,
    hasOculusLogin: false,
    invitationPending: false,
    profileEditable: false,
    ...overrides,
  };
}

type ListOptions = {
  page?: number;
  pageCount?: number;
  /** 50 unless the request asks for another (the participants' search asks for 5). */
  pageSize?: number;
  licenseCount?: number;
  licensesInUse?: number;
};

/**
 * One page holding `users` (pages of 50 unless `pageSize`), with the team's counters; pending
 * invitations are counted.
 */
export function teamUserListFixture(users: TeamUser[], opts: ListOptions = {}): TeamUserList {
  const pageCount = opts.pageCount ?? 1;
  const pageSize = opts.pageSize ?? 50;
  return {
    results: {
      currentPage: opts.page ?? 1,
      pageCount,
      pageSize,
      entryCount: pageCount > 1 ? pageCount * pageSize : users.length,
      firstRowOnPage: 1,
      lastRowOnPage: users.length,
      results: users,
    },
    licenseCount: opts.licenseCount ?? 0,
    licensesInUse: opts.licensesInUse ?? 0,
    invitationsPending: users.filter((u) => u.invitationPending).length,
  };
}
