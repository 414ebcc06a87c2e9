import { LicenseTypes, ParticipantTypes, Roles, RoomSharingTypes } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case; unique. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    position: text('position'),
    superAdmin: boolean('super_admin').notNull().default(false),
    privacyAccepted: ts('privacy_accepted'),
    termsAccepted: ts('terms_accepted'),
    avatarUrl: text('avatar_url'),
    activated: boolean('activated').notNull().default(false),
    /** argon2id PHC string; null until the user sets a password. */
    passwordHash: text('password_hash'),
    imageUpdated: ts('image_updated'),
    hasManualUserSubscription: boolean('has_manual_user_subscription').notNull().default(false),
    hasMetaSubscription: boolean('has_meta_subscription').notNull().default(false),
    created: created(),
    createdBy: uuid('created_by'),
    lastModified: ts('last_modified'),
    lastModifiedBy: uuid('last_modified_by'),
    /**
     * The names in lower case, as the admin user list searches and sorts them: `name_key` is
     * `lower(first_name) || ' ' || lower(last_name)`, the other two each name's. Never written by
     * the code: the trigger `users_name_keys` (migration 0025) sets them on every insert and
     * update, whichever path writes the names (and a previous version's instances, which do not
     * know them), so a search neither lowercases a row nor misses a renamed one.
     */
    nameKey: text('name_key'),
    firstNameKey: text('first_name_key'),
    lastNameKey: text('last_name_key'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The admin user list (modules/admin/users.ts): its order, and its substring search on the
    // full name and the address (pg_trgm, migration 0020).
    index('users_name_order').on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    index('users_full_name_trgm').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index('users_email_trgm').using('gin', sql`${t.email} gin_trgm_ops`),
    // The search on the stored lower-case names (migration 0025), which replaces
    // users_full_name_trgm (kept while the previous release's instances search with it).
    index('users_name_key_trgm').using('gin', sql`${t.nameKey} gin_trgm_ops`),
    // The members with a headset-store subscription, each a license of their teams
    // (licenses/accounting.ts): counting a team's is one probe per member of this small index,
    // not a read of each member's row.
    index('users_meta_subscription').on(t.id).where(sql`${t.hasMetaSubscription}`),
  ],
);

/** External logins (single sign-on, headset store). The password login is users.password_hash. */
export const userLogins = pgTable(
  'user_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loginProviderId: text('login_provider_id').notNull(),
    providerKey: text('provider_key').notNull(),
    displayName: text('display_name').notNull(),
    created: created(),
  },
  (t) => [
    uniqueIndex('user_logins_provider_key').on(t.loginProviderId, t.providerKey),
    index('user_logins_user').on(t.userId),
  ],
);

/** Single-use emailed tokens (activation, password reset), stored as SHA-256 hashes. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    created: created(),
  },
  (t) => [
    uniqueIndex('user_tokens_hash').on(t.tokenHash),
    index('user_tokens_user').on(t.userId),
    // When the token stopped working (used or ran out): the retention sweep's order.
    index('user_tokens_ended').on(sql`least(${t.usedAt}, ${t.expiresAt})`),
  ],
);

/**
 * A sign-in: one refresh-token family. Access tokens name it (`sid`), so revoking a session
 * (logout, password change, reuse of a rotated refresh token) ends its access tokens at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How the session started: a grant type, e.g. password or sso_redirect. */
    method: text('method').notNull(),
    /** Absolute end, fixed at sign-in; rotation never extends it. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    created: created(),
  },
  (t) => [
    index('sessions_user').on(t.userId),
    // When the session ended (revoked or ran out; least skips a null): the retention sweep's order.
    index('sessions_ended').on(sql`least(${t.revokedAt}, ${t.expiresAt})`),
  ],
);

/**
 * Opaque refresh tokens, stored hashed. Each use rotates: the presented row is marked used and a
 * new row of the same session is issued. Presenting a used token revokes the whole session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    scope: text('scope').notNull(),
    usedAt: ts('used_at'),
    created: created(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash').on(t.tokenHash),
    index('refresh_tokens_session').on(t.sessionId),
    index('refresh_tokens_user').on(t.userId),
  ],
);

/** Failed password grants, counted per key (account or IP) to throttle brute force across instances. */
/**
 * Password-grant throttle rows (modules/auth/throttle.ts): `account:<email>` (account-wide
 * slowdown), `pair:<ip>|<email>` (one address at one account), `ip:<address>` (one address at
 * any account). `account` names the account of the first two, so a reset can clear them.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    account: text('account'),
    failures: integer('failures').notNull().default(0),
    windowStart: ts('window_start').notNull().defaultNow(),
    lastFailureAt: ts('last_failure_at'),
    /** Pair and IP rows: locked until then. Account row: unfamiliar addresses wait until then. */
    lockedUntil: ts('locked_until'),
    /** Pair rows: the last successful sign-in from this address to this account. */
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [
    index('auth_throttle_account').on(t.account),
    // The retention sweep (platform/retention): rows of failures only by their latest moment,
    // rows of an address that signed in by that success (it stays familiar for 90 days).
    index('auth_throttle_failures_quiet')
      .on(sql`greatest(${t.lockedUntil}, ${t.lastFailureAt}, ${t.windowStart})`)
      .where(sql`${t.lastSuccessAt} is null`),
    index('auth_throttle_last_success')
      .on(t.lastSuccessAt)
      .where(sql`${t.lastSuccessAt} is not null`),
  ],
);

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    companyName: text('company_name'),
    industry: text('industry'),
    imageUpdated: ts('image_updated'),
    selfManaged: boolean('self_managed').notNull().default(true),
    paymentCustomerId: text('payment_customer_id'),
    samlLoginProviderId: text('saml_login_provider_id'),
    samlLoginDisplayName: text('saml_login_display_name'),
    created: created(),
    createdBy: uuid('created_by'),
    lastModified: ts('last_modified'),
    lastModifiedBy: uuid('last_modified_by'),
  },
  // One payment customer pays for one team: its subscription's licenses count for that team.
  (t) => [
    uniqueIndex('organizations_payment_customer')
      .on(t.paymentCustomerId)
      .where(sql`${t.paymentCustomerId} is not null`),
    // The admin team list (modules/admin/teams.ts): its order and its substring search.
    index('organizations_name_order').on(sql`lower(${t.name})`, t.id),
    index('organizations_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    index('organizations_company_name_trgm').using('gin', sql`${t.companyName} gin_trgm_ops`),
  ],
);

