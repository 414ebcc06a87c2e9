/** Every limit and constant of the product, in one place (part1 §9, part2 §9). */
export const limits = {
  /** An access token counts as valid until its expiry minus this many seconds. */
  accessTokenSafetyMarginSeconds: 10,
  /** Terms must be accepted again when accepted on or before this date. */
  termsCutoff: '2023-09-01T23:59:59.999Z',
  nameMin: 2,
  nameMax: 100,
  positionMin: 2,
  positionMax: 50,
  emailMax: 254,
  teamNameMin: 2,
  teamNameMax: 100,
  companyNameMin: 2,
  companyNameMax: 100,
  industryTextMin: 2,
  industryTextMax: 60,
  loginPasswordMin: 6,
  passwordMin: 8,
  /** Upper bound against hashing abuse; long passphrases still fit. */
  passwordMax: 256,
  currentPasswordMin: 3,
  suggestionCount: 5,
  adminPageSizeTeams: 20,
  adminPageSizeUsers: 25,
  adminPageSizeRoomTemplates: 25,
  /** Entries per page of both audit log screens (docs/audit.md). */
  auditPageSize: 25,
  adminSearchDebounceMs: 1000,
  paginationMaxLinks: 10,
  profileImageMaxBytes: 10_000_000,
  avatarUrlMax: 2048,
  /** A file at or above this many bytes is refused (part2 §5, §9). */
  maxUploadBytes: 2147483648,
  /** Upload chunks are this size or a multiple of it (part2 §5, §9). */
  uploadChunkBytes: 262144,
  /** Single sign-on settings (docs/sso.md). */
  samlUrlMax: 2000,
  samlCertificateMax: 20000,
  loginProviderIdMax: 100,
} as const;

/** Server-side lifetimes and security parameters. */
/** How text goes over the wire: answers and built assets smaller than this stay uncompressed. */
export const delivery = {
  compressMinBytes: 1024,
} as const;

