import { type SsoRefusalReason, security } from '@roomscale/shared';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { auditLog } from '../../db/schema.ts';
import { type Actor, recordAudit } from '../audit/record.ts';

/**
 * Why a response was refused, as one of a few stable codes (`SsoRefusalReason`), from the
 * message of whichever check failed: node-saml's and xml-crypto's own, and ours (checks.ts,
 * consumer.ts). The first pattern that matches wins; the order puts the specific before the
 * general. A message no pattern knows is 'other' (the server log has the message itself).
 */
const patterns: [RegExp, SsoRefusalReason][] = [
  // Our own parse (responseChecks.ts) quotes the parser's message, which may name anything.
  [/^invalid xml|^not a saml response/i, 'malformed'],
  [/status|provider returned .* error/i, 'status'],
  [/inresponseto|request already answered|request .*expired/i, 'request'],
  [/audience/i, 'audience'],
  // node-saml drops subject confirmations out of their time (or of another request) and then
  // finds none: almost always the clock.
  [
    /expired|not yet valid|too old|session has ended|notbefore|notonorafter|no valid subject confirmation/i,
    'expired',
  ],
  [/issuer/i, 'issuer'],
  [/destination|recipient/i, 'destination'],
  [/replay/i, 'replay'],
  [/no user with|no user key/i, 'unknownUser'],
  [
    /signature|signed|digest|sha-?1|algorithm|not supported|certificate|reference|transform|canonicali[sz]|keyinfo|wrapping/i,
    'signature',
  ],
  [
    /not a valid xml|parsing|malformed|missing saml|unknown saml|no profile|no xml|multiple conditions/i,
    'malformed',
  ],
];

export function refusalReasonOf(message: string): SsoRefusalReason {
  for (const [pattern, reason] of patterns) if (pattern.test(message)) return reason;
  return 'other';
}

/**
 * Records a refused response in the team's audit log ('sso.refused', the reason code, and for a
 * verified response of a person without a login the key it named), at most
 * `security.ssoRefusalsAuditedPerHour` per team and hour: the count and the insert run under a
 * lock of the team's refusals, so simultaneous refusals cannot pass the limit together. Beyond
 * the limit nothing is written (the refusal is still in the server log); returns whether it was.
 * Every refusal is counted in the metrics by its reason, within the limit or beyond it.
 */
export async function auditRefusal(
  ctx: AppContext,
  organizationId: string,
  actor: Actor,
  refusal: { reason: SsoRefusalReason; providerId: string; userKey?: string },
): Promise<boolean> {
  ctx.metrics?.ssoRefusals.inc({ reason: refusal.reason });
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - 3600_000);
  return ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`roomscale.sso-refused.${organizationId}`}, 0))`,
    );
    const [row] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organizationId, organizationId),
          eq(auditLog.action, 'sso.refused'),
          gt(auditLog.at, since),
        ),
      );
    if ((row?.n ?? 0) >= security.ssoRefusalsAuditedPerHour) return false;
    await recordAudit(tx, now, actor, {
      action: 'sso.refused',
      organizationId,
      entityId: refusal.providerId,
      after: {
        refusalReason: refusal.reason,
        ...(refusal.userKey ? { userKey: refusal.userKey } : {}),
      },
    });
    return true;
  });
}