/**
 * A team's SAML 2.0 identity provider (docs/sso.md). Its id is the login provider id of the
 * team's single sign-on logins (user_logins.login_provider_id) and of the SAML addresses.
 */
export const samlProviders = pgTable('saml_providers', {
  id: text('id').primaryKey(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique('saml_providers_organization')
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** The IdP's entity id: the Issuer its responses must carry. */
  idpEntityId: text('idp_entity_id').notNull(),
  loginUrl: text('login_url').notNull(),
  certificate: text('certificate').notNull(),
  certificateValidTo: ts('certificate_valid_to').notNull(),
  /**
   * The IdP's next signing certificate while it rolls over (docs/sso.md "Certificate
   * rollover"): a response signed with either is accepted. Null when there is none.
   */
  nextCertificate: text('next_certificate'),
  nextCertificateValidTo: ts('next_certificate_valid_to'),
  created: created(),
  createdBy: uuid('created_by'),
  lastModified: ts('last_modified'),
  lastModifiedBy: uuid('last_modified_by'),
});

/**
 * Warnings mailed to a team's admins before the certificate of its identity provider runs out
 * (docs/sso.md "Certificate rollover"): one row per provider, certificate end and days ahead
 * (30, 7), written in the transaction that queues the mails, so each is sent once.
 */
export const ssoCertificateWarnings = pgTable(
  'sso_certificate_warnings',
  {
    providerId: text('provider_id')
      .notNull()
      .references(() => samlProviders.id, { onDelete: 'cascade' }),
    validTo: ts('valid_to').notNull(),
    daysAhead: integer('days_ahead').notNull(),
    sent: ts('sent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.validTo, t.daysAhead] })],
);

/**
 * A team's one SCIM token (docs/scim.md): its identity provider provisions the team's members
 * with it under /scim/v2/{organizationId}. Stored as SHA-256, like refresh tokens; replacing it
 * replaces the row, revoking deletes it.
 */
export const scimTokens = pgTable('scim_tokens', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('scim_tokens_hash'),
  created: created(),
  createdBy: uuid('created_by'),
  lastUsedAt: ts('last_used_at'),
});

/**
 * A person the team's identity provider provisioned over SCIM (docs/scim.md): their `externalId`
 * in its directory, kept per team (the account may be in other teams), and a suspension.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    /**
     * Set while the identity provider has the member suspended (`active: false`): the membership
     * is removed like a team admin's removal (role and license None), and this is the role
     * `active: true` gives back.
     */
    suspendedRole: text('suspended_role', { enum: Roles }),
    created: created(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    uniqueIndex('scim_users_external_id').on(t.organizationId, t.externalId),
  ],
);

/**
 * AuthnRequests we sent and have not seen answered: a response must answer one of them (its
 * InResponseTo), once, for the same provider, before it expires. A link request remembers who
 * started it, so only that user can finish the link.
 */
export const samlRequests = pgTable(
  'saml_requests',
  {
    id: text('id').primaryKey(),
    providerId: text('provider_id').notNull(),
    purpose: text('purpose', { enum: ['login', 'link'] }).notNull(),
    linkUserId: uuid('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    created: created(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('saml_requests_expiry').on(t.expiresAt)],
);

/** Assertion ids already accepted, kept until the assertion expires: a replay is refused. */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    providerId: text('provider_id').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.assertionId] }),
    index('saml_assertions_expiry').on(t.expiresAt),
  ],
);

