import type { Membership, Organization } from '@roomscale/shared';
import type { memberships, organizations } from '../../db/schema.ts';

type OrganizationRow = typeof organizations.$inferSelect;
type MembershipRow = Pick<typeof memberships.$inferSelect, 'role' | 'licenseType'>;

export function presentOrganization(o: OrganizationRow): Organization {
  return {
    id: o.id,
    organizationId: o.id,
    name: o.name,
    companyName: o.companyName,
    industry: o.industry,
    imageUpdated: o.imageUpdated?.toISOString() ?? null,
    samlLoginProviderId: o.samlLoginProviderId,
    samlLoginDisplayName: o.samlLoginDisplayName,
  };
}

export function presentMembership(o: OrganizationRow, m: MembershipRow): Membership {
  return {
    id: o.id,
    name: o.name,
    role: m.role,
    licenseType: m.licenseType,
    companyName: o.companyName,
    industry: o.industry,
    imageUpdated: o.imageUpdated?.toISOString() ?? null,
    samlLoginProviderId: o.samlLoginProviderId,
    samlLoginDisplayName: o.samlLoginDisplayName,
  };
}
