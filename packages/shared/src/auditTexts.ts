import { routeTitles } from './routeTitles.ts';
import type { AuditAction, SsoRefusalReason } from './schemas/audit.ts';

/** What each recorded action reads as in the audit log. */
export const auditLabels = {
  'user.create': 'User created',
  'user.edit': 'User changed',
  'user.delete': 'User deleted',
  'team.create': 'Team created',
  'team.edit': 'Team changed',
  'team.delete': 'Team deleted',
  'membership.add': 'Member added',
  'membership.edit': 'Membership changed',
  'membership.remove': 'Member removed',
  'license.create': 'License created',
  'license.edit': 'License changed',
  'license.delete': 'License deleted',
  'license.returnToTrial': 'Returned to Trial',
  'template.create': 'Room template created',
  'template.edit': 'Room template changed',
  'template.delete': 'Room template deleted',
  'sso.configure': 'Single sign-on configured',
  'sso.refused': 'Single sign-on refused',
  'login.link': 'Login linked',
  'login.unlink': 'Login unlinked',
  'billing.customer': 'Billing details saved',
  'billing.order': 'Subscription ordered',
  'billing.paymentMethod': 'Payment method changed',
  'billing.cancel': 'Subscription cancelled',
  'scim.tokenCreate': 'SCIM token created',
  'scim.tokenRevoke': 'SCIM token revoked',
  'membership.suspend': 'Member suspended',
  'membership.restore': 'Member restored',
} as const satisfies Record<AuditAction, string>;

/**
 * Names of the recorded fields; a field missing here is shown from its key ('validUntil' reads
 * 'Valid until'), so a new field on the server never shows up blank.
 */
export const auditFieldLabels: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  name: 'Name',
  email: 'Email',
  position: 'Position',
  superAdmin: 'Super admin',
  hasManualUserSubscription: 'Manual user license',
  role: 'Role',
  licenseType: 'License type',
  invitation: 'Invitation',
  newAccount: 'New account',
  companyName: 'Company name',
  industry: 'Industry',
  selfManaged: 'Self managed',
  paymentCustomerId: 'Payment customer',
  start: 'Start',
  end: 'End',
  description: 'Name',
  userAmount: 'Users',
  sharingType: 'Sharing',
  allowedOrganizations: 'Allowed teams',
  category: 'Category',
  addressableUrlAndroid: 'Android content address',
  addressableUrlWindows: 'Windows content address',
  addressableUrlMac: 'Mac content address',
  maxUsers: 'Max users',
  sceneName: 'Scene name',
  imageUrl: 'Image url',
  capabilities: 'Capabilities',
  persistent: 'Persistent',
  loginProviderId: 'Login',
  displayName: 'Login name',
  providerKey: 'Account id',
  hasMetaSubscription: 'Meta subscription',
  card: 'Card',
  refusalReason: 'Reason',
  userKey: 'Account at the identity provider',
};

/**
 * Why a single sign-on was refused ('sso.refused'), for the team admin who is asked why a
 * sign-in failed; the browser itself only ever shows the general failure text.
 */
export const ssoRefusalTexts = {
  signature: 'The signature is missing, not made with the saved certificate, or not allowed',
  audience: 'The response is meant for another service provider (Entity ID)',
  expired: 'The response is expired or not yet valid (check the clocks)',
  issuer: "The response's issuer is not the saved identity provider entity ID",
  destination: 'The response is addressed to another reply URL',
  request: 'The sign-in was not started here, took too long, or was already answered',
  replay: 'The same response was posted again',
  status: 'The identity provider reported that the sign-in failed',
  unknownUser: 'Nobody in Roomscale has a single sign-on login with this account',
  malformed: 'The response is not a readable SAML response',
  tooLarge: 'The response is larger or more deeply nested than allowed',
  other: 'The response did not pass the checks',
} as const satisfies Record<SsoRefusalReason, string>;

/** Where a room template's record names a field otherwise than the others do. */
export const auditTemplateFieldLabels: Record<string, string> = {
  description: 'Description',
  sharingType: 'Sharing type',
};

/** User-facing strings of the audit log screens (super admins' and team admins'). */
export const auditTexts = {
  title: 'Audit log',
  intro: 'Every change made by an admin: who made it, when, what changed and from which address.',
  teamIntro: "Changes made to your team by its admins and by Roomscale's administrators.",
  /** The team management tab and its page title. */
  teamTab: routeTitles.teamAuditLog,
  columns: {
    when: 'When',
    who: 'Who',
    what: 'What',
    team: 'Team',
    about: 'About',
    change: 'Change',
    address: 'Address',
  },
  tableLabel: 'Recorded changes',
  /** What a row is about when it is not a user: its name, and under it its kind. */
  about: { template: 'Room template', license: 'License', team: 'Team' },
  unknownTemplate: 'Unnamed room template',
  system: 'System',
  systemHint: 'Made by Roomscale itself, for example a license that ended',
  /** The actor of changes a team's identity provider makes over SCIM (docs/scim.md). */
  scim: 'SCIM',
  scimHint: "Made by the team's identity provider through SCIM provisioning",
  unknownPerson: 'Unknown user',
  unknownTeam: 'Deleted team',
  none: '—',
  yes: 'Yes',
  no: 'No',
  /** Screen-reader words around the arrow of a before → after pair. */
  changedTo: 'changed to',
  created: 'Set to',
  removed: 'Removed',
  noDetails: 'No details',
  /** A value too long to show in full; the whole value is in its tooltip. */
  truncated: '…',
  /** `more`: the log counted no further (`n` is then one past what it counted). */
  count: (n: number, more = false) =>
    more
      ? `More than ${(n - 1).toLocaleString('en')} changes`
      : n === 1
        ? '1 change'
        : `${n.toLocaleString('en')} changes`,
  empty: 'No changes recorded yet',
  emptyHint: 'Changes made by admins appear here as soon as they are made.',
  noMatch: 'No changes match these filters',
  noMatchHint: 'Try another team or user, or clear the filters.',
  clearFilters: 'Clear filters',
  loadFailed: 'The audit log could not be loaded',
  retry: 'Try again',
  pagination: 'Audit log pages',
  filters: {
    label: 'Filter the audit log',
    team: 'Team',
    teamPlaceholder: 'All teams',
    clearTeam: 'Show all teams',
    user: 'About user',
    userPlaceholder: 'All users',
    clearUser: 'Show all users',
    noSuggestions: 'Nothing found',
    suggestionsFailed: 'Suggestions could not be loaded',
    /** Shown while the name of a team or user picked through an old link is looked up. */
    selectedTeam: 'Selected team',
    selectedUser: 'Selected user',
  },
} as const;
