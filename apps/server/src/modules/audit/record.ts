import type { AuditAction } from '@roomscale/shared';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, organizations } from '../../db/schema.ts';
import { callerOf } from '../../platform/http/access.ts';

/**
 * Who made a change, and from where: a signed-in person, or the system (`userId` null), named
 * by `name` when it is more than "the system" (a team's identity provider over SCIM: 'SCIM').
 */
export type Actor = { userId: string | null; ip: string | null; name?: string };

/** The system itself (a license that ends on its own). */
export const systemActor: Actor = { userId: null, ip: null };

/** A signed-in person making a change. */
export type PersonActor = { userId: string; ip: string | null };

/** The signed-in caller of a request as the author of its changes. */
export const actorOf = (req: FastifyRequest): PersonActor => ({
  userId: callerOf(req).userId,
  ip: req.ip,
});

export type AuditChange = {
  action: AuditAction;
  entityId?: string | null;
  organizationId?: string | null;
  targetUserId?: string | null;
  /**
   * The name of what the change is about when that is not a user (a room template, a manual
   * license), copied in as the target's name; a user target's name is read from the user.
   */
  subjectName?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

const nameOfUser = (id: string | null | undefined) =>
  id ? sql`(select first_name || ' ' || last_name from users where id = ${id})` : sql`null`;

/**
 * Records one change. Call it inside the transaction that makes the change, so the record exists
 * exactly when the change does. Names are copied in now: the record outlives people and teams.
 */
export async function recordAudit(tx: DbOrTx, at: Date, actor: Actor, change: AuditChange) {
  await tx.insert(auditLog).values({
    at,
    action: change.action,
    entityId: change.entityId ?? null,
    organizationId: change.organizationId ?? null,
    organizationName: change.organizationId
      ? sql`(select name from organizations where id = ${change.organizationId})`
      : null,
    actorId: actor.userId,
    actorName: actor.userId ? nameOfUser(actor.userId) : (actor.name ?? null),
    actorEmail: actor.userId ? sql`(select email from users where id = ${actor.userId})` : null,
    targetUserId: change.targetUserId ?? null,
    targetName: change.targetUserId
      ? nameOfUser(change.targetUserId)
      : (change.subjectName ?? null),
    before: change.before ?? null,
    after: change.after ?? null,
    ip: actor.ip,
  });
}

/** The fields of `after` that differ from `before`, with their old values: a compact record. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[key];
    const same =
      old instanceof Date && value instanceof Date
        ? old.getTime() === value.getTime()
        : JSON.stringify(old) === JSON.stringify(value);
    if (same) continue;
    was[key] = old ?? null;
    now[key] = value;
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

/** Fields of a record that hold team ids; the record keeps the teams' names instead. */
const teamListFields = ['allowedOrganizations'] as const;

/**
 * A record's team-id lists (a template's allowed teams) as the teams' names at the time, sorted,
 * so the log reads in words and outlives renamed and deleted teams. An id without a team stays.
 */
export async function withTeamNames(
  tx: DbOrTx,
  record: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const ids = teamListFields.flatMap((f) =>
    Array.isArray(record[f]) ? (record[f] as unknown[]).filter((v) => typeof v === 'string') : [],
  ) as string[];
  if (ids.length === 0) return record;
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(ids)]));
  const nameOf = new Map(rows.map((r) => [r.id, r.name]));
  const out = { ...record };
  for (const f of teamListFields) {
    if (!Array.isArray(out[f])) continue;
    out[f] = (out[f] as string[])
      .map((id) => nameOf.get(id) ?? id)
      .sort((a, b) => a.localeCompare(b));
  }
  return out;
}
