import { AssignableLicenseTypes, AssignableRoles } from '../enums.ts';
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

/** A member of a team as the team screens see it (part2 §3 'Team user'). */
export const teamUser = z.object({
  /**
   * The member's user id. On a pending invitee's row (`invitationPending`), the invitation's id:
   * an account that has not accepted is not named to the team, not even by its id.
   */
  id: id.describe(
    "The member's user id; on a pending invitee's row (invitationPending) the invitation's id",
  ),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  position: z.string().nullable(),
  role,
  licenseType,
  userActivated: z.boolean(),
  hasRoomscaleLogin: z.boolean(),
  hasSsoLogin: z.boolean(),
  hasOculusLogin: z.boolean(),
  /**
   * An existing account invited to the team that has not answered yet. Such a row carries only
   * the address the admin typed, the role and license it will get, and the invitation's id:
   * names and position are empty, the flags false. It is not a member; removing it (by that id)
   * withdraws the invitation.
   */
  invitationPending: z.boolean(),
  /**
   * Whether this team may edit the person's names and position: only for an account the team
   * created by inviting a new address, until it is activated. Otherwise they are the owner's.
   */
  profileEditable: z.boolean(),
  /**
   * The member's latest check-in in VR (docs/usage.md), null if none or when the caller may not
   * see it: a team admin sees everyone's, a member only their own. Absent from older servers.
   */
  lastInVrAt: isoDate.nullable().optional(),
});
export type TeamUser = z.infer<typeof teamUser>;

/**
 * GET /api/Organizations/{organizationId}/Users?Filter&Page&PageSize: the team's members (not
 * removed ones), by name; `Filter` matches first name, last name, full name or email. The
 * meeting form's search asks for page 1 of 5.
 */
export const teamUserListQuery = pageQuery.extend({
  /**
   * 'Licensed, not in VR for 30 days' (team admins): only members holding a License with no day
   * in VR in the last `insightLimits.notInVrDays` days (pending invitations left out).
   */
  LicensedNotInVr: z.stringbool().optional(),
});
export const teamUserList = z.object({
  results: pagedResult(teamUser),
  /** Licenses the team holds, and how many of them members use (part2 §3). */
  licenseCount: z.number().int(),
  licensesInUse: z.number().int(),
  /** Of `results.entryCount`, the pending invitations (listed after the members). */
  invitationsPending: z.number().int(),
});
export type TeamUserList = z.infer<typeof teamUserList>;

/**
 * PUT /api/Organizations/{organizationId}/Users (team admins): add a user to the team. A new
 * address gets an account and an invitation to choose a password; a registered one is invited
 * and joins once they accept (docs/team.md 'Invitations'). New users start as User with a Trial license, password login on, SSO off
 * (part2 §4 'User row').
 */
export const teamUserAdd = z.object({
  email,
  firstName: personName,
  lastName: personName,
  position: position.nullable().optional(),
  role: z.enum(AssignableRoles).default('User'),
  licenseType: z.enum(AssignableLicenseTypes).default('Trial'),
  assignRoomscalePassword: z.boolean().default(true),
  assignSso: z.boolean().default(false),
});
export type TeamUserAdd = z.input<typeof teamUserAdd>;

/** PATCH /api/Organizations/{organizationId}/Users/{userId} (team admins). */
export const teamUserEdit = z.object({
  firstName: personName.optional(),
  lastName: personName.optional(),
  position: position.nullable().optional(),
  role: z.enum(AssignableRoles).optional(),
  licenseType: z.enum(AssignableLicenseTypes).optional(),
});
export type TeamUserEdit = z.input<typeof teamUserEdit>;

export const teamUserMessages = {
  alreadyMember: 'This user is already a member of the team.',
  alreadyInvited: 'This address has already been invited to the team.',
  profileLocked:
    'Only the person can change their name and position: the team can edit them only for accounts it invited that have not been activated yet.',
  invitationRateLimited:
    'Too many invitations were sent in the last hour, by this team or by you. Please try again later.',
  notMember: 'This user is not a member of the team.',
  ownRole: 'You cannot change your own role.',
  removeSelf: 'You cannot remove yourself from the team.',
  lastAdmin: 'A team needs at least one admin.',
  noFreeLicense: 'No free licenses are left. Purchase licenses to assign one.',
  noSso: 'The team has no single sign-on configured.',
  passwordOrSso: 'A user needs a password login when single sign-on is off.',
} as const;
