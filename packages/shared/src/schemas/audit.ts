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
export const auditPage = pagedResult(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

/** GET /api/Admin/AuditLog: every team's entries, or one team's, or about one user, newest first. */
export const adminAuditQuery = pageQuery.omit({ Filter: true }).extend({
  OrganizationId: id.optional(),
  UserId: id.optional(),
});
/** GET /api/Organizations/{organizationId}/AuditLog (team admins): their team's entries. */
export const teamAuditQuery = pageQuery.omit({ Filter: true });