export const security = {
  accessTokenSeconds: 15 * 60,
  /**
   * How long one instance trusts a session it confirmed alive without asking again; ending a
   * session on this instance forgets it at once (apps/server/src/platform/auth/sessionCache.ts).
   */
  sessionCacheSeconds: 5,
  /**
   * How long one instance trusts a team membership it read without asking again, at most: every
   * change to it is forgotten at once on every instance that listens for the database's word
   * (apps/server/src/platform/auth/membershipCache.ts); this bounds a word lost on the way.
   */
  membershipCacheSeconds: 5,
  /** A refresh-token family lives at most this long from the login that started it. */
  refreshTokenAbsoluteSeconds: 30 * 24 * 3600,
  activationTokenSeconds: 7 * 24 * 3600,
  resetTokenSeconds: 3600,
  /** A resumable upload session may be resumed this long after it started (as in GCS). */
  uploadSessionSeconds: 7 * 24 * 3600,
  /** How long a signed upload address accepts the start of an upload. */
  uploadUrlSeconds: 3600,
  /** How long a signed download address works; long enough to watch a video to its end. */
  downloadUrlSeconds: 3600,
  /**
   * A download address stays the same for this long (at most a twelfth of its lifetime): it is
   * dated to the start of these minutes and works `downloadUrlSeconds` from then, so the same
   * thumbnail asked for again within them is the same address, which the browser has cached.
   */
  downloadUrlSteadySeconds: 300,
  /**
   * Password-grant throttle (apps/server/src/modules/auth/throttle.ts). Failed attempts at one
   * account from one address: this many within the window lock that pair — not the account.
   */
  pairFailuresBeforeLock: 5,
  /** The pair's counting window, and how long its lock lasts. */
  pairLockSeconds: 15 * 60,
  /** Failed password grants tolerated per IP (any accounts) within the window. */
  ipFailuresBeforeLock: 20,
  ipFailureWindowSeconds: 15 * 60,
  /**
   * Account-wide failures (from every address) before attempts from unfamiliar addresses must
   * wait: a delay that starts at the base, doubles with each further failure and stops growing
   * at the cap. A slowdown, never a lock; a completed password reset lifts it.
   */
  accountFailuresBeforeSlowdown: 5,
  accountSlowdownBaseSeconds: 1,
  accountSlowdownMaxSeconds: 15 * 60,
  /** An account's failure count is forgotten after this long without a failure. */
  accountFailureMemorySeconds: 24 * 3600,
  /**
   * An address that signed in to the account within this time is familiar: it keeps its own
   * pair budget whatever the account-wide slowdown, so an attacker cannot lock the owner out.
   */
  familiarAddressSeconds: 90 * 24 * 3600,
  /** Requests per minute and IP on the public account routes (a second line behind the above). */
  rateLimitPerMinute: {
    token: 30,
    register: 10,
    confirm: 10,
    forgotPassword: 5,
    resetPassword: 10,
    changePassword: 10,
    logins: 30,
    /** Sign-ins started and responses posted at the SAML addresses, per client address. */
    saml: 60,
    /** Meta link and unlink calls, each of which asks Meta's API (docs/linked-accounts.md). */
    meta: 20,
  },
  /** A Meta sign-in started from the profile must come back to /sso/oculus within this time. */
  metaLinkStartSeconds: 15 * 60,
  /** A sign-in at the identity provider must come back within this time (docs/sso.md). */
  samlRequestSeconds: 10 * 60,
  /** Clocks of the identity provider and ours may differ by this much. */
  samlClockSkewSeconds: 60,
  /**
   * The consumer URL is open to anyone, and parsing XML and checking its signature costs time
   * that grows with the document's size and shape (25,000 nested elements cost about a second).
   * Before any XML parser runs, a linear pass over the decoded response refuses one that is
   * larger, deeper or has more elements than these (apps/server/src/modules/sso/bound.ts).
   * Real responses are far inside them: about 10 levels deep (Response, Assertion, Signature,
   * KeyInfo, X509Data…) and a few dozen elements, a few hundred with Entra ID's group claims.
   */
  samlResponse: {
    /** Decoded bytes; a signed response with many attributes and a certificate chain fits. */
    maxBytes: 160 * 1024,
    /** Elements inside elements. */
    maxDepth: 32,
    /** Elements in the whole document. */
    maxElements: 3000,
  },
  /**
   * An identity provider's federation metadata imported on the Single sign-on tab (pasted, a
   * file, or fetched once from an address by the server; docs/sso.md "Importing the identity
   * provider's metadata"). Bounded like a response before any XML parser sees it. Entra ID's
   * federationmetadata.xml, the largest common one, is about 20 KB and 10 levels deep.
   */
  samlMetadata: {
    /** Bytes of XML (UTF-8), pasted, uploaded or fetched. */
    maxBytes: 512 * 1024,
    maxDepth: 32,
    maxElements: 5000,
    /** The whole fetch of a metadata address: connect, answer and body. */
    fetchTimeoutMs: 5000,
  },
  /**
   * Refused single sign-on responses recorded in a team's audit log, at most this many per
   * hour: beyond, a refusal is only in the server's log, so a flood cannot fill the audit log.
   */
  ssoRefusalsAuditedPerHour: 20,
  /** The one-time token a SAML sign-in leaves for the browser works once, this briefly. */
  ssoTokenSeconds: 60,
  /** Longest request address (path and query) the API reads; longer ones get 414. */
  maxUrlLength: 8 * 1024,
  /** `Retry-After` of a 503 while the database is unreachable or the server is shutting down. */
  unavailableRetryAfterSeconds: 5,
} as const;

/** Single sign-on settings of a team. */
export const ssoLimits = {
  /**
   * Days before the end of the last valid certificate of a team's identity provider at which its
   * admins are mailed (the first is also when the tab starts warning): providers roll their
   * certificate over on a schedule, and single sign-on stops on the day it runs out.
   */
  certificateWarningDays: [30, 7],
} as const;

/**
 * How long rows that grow with time alone are kept once they are of no use, and how the hourly
 * retention sweep deletes them (apps/server/src/platform/retention, docs/deployment.md "Tables
 * that grow, and their retention"). The audit log's retention is an operator setting
 * (AUDIT_RETENTION_DAYS), kept forever by default.
 */
