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
