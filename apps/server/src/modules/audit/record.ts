import type { AuditAction } from '@roomscale/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { callerOf } from '../../platform/http/access.ts';

/** Who made a change, and from where: a signed-in person, or the system (`userId` null). */
export type Actor = { userId: string | null; ip: string | null };

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
    actorName: nameOfUser(actor.userId),
    actorEmail: actor.userId ? sql`(select email from users where id = ${actor.userId})` : null,
    targetUserId: change.targetUserId ?? null,
    targetName: nameOfUser(change.targetUserId),
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
