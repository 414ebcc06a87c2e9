/**
 * SCIM 2.0 provisioning (docs/scim.md): the `detail` of the SCIM errors an identity provider
 * shows its admin, and the protocol's limits.
 */
export const scimMessages = {
  unauthorized: "The bearer token is not this team's SCIM token.",
  notFound: 'No such resource in this team.',
  groupsUnsupported: 'Groups are not supported: Roomscale provisions users only.',
  unsupportedMediaType: 'Send application/scim+json or application/json.',
  invalidSyntax: 'The request body is not valid JSON.',
  tooManyRequests: 'Too many requests with this token; try again later.',
  internal: 'The request could not be completed.',
  filterUnsupported: (what: string) => `Filtering on ${what} is not supported.`,
  givenOnce: (name: string) => `${name} must be given once.`,
  notInteger: (name: string) => `${name} must be an integer.`,
  userExists: 'A user with this userName is already in the team.',
  lastAdmin: "The team's last admin cannot be suspended or removed.",
  addressFixed:
    "userName and the work email are the account's address and cannot be changed through SCIM.",
  emailMismatch: "The work email must be the userName (the account's one address).",
  namesRequired: 'name.givenName and name.familyName are required.',
  namesLocked:
    'This account was not created by the team: its names and title are its owner’s to change.',
  createInactive: 'Create users as active; suspend them with active: false afterwards.',
  awaitingAcceptance:
    'The person already had a Roomscale account and has not accepted the invitation yet.',
  invalidUser: 'The body is not a valid User.',
  removedByAdmin:
    'A team admin removed this member in Roomscale; a team admin adds the person again.',
} as const;

export const scimLimits = {
  /** Calls per minute with one team's token (Okta and Entra ID send a few per second at most). */
  requestsPerMinute: 600,
  /** The most users one list answers (`count` beyond it is cut, as RFC 7644 §3.4.2.4 allows). */
  maxResults: 200,
  /** totalResults counts the matches of a list up to this many (a team has far fewer). */
  countCap: 10_000,
  /** A SCIM request body (one user, one PATCH) fits well within this. */
  bodyBytes: 64 * 1024,
} as const;

/** The SCIM card on the team's Single sign-on tab (team admins; docs/scim.md). */
export const scimTexts = {
  title: 'SCIM provisioning',
  intro:
    "Let your identity provider (Entra ID, Okta, …) add, update, suspend and remove the team's members. Enter the base URL and the token in its SCIM settings.",
  enabled: 'SCIM provisioning is on',
  disabled: 'SCIM provisioning is off: the team has no token.',
  createdAt: (date: string) => `Token created ${date}`,
  lastUsedAt: (date: string) => `last used ${date}`,
  neverUsed: 'not used yet',
  create: 'Create token',
  replace: 'Replace token',
  revoke: 'Revoke token',
  baseUrl: 'SCIM base URL',
  token: 'Token',
  tokenOnce:
    'Copy the token now: it is shown only this once. Roomscale keeps only a fingerprint of it.',
  replaceTitle: 'Replace the SCIM token?',
  replaceText:
    'The current token stops working at once. Enter the new one in your identity provider, or provisioning stops.',
  revokeTitle: 'Revoke the SCIM token?',
  revokeText:
    "Your identity provider can no longer change the team's members. Members it added stay.",
  created: 'A new SCIM token was created.',
  revoked: 'The SCIM token was revoked.',
  loadFailed: 'The SCIM settings could not be loaded.',
  failed: 'That did not work. Please try again.',
} as const;