/**
 * One-time tokens a verified SAML response leaves for the browser (stored as SHA-256 hashes):
 * a login token redeemed by the sso_redirect grant, or a link token redeemed by the user who
 * started the link. Each works once, briefly, for its user (or linking user) and provider.
 */
export const ssoTokens = pgTable(
  'sso_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['login', 'link'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    /** The identity provider's user key (NameID) the response proved. */
    providerKey: text('provider_key').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('sso_tokens_expiry').on(t.expiresAt)],
);

/** A user's place in a team. Removing a member sets role and license type to None (part1 §4). */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: Roles }).notNull(),
    licenseType: text('license_type', { enum: LicenseTypes }).notNull(),
    /**
     * When the member was given their License (null without one). When a team holds fewer
     * licenses than in use, the latest given go back to Trial first (modules/licenses).
     */
    licenseAssignedAt: ts('license_assigned_at'),
    created: created(),
    lastModified: ts('last_modified'),
  },
  (t) => [
    uniqueIndex('memberships_org_user').on(t.organizationId, t.userId),
    index('memberships_user').on(t.userId),
    index('memberships_org_license').on(t.organizationId, t.licenseType),
  ],
);

/**
 * Licenses a super admin awards a team by hand (part1 §3 manual license): `user_amount` users
 * while `starts_at` ≤ now < `ends_at`. When one ends, is cut or deleted, a job returns the
 * licenses no longer covered to Trial (docs/licenses.md).
 */
export const manualLicenses = pgTable(
  'manual_licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    userAmount: integer('user_amount').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    created: created(),
    createdBy: uuid('created_by'),
    lastModified: ts('last_modified'),
    lastModifiedBy: uuid('last_modified_by'),
  },
  (t) => [
    index('manual_licenses_org_end').on(t.organizationId, t.endsAt),
    check('manual_licenses_users_check', sql`${t.userAmount} >= 1`),
    check('manual_licenses_period_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/**
 * Every change made through an admin call or a team admin's action (docs/audit.md), written in
 * the change's own transaction. No foreign keys: the record outlives the people and teams it
 * names, so names are copied in at the time of the change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: ts('at').notNull(),
    action: text('action').notNull(),
    entityId: text('entity_id'),
    organizationId: uuid('organization_id'),
    organizationName: text('organization_name'),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    targetUserId: uuid('target_user_id'),
    targetName: text('target_name'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at').on(t.at, t.id),
    index('audit_log_org_at').on(t.organizationId, t.at, t.id),
    index('audit_log_target_at').on(t.targetUserId, t.at, t.id),
  ],
);

/** Downloads started from the Download page (the admin overview counts them). */
export const downloads = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: ts('at').notNull(),
  },
  (t) => [index('downloads_user_platform_at').on(t.userId, t.platform, t.at)],
);

/**
 * Every invitation a team sends (docs/team.md "Invitations"). `new_account`: the address had no
 * account, so the team created one and its membership at once (the activation link sets the
 * password); the team may edit that account's names until it is activated. `existing_account`:
 * the person joins only by accepting; until then the row is `pending` and grants nothing. Only
 * the SHA-256 of the emailed token is kept. The rows also count invitations for the hourly
 * limits per team and per admin.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the admin typed (lower-case): all the team sees of a pending invitee. */
    email: text('email').notNull(),
    kind: text('kind', { enum: ['new_account', 'existing_account'] }).notNull(),
    status: text('status', {
      enum: ['pending', 'accepted', 'declined', 'withdrawn', 'expired'],
    }).notNull(),
    role: text('role', { enum: Roles }).notNull(),
    licenseType: text('license_type', { enum: LicenseTypes }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** Null for `new_account` (its link is the activation token in user_tokens). */
    tokenHash: text('token_hash'),
    expiresAt: ts('expires_at').notNull(),
    answeredAt: ts('answered_at'),
    created: created(),
  },
  (t) => [
    uniqueIndex('team_invitations_token').on(t.tokenHash),
    uniqueIndex('team_invitations_one_pending')
      .on(t.organizationId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('team_invitations_org_created').on(t.organizationId, t.created),
    index('team_invitations_inviter_created').on(t.invitedBy, t.created),
    index('team_invitations_user').on(t.userId),
    // When an invitation to an existing account ended (answered or ran out): the retention sweep.
    index('team_invitations_ended')
      .on(sql`least(${t.answeredAt}, ${t.expiresAt})`)
      .where(sql`${t.kind} = 'existing_account'`),
  ],
);

