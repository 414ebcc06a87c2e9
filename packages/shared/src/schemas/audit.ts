import { z } from '../zodErrors.ts';
import { id, isoDate, pagedResult, pageQuery } from './common.ts';

/** What an audit entry records (docs/audit.md). */
export const AuditActions = [
  'user.create',
  'user.edit',
  'user.delete',
  'team.create',
  'team.edit',
  'team.delete',
  'membership.add',
  'membership.edit',
  'membership.remove',
  'license.create',
  'license.edit',
  'license.delete',
  'license.returnToTrial',
  'template.create',
  'template.edit',
  'template.delete',
  'sso.configure',
  'sso.refused',
  'login.link',
  'login.unlink',
  'billing.customer',
  'billing.order',
  'billing.paymentMethod',
  'billing.cancel',
  'scim.tokenCreate',
  'scim.tokenRevoke',
  'membership.suspend',
  'membership.restore',
] as const;
export type AuditAction = (typeof AuditActions)[number];

/**
 * Why a single sign-on response was refused, as an 'sso.refused' entry records it
 * (`refusalReason`; docs/sso.md "When a sign-in is refused"). Stable: entries keep them.
 */
export const SsoRefusalReasons = [
  'signature',
  'audience',
  'expired',
  'issuer',
  'destination',
  'request',
  'replay',
  'status',
  'unknownUser',
  'malformed',
  'tooLarge',
  'other',
] as const;
export type SsoRefusalReason = (typeof SsoRefusalReasons)[number];

const snapshot = z.record(z.string(), z.unknown()).nullable();

/** One recorded change: who, when, what, before and after, from which address. */
export const auditEntry = z.object({
  id,
  at: isoDate,
  action: z.enum(AuditActions),
  /** The changed object's id (user, team, license, template). */
  entityId: z.string().nullable(),
  organizationId: id.nullable(),
  organizationName: z.string().nullable(),
  /** The person who made the change; null for the system (a license ending). */
  actorId: id.nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The user the change is about, if any. */
  targetUserId: id.nullable(),
  /** The name of what the change is about: the user, or else the room template or license. */
  targetName: z.string().nullable(),
  before: snapshot,
  after: snapshot,
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
/**
 * How the audit log pages (docs/audit.md "Paging"): `Page` alone skips the entries before the
 * page, which costs what it skips, so it reaches no further than `offsetMax` entries; past it, a
 * page is read from `After`, the `nextCursor` of the page before, at the cost of page 1.
 */
export const auditPaging = { offsetMax: 10_000 } as const;

/** Server `detail`s of the audit log calls. */
export const auditMessages = {
  tooDeep: `Pages past the first ${auditPaging.offsetMax.toLocaleString('en')} entries are read with After, the nextCursor of the page before.`,
} as const;

/**
 * Where a page of the audit log ends: the time (microseconds since 1970) and id of its last, oldest
 * entry. The next page holds the entries recorded before it, newest first.
 */
export const auditCursor = z
  .string()
  .regex(/^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

export const auditPage = pagedResult(auditEntry).extend({
  /** `After` for the next page; null on the last page. */
  nextCursor: auditCursor.nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

const auditPageQuery = pageQuery.omit({ Filter: true }).extend({
  /** The `nextCursor` of the page before: this page holds the entries older than it. */
  After: auditCursor.optional(),
});
/** `Page` without `After` reaches no further than `auditPaging.offsetMax` entries. */
const withinOffsetMax = (q: z.output<typeof auditPageQuery>) =>
  q.After !== undefined || (q.Page - 1) * q.PageSize <= auditPaging.offsetMax;
const tooDeep = { path: ['Page'], message: auditMessages.tooDeep };

/** GET /api/Admin/AuditLog: every team's entries, or one team's, or about one user, newest first. */
export const adminAuditQuery = auditPageQuery
  .extend({ OrganizationId: id.optional(), UserId: id.optional() })
  .refine(withinOffsetMax, tooDeep);
/** GET /api/Organizations/{organizationId}/AuditLog (team admins): their team's entries. */
export const teamAuditQuery = auditPageQuery.refine(withinOffsetMax, tooDeep);
