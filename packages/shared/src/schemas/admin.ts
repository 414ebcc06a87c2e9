import { limits } from '../limits.ts';
import { z } from '../zodErrors.ts';
import {
  email,
  id,
  isoDate,
  licenseType,
  pagedResult,
  pageQuery,
  personName,
  position,
  role,
} from './common.ts';
import { manualLicense } from './licenses.ts';
import { clearConsumerCompany, companyRule, teamDetailsShape } from './organizations.ts';
import { userLogin } from './users.ts';

/** Server `detail`s of the admin calls (our own; the spec's known messages are in serverMessages). */
export const adminMessages = {
  ownSuperAdmin: 'You cannot remove your own super admin rights.',
  deleteSelf: 'You cannot delete your own account.',
  lastSuperAdmin: 'The platform needs at least one super admin.',
  lastAdmin: 'A team with members needs at least one admin.',
  noneTogether: 'Role None and license None go together: both remove the user from the team.',
  /** A user who alone runs a team with other members: make someone else its admin first. */
  onlyAdminOf: (team: string) =>
    `This user is the only admin of the team '${team}', which has other members. Make another member an admin first.`,
  customerInUse: 'This payment customer belongs to another team.',
} as const;

/** GET /api/Admin/Overview (part1 §3). */
export const adminOverview = z.object({
  usersCount: z.number().int(),
  organizationsCount: z.number().int(),
  downloadsCount: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverview>;

/** GET /api/Admin/Users and /api/Admin/Organizations: Filter matches names and email, ignoring case. */
export const adminListQuery = pageQuery;

/** PUT /api/Admin/Users (part1 §3 create-user input): the user gets the activation email. */
export const adminUserCreate = z.object({
  email,
  firstName: personName,
  lastName: personName,
  superAdmin: z.boolean().default(false),
});
export type AdminUserCreate = z.input<typeof adminUserCreate>;

/** A row of the admin user list (part1 §3); role and license type belong to no team here: null. */
export const adminUserRow = z.object({
  userId: id,
  id,
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  email: z.string(),
  created: isoDate,
  lastModified: isoDate.nullable(),
  superAdmin: z.boolean(),
  userActivated: z.boolean(),
  organizationsCount: z.number().int(),
  imageUpdated: isoDate.nullable(),
  role: role.nullable(),
  licenseType: licenseType.nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUserPage = pagedResult(adminUserRow);
export type AdminUserPage = z.infer<typeof adminUserPage>;

/** One of a user's teams on the admin user page. */
export const adminUserTeam = z.object({
  organization: z.object({ id, name: z.string() }),
  role,
  licenseType,
  imageUpdated: isoDate.nullable(),
});
export type AdminUserTeam = z.infer<typeof adminUserTeam>;

/** GET /api/Admin/Users/{userId} (part1 §2 admin user edit, §3 user). */
export const adminUser = z.object({
  userId: id,
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  superAdmin: z.boolean(),
  hasManualUserSubscription: z.boolean(),
  hasMetaSubscription: z.boolean(),
  userActivated: z.boolean(),
  /** The user has chosen a password (the password login is activated). */
  passwordSet: z.boolean(),
  hasRoomscaleLogin: z.boolean(),
  hasSsoLogin: z.boolean(),
  hasOculusLogin: z.boolean(),
  userLogins: z.array(userLogin),
  imageUpdated: isoDate.nullable(),
  created: isoDate,
  createdBy: id.nullable(),
  createdByName: z.string().nullable(),
  lastModified: isoDate.nullable(),
  lastModifiedBy: id.nullable(),
  lastModifiedByName: z.string().nullable(),
  organizations: z.array(adminUserTeam),
});
export type AdminUser = z.infer<typeof adminUser>;

/** PATCH /api/Admin/Users/{userId} (part1 §5: names 2+, position 2..50, email read-only). */
export const adminUserEdit = z.object({
  firstName: personName,
  lastName: personName,
  position: position.nullable().optional(),
  superAdmin: z.boolean(),
  hasManualUserSubscription: z.boolean(),
});
export type AdminUserEdit = z.input<typeof adminUserEdit>;

/** PUT /api/Admin/Organizations: a new team from a name; it has no members until one is added. */
export const adminOrganizationCreate = z.object({ name: teamDetailsShape.name });
export type AdminOrganizationCreate = z.input<typeof adminOrganizationCreate>;
export const adminOrganizationCreated = z.object({ organizationId: id, id });

/** A row of the admin team list (part1 §3 organization summary). */
export const adminOrganizationRow = z.object({
  organizationId: id,
  id,
  name: z.string(),
  licenseCount: z.number().int(),
  usersCount: z.number().int(),
  filesCount: z.number().int(),
  roomsCount: z.number().int(),
  created: isoDate,
  lastModified: isoDate.nullable(),
  imageUpdated: isoDate.nullable(),
});
export type AdminOrganizationRow = z.infer<typeof adminOrganizationRow>;
export const adminOrganizationPage = pagedResult(adminOrganizationRow);
export type AdminOrganizationPage = z.infer<typeof adminOrganizationPage>;

/** A member on the admin team page (part1 §3 organization user), with the super admin badge. */
export const adminOrganizationUser = z.object({
  userId: id,
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  position: z.string().nullable(),
  role,
  licenseType,
  superAdmin: z.boolean(),
});
export type AdminOrganizationUser = z.infer<typeof adminOrganizationUser>;

/** GET /api/Admin/Organizations/{organizationId} (part1 §3 organization detail). */
export const adminOrganization = z.object({
  organizationId: id,
  id,
  name: z.string(),
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  licenseCount: z.number().int(),
  licensesInUse: z.number().int(),
  stripeLicenseCount: z.number().int(),
  manualLicenseCount: z.number().int(),
  metaLicenseCount: z.number().int(),
  selfManaged: z.boolean(),
  hasSamlSso: z.boolean(),
  imageUpdated: isoDate.nullable(),
  created: isoDate,
  createdBy: id.nullable(),
  createdByName: z.string().nullable(),
  lastModified: isoDate.nullable(),
  lastModifiedBy: id.nullable(),
  lastModifiedByName: z.string().nullable(),
  /** The members by name, at most `adminLimits.teamUsersShown` of `usersCount`. */
  users: z.array(adminOrganizationUser),
  usersCount: z.number().int(),
  /** Every manual license of the team, newest start first. */
  licenses: z.array(manualLicense),
  /** The payment provider's customer; its details come with billing. */
  stripeDetails: z.object({ customerId: z.string() }).nullable(),
});
export type AdminOrganization = z.infer<typeof adminOrganization>;

/** A payment provider customer id as typed ('cus_…'); empty clears it. */
const customerId = z
  .string()
  .trim()
  .max(255)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** PATCH /api/Admin/Organizations/{organizationId}: the team's details and the admin-only fields. */
export const adminOrganizationEdit = z
  .object({ ...teamDetailsShape, selfManaged: z.boolean(), customerId })
  .superRefine(companyRule)
  .transform(clearConsumerCompany);
export type AdminOrganizationEdit = z.input<typeof adminOrganizationEdit>;
/** Edit result (part1 §3). */
export const adminOrganizationEdited = z.object({
  organizationId: id,
  name: z.string(),
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  customerId: z.string().nullable(),
  selfManaged: z.boolean(),
});

/**
 * PATCH /api/Admin/Organizations/{organizationId}/Users/{userId}: a membership's role and license
 * type. Adds the user when they are not a member; role None with license None removes them
 * (part1 §4), and joining or leaving a team is this call on oneself.
 */
export const adminMembershipEdit = z
  .object({ organizationId: id.optional(), userId: id.optional(), role, licenseType })
  .refine((v) => (v.role === 'None') === (v.licenseType === 'None'), {
    path: ['licenseType'],
    message: adminMessages.noneTogether,
  });
export type AdminMembershipEdit = z.input<typeof adminMembershipEdit>;

export const adminLimits = {
  /** Members listed on the admin team page. */
  teamUsersShown: 500,
  pageSizeUsers: limits.adminPageSizeUsers,
  pageSizeTeams: limits.adminPageSizeTeams,
} as const;
