import {
  type AuditEntry,
  type AuditPage,
  type adminAuditQuery,
  fileLimits,
} from '@roomscale/shared';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { cappedCount } from '../../db/count.ts';
import { auditLog } from '../../db/schema.ts';
import { paged } from '../../platform/http/paging.ts';

type Query = { Page: number; PageSize: number; OrganizationId?: string; UserId?: string };

const newestFirst = [desc(auditLog.at), desc(auditLog.id)];

/**
 * One page of the audit log, newest first, optionally one team's or about one user. Each filter
 * has an index in this order, so a page costs the same however long the log grows; the count
 * stops a window past the page (as file lists do).
 */
export async function listAudit(
  ctx: AppContext,
  q: Query | z.output<typeof adminAuditQuery>,
): Promise<AuditPage> {
  const where: SQL | undefined = and(
    q.OrganizationId ? eq(auditLog.organizationId, q.OrganizationId) : undefined,
    q.UserId ? eq(auditLog.targetUserId, q.UserId) : undefined,
  );
  const offset = (q.Page - 1) * q.PageSize;
  const [rows, entryCount] = await Promise.all([
    ctx.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...newestFirst)
      .limit(q.PageSize)
      .offset(offset),
    cappedCount(ctx.db, auditLog, where, offset + q.PageSize + fileLimits.countWindow, newestFirst),
  ]);
  return paged(rows.map(presentAudit), { page: q.Page, pageSize: q.PageSize, entryCount });
}

function presentAudit(r: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    action: r.action as AuditEntry['action'],
    entityId: r.entityId,
    organizationId: r.organizationId,
    organizationName: r.organizationName,
    actorId: r.actorId,
    actorName: r.actorName,
    actorEmail: r.actorEmail,
    targetUserId: r.targetUserId,
    targetName: r.targetName,
    before: r.before,
    after: r.after,
    ip: r.ip,
  };
}
