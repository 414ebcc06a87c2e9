import {
  type AdminOrganization,
  type AdminOrganizationRow,
  type AdminOrganizationUser,
  type AdminUser,
  type AdminUserRow,
  type AdminUserTeam,
  type LicensingSummary,
  type ManualLicense,
  META_LOGIN_PROVIDER,
} from '@roomscale/shared';
import type { memberships, organizations, userLogins, users } from '../../db/schema.ts';
import { passwordLoginEntry } from '../users/presenter.ts';

type UserRow = typeof users.$inferSelect;
type TeamRow = typeof organizations.$inferSelect;
type MembershipRow = Pick<typeof memberships.$inferSelect, 'role' | 'licenseType'>;
type LoginRow = typeof userLogins.$inferSelect;
/** Full name of a user id (who created or edited something). */
type NameOf = (id: string | null) => string | null;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What a row of the admin users list shows of a user. */
export type UserListRow = Pick<
  UserRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'position'
  | 'email'
  | 'created'
  | 'lastModified'
  | 'superAdmin'
  | 'activated'
  | 'imageUpdated'
>;

/** The admin user list row: it belongs to no team, so role and license type are null. */
export function presentUserRow(u: UserListRow, organizationsCount: number): AdminUserRow {
  return {
    userId: u.id,
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    position: u.position,
    email: u.email,
    created: u.created.toISOString(),
    lastModified: iso(u.lastModified),
    superAdmin: u.superAdmin,
    userActivated: u.activated,
    organizationsCount,
    imageUpdated: iso(u.imageUpdated),
    role: null,
    licenseType: null,
  };
}

export function presentUser(
  u: UserRow,
  logins: LoginRow[],
  teams: AdminUserTeam[],
  nameOf: NameOf,
): AdminUser {
  const hasPassword = u.passwordHash !== null;
  return {
    userId: u.id,
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    position: u.position,
    superAdmin: u.superAdmin,
    hasManualUserSubscription: u.hasManualUserSubscription,
    hasMetaSubscription: u.hasMetaSubscription,
    userActivated: u.activated,
    passwordSet: hasPassword,
    hasRoomscaleLogin: hasPassword,
    hasSsoLogin: logins.some((l) => l.loginProviderId !== META_LOGIN_PROVIDER),
    hasOculusLogin: logins.some((l) => l.loginProviderId === META_LOGIN_PROVIDER),
    userLogins: [
      ...(hasPassword ? [{ ...passwordLoginEntry, userKey: u.id }] : []),
      ...logins.map((l) => ({
        loginProviderId: l.loginProviderId,
        displayName: l.displayName,
        userKey: l.providerKey,
      })),
    ],
    imageUpdated: iso(u.imageUpdated),
    created: u.created.toISOString(),
    createdBy: u.createdBy,
    createdByName: nameOf(u.createdBy),
    lastModified: iso(u.lastModified),
    lastModifiedBy: u.lastModifiedBy,
    lastModifiedByName: nameOf(u.lastModifiedBy),
    organizations: teams,
  };
}

/** What a row of the admin teams list shows of a team. */
export type TeamListRow = Pick<
  TeamRow,
  'id' | 'name' | 'created' | 'lastModified' | 'imageUpdated'
>;

export function presentTeamRow(
  o: TeamListRow,
  counts: { licenseCount: number; usersCount: number; filesCount: number; roomsCount: number },
): AdminOrganizationRow {
  return {
    organizationId: o.id,
    id: o.id,
    name: o.name,
    licenseCount: counts.licenseCount,
    usersCount: counts.usersCount,
    filesCount: counts.filesCount,
    roomsCount: counts.roomsCount,
    created: o.created.toISOString(),
    lastModified: iso(o.lastModified),
    imageUpdated: iso(o.imageUpdated),
  };
}

export function presentTeamUser(u: UserRow, m: MembershipRow): AdminOrganizationUser {
  return {
    userId: u.id,
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    position: u.position,
    role: m.role,
    licenseType: m.licenseType,
    superAdmin: u.superAdmin,
  };
}

export function presentTeam(
  o: TeamRow,
  extra: {
    summary: LicensingSummary;
    users: AdminOrganizationUser[];
    usersCount: number;
    licenses: ManualLicense[];
    nameOf: NameOf;
  },
): AdminOrganization {
  const { summary, nameOf } = extra;
  return {
    organizationId: o.id,
    id: o.id,
    name: o.name,
    companyName: o.companyName,
    industry: o.industry,
    licenseCount: summary.licenseCount,
    licensesInUse: summary.licensesInUse,
    stripeLicenseCount: summary.stripeLicenseCount,
    manualLicenseCount: summary.manualLicenseCount,
    metaLicenseCount: summary.metaLicenseCount,
    selfManaged: o.selfManaged,
    hasSamlSso: o.samlLoginProviderId !== null,
    imageUpdated: iso(o.imageUpdated),
    created: o.created.toISOString(),
    createdBy: o.createdBy,
    createdByName: nameOf(o.createdBy),
    lastModified: iso(o.lastModified),
    lastModifiedBy: o.lastModifiedBy,
    lastModifiedByName: nameOf(o.lastModifiedBy),
    users: extra.users,
    usersCount: extra.usersCount,
    licenses: extra.licenses,
    stripeDetails: o.paymentCustomerId ? { customerId: o.paymentCustomerId } : null,
  };
}
