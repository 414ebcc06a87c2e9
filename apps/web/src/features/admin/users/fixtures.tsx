import type { AdminUser, AdminUserPage, AdminUserRow } from '@roomscale/shared';

/** Fixtures of the admin user and membership screen tests. */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function userRow(n: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  const id = uuid(n);
  return {
    id,
    userId: id,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    position: null,
    email: `user${n}@example.com`,
    created: '2025-03-07T14:05:09.000Z',
    lastModified: null,
    superAdmin: false,
    userActivated: true,
    organizationsCount: 0,
    imageUpdated: null,
    role: null,
    licenseType: null,
    ...overrides,
  };
}

export function userPage(rows: AdminUserRow[], page = 1, pageCount = 1): AdminUserPage {
  return {
    currentPage: page,
    pageCount,
    pageSize: 25,
    entryCount: pageCount > 1 ? pageCount * 25 : rows.length,
    firstRowOnPage: rows.length ? 1 : 0,
    lastRowOnPage: rows.length,
    results: rows,
  };
}

export const graceId = uuid(7);
export const adminId = uuid(1);
export const orbitId = uuid(901);

export function userDetail(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: graceId,
    userId: graceId,
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    position: 'Engineer',
    superAdmin: false,
    hasManualUserSubscription: false,
    hasMetaSubscription: false,
    userActivated: true,
    passwordSet: true,
    hasRoomscaleLogin: true,
    hasSsoLogin: false,
    hasOculusLogin: true,
    userLogins: [],
    imageUpdated: null,
    created: '2025-03-07T14:05:09.000Z',
    createdBy: adminId,
    createdByName: 'Ada Admin',
    lastModified: null,
    lastModifiedBy: null,
    lastModifiedByName: null,
    organizations: [
      {
        organization: { id: orbitId, name: 'Orbit' },
        role: 'Admin',
        licenseType: 'License',
        imageUpdated: null,
      },
    ],
    ...overrides,
  };
}
