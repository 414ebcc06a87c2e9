import { retention, security, usageLimits } from '@roomscale/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  authThrottle,
  billingEvents,
  guestCodes,
  guestSessions,
  jobs,
  samlAssertions,
  samlRequests,
  sessions,
  ssoTokens,
  teamInvitations,
  userTokens,
} from '../../db/schema.ts';
import {
  type Budget,
  deleteBatch,
  deleteInBatches,
  outOfBudget,
  type SweepOutcome,
} from './batches.ts';

/** The operator's retention settings (config.ts). */
export type RetentionSettings = {
  /** AUDIT_RETENTION_DAYS; undefined keeps the audit log whole. */
  auditRetentionDays: number | undefined;
  /** USAGE_FACT_RETENTION_DAYS: the raw usage facts' days (default usageLimits.factRetentionDays). */
  usageFactDays?: number;
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * One table's rule (a table may have two): the rows past their retention at `now`, or null when
 * the table keeps its rows. Each expression is the one an index of the table is built on
 * (migration 0021 or older), so a batch finds its rows without reading the whole table.
 */
export type TableRule = {
  name: string;
  table: string;
  /** The index that serves the rule's batches (checked by plans.test.ts). */
  index: string;
  /** Its indexed expression: batches go oldest first, along the index. */
  order: SQL;
  expired(now: Date, settings: RetentionSettings): SQL | null;
};

/** A session ended when it was revoked or ran out, whichever came first (least skips nulls). */
const sessionEnd = sql`least(${sessions.revokedAt}, ${sessions.expiresAt})`;
const sessionEnded = (now: Date) =>
  sql`${sessionEnd} < ${at(daysBefore(now, retention.endedSessionDays))}`;

/** An auth_throttle row's latest failure, window start or lock end. */
const throttleLatest = sql`greatest(${authThrottle.lockedUntil}, ${authThrottle.lastFailureAt}, ${authThrottle.windowStart})`;
/** The longest a failure still counts: the account's memory (the windows are shorter). */
const throttleQuiet = (now: Date) =>
  sql`${throttleLatest} < ${at(secondsBefore(now, security.accountFailureMemorySeconds))}`;
const userTokenEnd = sql`least(${userTokens.usedAt}, ${userTokens.expiresAt})`;
const guestSessionEnd = sql`least(${guestSessions.revokedAt}, ${guestSessions.expiresAt})`;
const invitationEnd = sql`least(${teamInvitations.answeredAt}, ${teamInvitations.expiresAt})`;

export const sessionsRule: TableRule = {
  name: 'sessions',
  table: 'sessions',
  index: 'sessions_ended',
  order: sessionEnd,
  expired: sessionEnded,
};

export const tableRules: TableRule[] = [
  {
    name: 'user_tokens',
    table: 'user_tokens',
    index: 'user_tokens_ended',
    order: userTokenEnd,
    expired: (now) => sql`${userTokenEnd} < ${at(daysBefore(now, retention.endedEmailTokenDays))}`,
  },
  {
    // Failures only: every window and lock is over and the account has forgotten them.
    name: 'auth_throttle (failures)',
    table: 'auth_throttle',
    index: 'auth_throttle_failures_quiet',
    order: throttleLatest,
    expired: (now) => sql`${authThrottle.lastSuccessAt} is null and ${throttleQuiet(now)}`,
  },
  {
    // A pair that signed in keeps its address familiar for security.familiarAddressSeconds.
    name: 'auth_throttle (familiar addresses)',
    table: 'auth_throttle',
    index: 'auth_throttle_last_success',
    order: sql`${authThrottle.lastSuccessAt}`,
    expired: (now) =>
      sql`${authThrottle.lastSuccessAt} is not null and ${authThrottle.lastSuccessAt} < ${at(secondsBefore(now, security.familiarAddressSeconds))} and ${throttleQuiet(now)}`,
  },
  {
    name: 'saml_requests',
    table: 'saml_requests',
    index: 'saml_requests_expiry',
    order: sql`${samlRequests.expiresAt}`,
    expired: (now) => sql`${samlRequests.expiresAt} < ${at(now)}`,
  },
  {
    name: 'saml_assertions',
    table: 'saml_assertions',
    index: 'saml_assertions_expiry',
    order: sql`${samlAssertions.expiresAt}`,
    expired: (now) => sql`${samlAssertions.expiresAt} < ${at(now)}`,
  },
  {
    name: 'sso_tokens',
    table: 'sso_tokens',
    index: 'sso_tokens_expiry',
    order: sql`${ssoTokens.expiresAt}`,
    expired: (now) => sql`${ssoTokens.expiresAt} < ${at(now)}`,
  },
  {
    name: 'guest_sessions',
    table: 'guest_sessions',
    index: 'guest_sessions_ended',
    order: guestSessionEnd,
    expired: (now) => sql`${guestSessionEnd} < ${at(daysBefore(now, retention.endedSessionDays))}`,
  },
  {
    name: 'guest_codes',
    table: 'guest_codes',
    index: 'guest_codes_expiry',
    order: sql`${guestCodes.expiresAt}`,
    expired: (now) =>
      sql`${guestCodes.expiresAt} < ${at(daysBefore(now, retention.endedGuestCodeDays))}`,
  },
  {
    // A `new_account` row stays: it says the team created the account (teamCreatedAccount).
    name: 'team_invitations',
    table: 'team_invitations',
    index: 'team_invitations_ended',
    order: invitationEnd,
    expired: (now) =>
      sql`${teamInvitations.kind} = 'existing_account' and ${invitationEnd} < ${at(daysBefore(now, retention.endedInvitationDays))}`,
  },
  {
    name: 'jobs (succeeded)',
    table: 'jobs',
    index: 'jobs_status_run_at',
    order: sql`${jobs.runAt}`,
    expired: (now) =>
      sql`${jobs.status} = 'succeeded' and ${jobs.runAt} < ${at(daysBefore(now, retention.succeededJobDays))}`,
  },
  {
    name: 'jobs (failed)',
    table: 'jobs',
    index: 'jobs_status_run_at',
    order: sql`${jobs.runAt}`,
    expired: (now) =>
      sql`${jobs.status} = 'failed' and ${jobs.runAt} < ${at(daysBefore(now, retention.failedJobDays))}`,
  },
  {
    name: 'billing_events',
    table: 'billing_events',
    index: 'billing_events_received',
    order: sql`${billingEvents.receivedAt}`,
    expired: (now) =>
      sql`${billingEvents.receivedAt} < ${at(daysBefore(now, retention.billingEventDays))}`,
  },
  ...['usage_check_ins', 'usage_meeting_joins', 'usage_room_changes'].map(
    (table): TableRule => ({
      // Raw usage facts; their daily totals (usage_*_days) are kept for ever (docs/usage.md).
      name: table,
      table,
      index: `${table}_at`,
      order: sql`at`,
      expired: (now, settings) =>
        sql`at < ${at(daysBefore(now, settings.usageFactDays ?? usageLimits.factRetentionDays))}`,
    }),
  ),
  {
    name: 'audit_log',
    table: 'audit_log',
    index: 'audit_log_at',
    order: sql`${auditLog.at}`,
    expired: (now, settings) =>
      settings.auditRetentionDays === undefined
        ? null
        : sql`${auditLog.at} < ${at(daysBefore(now, settings.auditRetentionDays))}`,
  },
];

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * Ended sessions with their refresh tokens. A long session may hold thousands of rotated tokens,
 * so they are deleted a batch at a time before their sessions, instead of by one cascade.
 */
export async function sweepSessions(
  db: Db,
  now: Date,
  budget: Budget,
): Promise<{ sessions: SweepOutcome; refreshTokens: SweepOutcome }> {
  const sessionsOut = { deleted: 0, complete: false };
  const tokensOut = { deleted: 0, complete: false };
  for (let batch = 0; batch < budget.maxBatches; batch++) {
    if (outOfBudget(budget)) break;
    const ids = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from ${sessions} where ${sessionEnded(now)} order by ${sessionEnd} limit ${budget.batchRows}`,
      ),
    ).map((r) => r.id);
    if (ids.length === 0) {
      sessionsOut.complete = tokensOut.complete = true;
      break;
    }
    const inBatch = sql`${`{${ids.join(',')}}`}::uuid[]`;
    const tokens = await deleteInBatches(db, 'refresh_tokens', sql`session_id = any(${inBatch})`, {
      ...budget,
      maxBatches: Number.POSITIVE_INFINITY,
    });
    tokensOut.deleted += tokens.deleted;
    if (!tokens.complete) break;
    // Whatever token was skipped (held by a request) goes with its session.
    sessionsOut.deleted += await deleteBatch(db, 'sessions', sql`id = any(${inBatch})`, ids.length);
    if (ids.length < budget.batchRows) {
      sessionsOut.complete = tokensOut.complete = true;
      break;
    }
  }
  return { sessions: sessionsOut, refreshTokens: tokensOut };
}