/** Key-value settings of the installation (e.g. first-start markers). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updated: ts('updated').notNull().default(sql`now()`),
});

/**
 * Rooms and room templates share one table (`is_template`): the spec's Room entity carries a
 * `template` flag, team admins convert rooms to templates and back, the rooms list shows both,
 * and a room created from a template is a copy of the template's row. Who sees a row:
 * - `organization_id` null: a platform template made by super admins (None = hidden draft,
 *   OrganizationAllowlist = the teams in `room_template_organizations`, Public = everyone);
 * - otherwise the team's room or team template: OwnerOrganization = the team,
 *   OwnerUser = `owner_user_id` and the participants of meetings that use it;
 * - `meeting_id` set: a temporary room created from a template for that meeting; it lives and
 *   dies with the meeting (cascade) and is never listed among the team's rooms.
 */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    isTemplate: boolean('is_template').notNull().default(false),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category'),
    /** Absolute path on our own server (default templates) or an https URL. */
    imageUrl: text('image_url'),
    sceneName: text('scene_name').notNull().default(''),
    addressableUrlAndroid: text('addressable_url_android'),
    addressableUrlWindows: text('addressable_url_windows'),
    addressableUrlMac: text('addressable_url_mac'),
    maxUsers: integer('max_users').notNull(),
    /** Room objects persist in-between sessions. */
    persistent: boolean('persistent').notNull().default(false),
    /** Capability names, in order. */
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
    sharingType: text('sharing_type', { enum: RoomSharingTypes }).notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The template this room was created from; saving the template updates the copied fields. */
    templateId: uuid('template_id').references((): AnyPgColumn => rooms.id, {
      onDelete: 'set null',
    }),
    meetingId: uuid('meeting_id').references((): AnyPgColumn => meetings.id, {
      onDelete: 'cascade',
    }),
    created: created(),
    createdBy: uuid('created_by'),
    lastModified: ts('last_modified'),
    lastModifiedBy: uuid('last_modified_by'),
  },
  (t) => [
    index('rooms_organization').on(t.organizationId),
    index('rooms_owner_user').on(t.ownerUserId),
    index('rooms_template').on(t.templateId),
    index('rooms_meeting').on(t.meetingId),
  ],
);

/** The teams an OrganizationAllowlist template is offered to. */
export const roomTemplateOrganizations = pgTable(
  'room_template_organizations',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.organizationId] }),
    index('room_template_organizations_org').on(t.organizationId),
  ],
);

/**
 * Objects the VR app keeps in a room. Static entries are the room's locked set-up; dynamic ones
 * are made during sessions, optionally tied to the meeting they were made in.
 */
export const roomData = pgTable(
  'room_data',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id').references((): AnyPgColumn => meetings.id, {
      onDelete: 'set null',
    }),
    kind: text('kind').notNull(),
    isStatic: boolean('is_static').notNull().default(false),
    /** Opaque to the server (the VR app's serialized object). */
    data: text('data').notNull(),
    created: created(),
    createdBy: uuid('created_by'),
    lastModified: ts('last_modified'),
    lastModifiedBy: uuid('last_modified_by'),
  },
  (t) => [index('room_data_room').on(t.roomId, t.kind), index('room_data_meeting').on(t.meetingId)],
);

/**
 * A meeting longer than this (a PostgreSQL interval) is "long-running": the meetings list finds
 * the ones still running through `meetings_organization_long_running`, every other running one
 * by its start within this interval before now. The index predicate and the list's query must
 * use the same text, or PostgreSQL cannot use the partial index.
 */
export const LONG_MEETING = '1 day';

/**
 * A scheduled meeting. `organization_id` is null for meetings guests create (a later feature);
 * `code` is the short unique code people type on a headset. `sequence` is the iCalendar
 * SEQUENCE of the invitations sent so far.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date').notNull(),
    /** IANA time zone the meeting was planned in; invitations show times in it. */
    timezoneLabel: text('timezone_label').notNull().default('UTC'),
    currentRoomId: uuid('current_room_id').references((): AnyPgColumn => rooms.id, {
      onDelete: 'set null',
    }),
    sequence: integer('sequence').notNull().default(0),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdByGuestEmail: text('created_by_guest_email'),
    created: created(),
    lastModified: ts('last_modified'),
    lastModifiedBy: uuid('last_modified_by'),
  },
  (t) => [
    uniqueIndex('meetings_code_key').on(t.code),
    // The team's list in its order, both ways (modules/meetings/list.ts), and its capped counts.
    index('meetings_organization_start').on(t.organizationId, t.startDate, t.id),
    // A team's meetings still to end (the upcoming list's count).
    index('meetings_organization_end').on(t.organizationId, t.endDate),
    // Still running though started over a day ago: the few the list's start range cannot reach.
    index('meetings_organization_long_running')
      .on(t.organizationId, t.endDate)
      .where(sql`${t.endDate} - ${t.startDate} > interval '${sql.raw(LONG_MEETING)}'`),
    // The meetings a member created, in the list's order; the end last, so a member's count of
    // upcoming meetings reads it from the index alone.
    index('meetings_creator_start').on(
      t.createdByUserId,
      t.organizationId,
      t.startDate,
      t.id,
      t.endDate,
    ),
  ],
);

