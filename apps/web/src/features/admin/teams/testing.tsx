import type { AdminOrganization, ManualLicense } from '@roomscale/shared';
import type { ReactElement } from 'react';
import { renderRoutes } from '../testing.ts';

/** Fixtures and a renderer shared by the admin team screen tests. */
export const teamId = '22222222-2222-4222-8222-222222222222';
export const adminId = '44444444-4444-4444-8444-444444444444';

export function teamFixture(overrides: Partial<AdminOrganization> = {}): AdminOrganization {
  return {
    id: teamId,
    organizationId: teamId,
    name: 'Orbit',
    companyName: 'Orbit Labs',
    industry: 'Technology',
    licenseCount: 7,
    licensesInUse: 3,
    stripeLicenseCount: 5,
    manualLicenseCount: 2,
    metaLicenseCount: 0,
    selfManaged: false,
    hasSamlSso: true,
    imageUpdated: null,
    created: '2025-03-07T14:05:09.000Z',
    createdBy: adminId,
    createdByName: 'Grace Admin',
    lastModified: null,
    lastModifiedBy: null,
    lastModifiedByName: null,
    users: [],
    usersCount: 0,
    licenses: [],
    stripeDetails: null,
    ...overrides,
  };
}

export function licenseFixture(overrides: Partial<ManualLicense> = {}): ManualLicense {
  const id = '55555555-5555-4555-8555-555555555555';
  return {
    id,
    licenseId: id,
    organizationId: teamId,
    description: 'Pilot',
    userAmount: 2,
    start: '2025-07-01T08:00:00.000Z',
    end: '2025-08-01T08:00:00.000Z',
    created: '2025-06-30T08:00:00.000Z',
    createdBy: null,
    createdByName: null,
    lastModified: null,
    lastModifiedBy: null,
    lastModifiedByName: null,
    isActive: false,
    ...overrides,
  };
}

/** Renders `element` at `url` inside a data router (the team page guards unsaved changes). */
export const renderRoute = (path: string, url: string, element: ReactElement) =>
  renderRoutes([{ path, element }], url);