export const retention = {
  /** Sessions (with their refresh tokens) and guest sessions, after they were revoked or ran out. */
  endedSessionDays: 7,
  /** Emailed activation and reset tokens, after they were used, replaced or ran out. */
  endedEmailTokenDays: 7,
  /** Guest sign-in codes, after they ran out (they count sends for 15 minutes). */
  endedGuestCodeDays: 1,
  /** Invitations to existing accounts, after they were answered, withdrawn or ran out. */
  endedInvitationDays: 30,
  /** Background jobs that succeeded, counted from when they last ran. */
  succeededJobDays: 7,
  /** Background jobs that failed for good: kept longer, to find out why. */
  failedJobDays: 30,
  /**
   * Applied payment webhook events, kept to recognise a delivery sent again. Stripe retries a
   * delivery for up to 3 days and keeps an event (to resend by hand) for 30.
   */
  billingEventDays: 30,
  /** The sweep runs once per this many seconds, on one instance. */
  sweepEverySeconds: 3600,
  /** Rows one statement deletes: each batch commits on its own, so no lock is held long. */
  batchRows: 1000,
  /** Batches per table in one run; what is left goes in the next run. */
  maxBatchesPerTable: 100,
  /** A run stops starting new batches after this long; the rest waits for the next run. */
  runBudgetSeconds: 120,
} as const;

/** Where the default avatar lives, relative to the public URL ('Skip avatar creation'). */
export const DEFAULT_AVATAR_PATH = '/avatars/default.glb';

/** Profile icon sizes in pixels. */
export const profileIconSizes = { xs: 16, sm: 26, md: 32, default: 42, lg: 60, xl: 98 } as const;

export const dateFormats = {
  createdEdited: 'D-M-YYYY H:mm:ss',
  billing: 'DD-MM-YYYY',
} as const;

/**
 * A date as `dateFormats.billing` writes it (dd-MM-yyyy), on the UTC calendar: for the server's
 * billing emails and the simulator's invoice pages, which have no browser time zone (the web
 * app formats the same pattern with dayjs).
 */
export function formatBillingDate(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return dateFormats.billing
    .replace('DD', two(at.getUTCDate()))
    .replace('MM', two(at.getUTCMonth() + 1))
    .replace('YYYY', String(at.getUTCFullYear()));
}

/** Rooms, room templates and room data (part1 §5, §9; part2 §5, §9). */
export const roomLimits = {
  /** Rooms list page (infinite scroll). */
  pageSize: 24,
  templateNameMin: 2,
  /** Room and template names; a duplicate's 'Copy of {name}' is cut to this too. */
  nameMax: 60,
  descriptionMax: 1000,
  categoryMax: 60,
  sceneNameMax: 200,
  urlMax: 2048,
  maxUsersMin: 1,
  maxUsersMax: 1000,
  /** Max users of a template made from a name, until the admin sets it. */
  defaultMaxUsers: 16,
  capabilityNameMax: 100,
  capabilitiesMax: 50,
  allowedOrganizationsMax: 500,
  dataKindMax: 100,
  /** Characters of one room data entry (the VR app's serialized object). */
  dataMaxChars: 32_768,
  /** Entries one room may hold, against runaway clients. */
  dataEntriesPerRoomMax: 5000,
} as const;

/** Team users screen (part2 §9): pages of 50, a pager of 4 page links with boundary links. */
export const teamUserLimits = {
  pageSize: 50,
  pagerLinks: 4,
  /** An invitation to join a team (an existing account) may be answered this long. */
  invitationSeconds: 7 * 24 * 3600,
  /**
   * Invitations (to new addresses and to existing accounts) one team, and one admin across all
   * their teams, may send within `invitationWindowSeconds`; the next one is a 429.
   */
  invitationsPerTeam: 30,
  invitationsPerAdmin: 30,
  invitationWindowSeconds: 3600,
} as const;

/** Meetings (part2 §5, §9). */
export const meetingLimits = {
  listPageSize: 10,
  dashboardPageSize: 5,
  searchDebounceMs: 800,
  defaultLengthMinutes: 60,
  /** When the end is not after the start, the form moves it to start + this. */
  fixUpMinutes: 5,
  nameMax: 100,
  descriptionMax: 2000,
  participantsMax: 200,
  roomsMax: 20,
  /** Meeting codes: this many characters of `codeAlphabet`. */
  codeLength: 7,
  /** No 0/O, 1/I/L: easy to read aloud and to type on a headset. */
  codeAlphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
  /** Public code lookups per minute and IP (codes must not be guessable by brute force). */
  lookupPerMinute: 60,
} as const;