/** The rooms of a meeting, in the order they were chosen. */
export const meetingRooms = pgTable(
  'meeting_rooms',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    roomId: uuid('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.roomId] }),
    index('meeting_rooms_room').on(t.roomId),
  ],
);

/**
 * Who is invited: a known user (`user_id`) or a guest by email. `email` is kept lower-case for
 * both, unique per meeting. `invited` records that the calendar invitation went out, so updates
 * and cancellations reach exactly the people who have the meeting in their calendar.
 */
export const meetingParticipants = pgTable(
  'meeting_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    /** A deleted user's invitation stays, as a guest invitation to the same address. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    participantType: text('participant_type', { enum: ParticipantTypes }).notNull(),
    invited: boolean('invited').notNull().default(false),
    created: created(),
    /**
     * The meeting's team and times, copied into each of its rows so that a member's meetings
     * list walks the member's own rows in the list's order. Kept by the database: a trigger
     * fills them from the meeting on every insert, another follows a meeting's edits
     * (migration 0014). Never written by the application.
     */
    organizationId: uuid('organization_id'),
    startDate: ts('start_date'),
    endDate: ts('end_date'),
  },
  (t) => [
    uniqueIndex('meeting_participants_meeting_email').on(t.meetingId, t.email),
    // A member's meetings of a team in the list's order, by user or by invited address; the
    // end last, so the count reads the upcoming ones from the index alone (meetings/list.ts).
    index('meeting_participants_user_list').on(
      t.userId,
      t.organizationId,
      t.startDate,
      t.meetingId,
      t.endDate,
    ),
    index('meeting_participants_email_list').on(
      t.email,
      t.organizationId,
      t.startDate,
      t.meetingId,
      t.endDate,
    ),
  ],
);

/**
 * Files: folders, files and notes in one tree (`parent_id`, deleting a folder cascades).
 * `scope` is FileScopes (User = owner only, Organization = every team member, Guest = the guest
 * whose address is `owner_guest_email`; a guest's items have no team). `blob_key` and
 * `thumbnail_key` are storage keys under the owner's prefix. Numeric enums follow the spec.
 */
