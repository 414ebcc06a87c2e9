/**
 * Enums of the product. They travel in JSON by their names ("Admin", "Trial"),
 * except where the spec gives numbers; those numbers are kept beside the names.
 */

export const Roles = ['None', 'User', 'Admin'] as const;
export type Role = (typeof Roles)[number];
/** Choice lists exclude None. */
export const AssignableRoles = ['User', 'Admin'] as const satisfies readonly Role[];

export const LicenseTypes = ['None', 'Trial', 'License'] as const;
export type LicenseType = (typeof LicenseTypes)[number];
export const AssignableLicenseTypes = [
  'Trial',
  'License',
] as const satisfies readonly LicenseType[];

export const RoomSharingTypes = [
  'None',
  'OrganizationAllowlist',
  'OwnerUser',
  'OwnerOrganization',
  'Public',
] as const;
export type RoomSharingType = (typeof RoomSharingTypes)[number];
/** Numeric form used at room creation. */
export const RoomSharingTypeNumbers = { OwnerUser: 2, OwnerOrganization: 3, Public: 99 } as const;

/** part2 §3: industry options, in display order. */
export const INDUSTRY_NONE_CONSUMER = 'None (Consumer)';
export const INDUSTRY_OTHER = 'Other';
export const Industries = [
  'Communication',
  'Culture',
  'Education',
  'Financial',
  'Healthcare',
  'Industrial',
  'Materials',
  'Media',
  'Technology',
  INDUSTRY_NONE_CONSUMER,
  INDUSTRY_OTHER,
] as const;

/** Login provider ids. The password login is the product's own provider. */
export const PASSWORD_LOGIN_PROVIDER = 'RoomscaleAppUser';
export const PASSWORD_LOGIN_LABEL = 'Roomscale account';
export const META_LOGIN_PROVIDER = 'Oculus';
export const META_LOGIN_LABEL = 'Meta Account';

/** OAuth2 grants of POST /api/connect/token. */
export const GrantTypes = ['password', 'refresh_token', 'sso_redirect'] as const;
export type GrantType = (typeof GrantTypes)[number];
export const TOKEN_SCOPE = 'openid email profile offline_access roles';

/** How a participant takes part in a meeting (part2 §3). Moderators must be known users. */
export const ParticipantTypes = ['Participant', 'Moderator'] as const;
export type ParticipantType = (typeof ParticipantTypes)[number];

/** Sharing types an admin can give a room template (part1 §3: the admin screens offer these). */
export const TemplateSharingTypes = [
  'None',
  'OrganizationAllowlist',
  'Public',
] as const satisfies readonly RoomSharingType[];
export type TemplateSharingType = (typeof TemplateSharingTypes)[number];

/** Sharing types of a team's own room: team (3) or private (2). */
export const TeamRoomSharingTypes = [
  'OwnerUser',
  'OwnerOrganization',
] as const satisfies readonly RoomSharingType[];

/** The rooms list's 'Room type filter' (part2 §2): rooms, templates, or both. */
export const RoomTemplateFilters = ['Rooms', 'Templates', 'All'] as const;
export type RoomTemplateFilter = (typeof RoomTemplateFilters)[number];

/** Result codes of the public meeting lookup (part2 §3), travelling as numbers. */
export const MeetingLookupErrors = {
  NoError: 0,
  MeetingNotFound: 10,
  MeetingNotStarted: 20,
  MeetingEnded: 30,
} as const;
export type MeetingLookupError = (typeof MeetingLookupErrors)[keyof typeof MeetingLookupErrors];