export const fileItems = pgTable(
  'file_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A guest's own file (scope Guest, no team): the guest's address, lower-case. */
    ownerGuestEmail: text('owner_guest_email'),
    parentId: uuid('parent_id').references((): AnyPgColumn => fileItems.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    type: integer('type').notNull(),
    scope: integer('scope').notNull(),
    source: integer('source').notNull().default(0),
    mimeType: text('mime_type'),
    contentLength: bigint('content_length', { mode: 'number' }),
    blobKey: text('blob_key'),
    thumbnailKey: text('thumbnail_key'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    created: created(),
    createdBy: uuid('created_by'),
    lastModified: ts('last_modified'),
    lastModifiedBy: uuid('last_modified_by'),
  },
  (t) => [
    index('file_items_organization_parent').on(t.organizationId, t.parentId, t.type, t.name),
    // The orders the screens list by, so a page costs the same at any team size: a folder's
    // items by name with folders first (1 is Folder) — the root's in a partial index of its own,
    // since `parent_id IS NULL` does not pin the column for the order as `= $1` does — and the
    // flat recent list, newest first.
    index('file_items_root_name')
      .on(t.organizationId, sql`(${t.type} <> 1)`, sql`lower(${t.name})`, t.id)
      .where(sql`${t.parentId} is null`),
    index('file_items_folder_name').on(
      t.organizationId,
      t.parentId,
      sql`(${t.type} <> 1)`,
      sql`lower(${t.name})`,
      t.id,
    ),
    index('file_items_created').on(t.organizationId, t.created, t.id),
    index('file_items_parent').on(t.parentId),
    index('file_items_owner').on(t.organizationId, t.ownerUserId),
    index('file_items_guest')
      .on(t.ownerGuestEmail, t.parentId)
      .where(sql`${t.ownerGuestEmail} is not null`),
    index('file_items_blob_key').on(t.blobKey),
    index('file_items_thumbnail_key').on(t.thumbnailKey),
    check(
      'file_items_owner_check',
      sql`(${t.organizationId} is not null) <> (${t.ownerGuestEmail} is not null)`,
    ),
  ],
);

/**
 * Durable background jobs. Any instance claims a due row with `FOR UPDATE SKIP LOCKED`;
 * `locked_until` lets a crashed worker's job be claimed again; failures retry with backoff.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | running | succeeded | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: ts('run_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    created: created(),
    updated: ts('updated').notNull().defaultNow(),
  },
  (t) => [index('jobs_status_run_at').on(t.status, t.runAt)],
);

/**
 * The seat of a user's license on a VR device (part1 §3): one row per user, held by the device
 * whose `seat_key` is stored while it checks in at least every required-update interval.
 * `assigned_at` is when that device took the seat, `last_seen_at` its latest check.
 */
export const seats = pgTable('seats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seatKey: text('seat_key').notNull(),
  deviceName: text('device_name').notNull(),
  assignedAt: ts('assigned_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
});

/**
 * A team's members holding a seat, in the order the devices list shows them (docs/usage.md
 * "Devices"): one row per active membership of a user with a seat, its seat's `last_seen_at`
 * beside the team, so a team's page is the first rows of `team_seats_last_seen` whatever the team
 * and the platform hold. Triggers (migration 0027) keep it, in the statement that writes the seat
 * or the membership; the cascades drop a row with its seat or its membership.
 */
export const teamSeats = pgTable(
  'team_seats',
  {
    organizationId: uuid('organization_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => seats.userId, { onDelete: 'cascade' }),
    lastSeenAt: ts('last_seen_at').notNull(),
  },
  (t) => [
    // User first: a check-in updates its user's rows, a released seat deletes them.
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('team_seats_last_seen').on(t.organizationId, t.lastSeenAt.desc().nullsFirst(), t.userId),
    foreignKey({
      name: 'team_seats_membership_fk',
      columns: [t.organizationId, t.userId],
      foreignColumns: [memberships.organizationId, memberships.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * What a row of the admin teams list counts of its team (modules/admin/teams.ts), kept as it
 * changes: active members, files (not folders), the team's own rooms (not templates, not a
 * meeting's temporary rooms) and the licenses its members' headset-store subscriptions give. One
 * row per team, made with the team; triggers (migration 0031) keep it in the statement that writes
 * a membership, a file, a room or a user's subscription, whatever writes it.
 */
export const teamTotals = pgTable('team_totals', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  members: integer('members').notNull().default(0),
  files: integer('files').notNull().default(0),
  rooms: integer('rooms').notNull().default(0),
  metaLicenses: integer('meta_licenses').notNull().default(0),
});

/** A visitor without an account, known only by the email address it proved (docs/guests.md). */
export const guests = pgTable(
  'guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case; unique. */
    email: text('email').notNull(),
    created: created(),
    lastSignIn: ts('last_sign_in'),
  },
  (t) => [uniqueIndex('guests_email_key').on(t.email)],
);

/**
 * One-time sign-in codes emailed to guests: only an HMAC of the code is kept; a code works once,
 * until `expires_at`, and dies after too many wrong tries. Rows also count sends per email and IP.
 */
export const guestCodes = pgTable(
  'guest_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    created: created(),
  },
  (t) => [
    index('guest_codes_email_created').on(t.email, t.created),
    index('guest_codes_ip_created').on(t.ip, t.created),
    index('guest_codes_expiry').on(t.expiresAt),
  ],
);

/** A guest token counts only while its session is alive, so guest logout ends it at once. */
export const guestSessions = pgTable(
  'guest_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    created: created(),
  },
  (t) => [
    index('guest_sessions_guest').on(t.guestId),
    index('guest_sessions_ended').on(sql`least(${t.revokedAt}, ${t.expiresAt})`),
  ],
);

/** The seat of a guest's device; same rules as `seats`. */
export const guestSeats = pgTable('guest_seats', {
  guestId: uuid('guest_id')
    .primaryKey()
    .references(() => guests.id, { onDelete: 'cascade' }),
  seatKey: text('seat_key').notNull(),
  deviceName: text('device_name').notNull(),
  assignedAt: ts('assigned_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
});

/**
 * Request rate-limit counters shared by every instance (platform/rateLimit/postgres.ts): one row
 * per route and client (`key`), counting the hits of its current window. An expired row is reset
 * by the next hit or deleted by a later sweep. No index besides the key, so the counting update
 * stays a HOT update.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStart: ts('window_start').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * The team's subscription at the payment provider, as its webhooks last reported it
 * (modules/billing/sync.ts): one row per team, replaced when a newer subscription starts. The
 * license count reads `quantity` while `status` is active or past_due (docs/billing.md).
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    status: text('status').notNull(),
    priceId: text('price_id').notNull(),
    quantity: integer('quantity').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the provider created the subscription: an older one never replaces a newer one. */
    subscriptionCreated: ts('subscription_created').notNull(),
    syncedAt: ts('synced_at').notNull(),
  },
  (t) => [uniqueIndex('billing_subscriptions_subscription').on(t.subscriptionId)],
);

/**
 * Every webhook event applied, by the provider's event id: a delivery whose id is here is
 * acknowledged and not applied again.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  // Kept for the duplicate-detection window, then swept (platform/retention).
  (t) => [index('billing_events_received').on(t.receivedAt)],
);

/**
 * The built-in payment simulator's objects (modules/billing/simulator): customers, payment
 * methods, intents, subscriptions, schedules, invoices, prices, tax rates and events, each as
 * the JSON Stripe's API returns, keyed by its Stripe-style id.
 */
export const billingSimObjects = pgTable(
  'billing_sim_objects',
  {
    id: text('id').primaryKey(),
    object: text('object').notNull(),
    customerId: text('customer_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    created: created(),
  },
  (t) => [index('billing_sim_objects_object_customer').on(t.object, t.customerId, t.created)],
);

/*
 * Usage facts (modules/usage, docs/usage.md): append-only rows written once, as a device checks
 * in, a person looks a running meeting up to join it, and a moderator changes its room. One
 * insert each, no foreign keys (no lock on the person's or meeting's row on the hot path), kept
 * USAGE_FACT_RETENTION_DAYS (platform/retention); an hourly job sums them into the daily totals
 * below, which are kept for ever. A fact names a user or a guest, never both.
 */
const oneOf = (name: string, user: AnyPgColumn, guest: AnyPgColumn) =>
  check(name, sql`(${user} is null) <> (${guest} is null)`);

/** A device checked its seat (`PUT /api/Users/Me/Seat`, `PUT /api/Guests/Seats`). */
export const usageCheckIns = pgTable(
  'usage_check_ins',
  {
    at: ts('at').notNull(),
    userId: uuid('user_id'),
    guestId: uuid('guest_id'),
    seatKey: text('seat_key').notNull(),
    deviceName: text('device_name').notNull(),
    /** The calling app's User-Agent (its name and version), cut to usageLimits.appVersionMax. */
    appVersion: text('app_version'),
    /** Another device held the seat: this one was told so. */
    conflicted: boolean('conflicted').notNull(),
  },
  (t) => [
    oneOf('usage_check_ins_owner_check', t.userId, t.guestId),
    // The day's facts (the rollup) and the retention sweep, oldest first.
    index('usage_check_ins_at').on(t.at),
    // One person's check-ins in time order: sessions, 'Last in VR', their devices.
    index('usage_check_ins_user_at').on(t.userId, t.at).where(sql`${t.userId} is not null`),
    index('usage_check_ins_guest_at').on(t.guestId, t.at).where(sql`${t.guestId} is not null`),
    // A person's refused check-ins (another device held the seat): the devices list's latest
    // refused device is one probe, where the walk above reads every check-in of the day. Few
    // check-ins are refused, so the seat call rarely writes to it.
    index('usage_check_ins_user_conflicted_at')
      .on(t.userId, t.at)
      .where(sql`${t.userId} is not null and ${t.conflicted}`),
  ],
);

/**
 * A signed-in user or a guest looked a running meeting up by its code (`GET /api/Meetings/{code}`
 * with their token: the VR app, before it joins). `organization_id` is the meeting's team (null
 * for a guest's meeting); `guest_email` the address a guest proved.
 */
export const usageMeetingJoins = pgTable(
  'usage_meeting_joins',
  {
    at: ts('at').notNull(),
    meetingId: uuid('meeting_id').notNull(),
    organizationId: uuid('organization_id'),
    userId: uuid('user_id'),
    guestId: uuid('guest_id'),
    guestEmail: text('guest_email'),
  },
  (t) => [
    oneOf('usage_meeting_joins_person_check', t.userId, t.guestId),
    index('usage_meeting_joins_at').on(t.at),
    // A meeting's attendance; a team's joins by day; a user's joins.
    index('usage_meeting_joins_meeting_at').on(t.meetingId, t.at),
    index('usage_meeting_joins_organization_at').on(t.organizationId, t.at),
    index('usage_meeting_joins_user_at').on(t.userId, t.at).where(sql`${t.userId} is not null`),
  ],
);

/** A moderator or team admin moved a meeting to another of its rooms. */
export const usageRoomChanges = pgTable(
  'usage_room_changes',
  {
    at: ts('at').notNull(),
    meetingId: uuid('meeting_id').notNull(),
    organizationId: uuid('organization_id'),
    fromRoomId: uuid('from_room_id'),
    toRoomId: uuid('to_room_id').notNull(),
    byUserId: uuid('by_user_id').notNull(),
  },
  (t) => [
    index('usage_room_changes_at').on(t.at),
    index('usage_room_changes_meeting_at').on(t.meetingId, t.at),
    index('usage_room_changes_organization_at').on(t.organizationId, t.at),
    // A deleted user's room changes go with the account (usage/forget.ts).
    index('usage_room_changes_by_user').on(t.byUserId),
  ],
);

/** One user's day (UTC) in VR, whatever their teams: check-ins, sessions and meetings joined. */
export const usageUserDays = pgTable(
  'usage_user_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    checkIns: integer('check_ins').notNull(),
    sessions: integer('sessions').notNull(),
    secondsInVr: integer('seconds_in_vr').notNull(),
    meetingsJoined: integer('meetings_joined').notNull(),
    firstSeenAt: ts('first_seen_at'),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('usage_user_days_day').on(t.day)],
);

/**
 * A member's day for one team: the user's day (usage_user_days) credited to each team they were
 * an active member of when it was summed, with the license they held then, and the joins of
 * that team's meetings. A team's weekly active users and licenses used are read here.
 */
export const usageMemberDays = pgTable(
  'usage_member_days',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    licensed: boolean('licensed').notNull(),
    inVr: boolean('in_vr').notNull(),
    sessions: integer('sessions').notNull(),
    secondsInVr: integer('seconds_in_vr').notNull(),
    meetingsJoined: integer('meetings_joined').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day, t.userId] }),
    // A day's member days (the rollup: the team days and the weeks of that day's members).
    index('usage_member_days_day').on(t.day),
  ],
);

/**
 * A member's ISO week (UTC days, from Monday) for one team, kept by the rollup from the week's
 * member days: in VR on a day of it, and in VR holding a License. A team's weekly active users
 * are its rows of the week (docs/usage.md 'Weekly totals').
 */
export const usageMemberWeeks = pgTable(
  'usage_member_weeks',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The week's Monday (UTC). */
    week: date('week', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inVr: boolean('in_vr').notNull(),
    licensedInVr: boolean('licensed_in_vr').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.week, t.userId] })],
);

/** A team's ISO week (UTC): the count of its member weeks, kept by the rollup beside them. */
export const usageTeamWeeks = pgTable(
  'usage_team_weeks',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    /** Distinct members in VR on a day of the week. */
    activeUsers: integer('active_users').notNull(),
    /** Of those, the ones in VR on a day they held a License. */
    licensesUsed: integer('licenses_used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.week] })],
);

/**
 * A user's latest check-in among the facts kept (`usage_check_ins`): its greatest `at` for the
 * user, no row while they have none. Triggers on the facts keep it, whatever writes or deletes
 * them (the recorder's inserts, the retention sweep, a deleted account's facts; migration 0030),
 * so 'Last in VR' reads one row per member instead of a walk of the facts' index. No foreign
 * key, as the facts have none: the last fact's deletion takes the row.
 */
export const usageUserLastCheckIn = pgTable('usage_user_last_check_in', {
  userId: uuid('user_id').primaryKey(),
  at: ts('at').notNull(),
});

/**
 * A member's last check-in summed by the rollup ('Last in VR' beyond the facts kept): the
 * latest of their days in VR credited to the team. The team's recent ones by the second index
 * ('Licensed, not in VR for 30 days').
 */
export const usageMemberLastInVr = pgTable(
  'usage_member_last_in_vr',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastInVrAt: ts('last_in_vr_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('usage_member_last_in_vr_organization_at').on(t.organizationId, t.lastInVrAt),
  ],
);

/** The licenses a team held on a UTC day, as the rollup last counted them that day. */
export const usageTeamLicenses = pgTable(
  'usage_team_licenses',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    licensesHeld: integer('licenses_held').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);

/** The rollup's one-time fills of tables added after totals were kept (name, when done). */
export const usageRollupBackfills = pgTable('usage_rollup_backfills', {
  name: text('name').primaryKey(),
  doneAt: ts('done_at').notNull(),
});

/** A team's day: its members' use and its meetings' attendance (guests apart). */
export const usageTeamDays = pgTable(
  'usage_team_days',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** Members with at least one check-in. */
    activeUsers: integer('active_users').notNull(),
    /** Of those, members holding a License. Guests are never counted here. */
    licensedActiveUsers: integer('licensed_active_users').notNull(),
    sessions: integer('sessions').notNull(),
    secondsInVr: integer('seconds_in_vr').notNull(),
    /** The team's meetings someone joined. */
    meetingsHeld: integer('meetings_held').notNull(),
    /** Distinct users who joined the team's meetings. */
    userAttendees: integer('user_attendees').notNull(),
    /** Distinct guests who joined the team's meetings. */
    guestAttendees: integer('guest_attendees').notNull(),
    roomChanges: integer('room_changes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day] }),
    index('usage_team_days_day').on(t.day),
  ],
);
