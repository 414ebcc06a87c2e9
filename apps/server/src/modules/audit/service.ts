import {
  type AuditEntry,
  type AuditPage,
  type adminAuditQuery,
  fileLimits,
} from '@roomscale/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCount } from '../../db/count.ts';
import { auditLog, organizations, rooms } from '../../db/schema.ts';
import { paged } from '../../platform/http/paging.ts';

type Query = {
  Page: number;
  PageSize: number;
  OrganizationId?: string;
  UserId?: string;
  After?: string;
};

const newestFirst = [desc(auditLog.at), desc(auditLog.id)];

/**
 * Where a row sits in the log's order, as `After` carries it: its time in microseconds (the
 * column's precision; a JavaScript date keeps milliseconds) and its id.
 */
const cursorOf = sql<string>`(extract(epoch from ${auditLog.at}) * 1000000)::bigint::text || '_' || ${auditLog.id}::text`;

/** The entries older than the cursor's, in the order of the (at, id) indexes, which serve it. */
export function olderThan(cursor: string): SQL {
  const [micros, id] = cursor.split('_');
  return sql`(${auditLog.at}, ${auditLog.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`;
}

/** The filters of a page: the team, the user, and where the page before ended. */
export function auditFilter(q: Query): SQL | undefined {
  return and(
    q.OrganizationId ? eq(auditLog.organizationId, q.OrganizationId) : undefined,
    q.UserId ? eq(auditLog.targetUserId, q.UserId) : undefined,
    q.After ? olderThan(q.After) : undefined,
  );
}

export function auditRows(db: DbOrTx, where: SQL | undefined, offset: number, limit: number) {
  return db
    .select({ row: auditLog, cursor: cursorOf })
    .from(auditLog)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

/**
 * One page of the audit log, newest first, optionally one team's or about one user. Each filter
 * has an index in this order, so a page costs the same however long the log grows: read from
 * `After` (the `nextCursor` of the page before) it starts where that page ended; by `Page` alone
 * it skips the entries before it, which the query schema bounds (`auditPaging.offsetMax`). The
 * count stops a window past the page (as file lists do).
 */
export async function listAudit(
  ctx: AppContext,
  q: Query | z.output<typeof adminAuditQuery>,
): Promise<AuditPage> {
  const where = auditFilter(q);
  const before = (q.Page - 1) * q.PageSize;
  // From a cursor, the rows before the page are already behind it.
  const offset = q.After ? 0 : before;
  const [rows, counted] = await Promise.all([
    auditRows(ctx.db, where, offset, q.PageSize),
    cappedCount(ctx.db, auditLog, where, offset + q.PageSize + fileLimits.countWindow, newestFirst),
  ]);
  const entryCount = before - offset + counted;
  const named = await namedOlderRows(
    ctx,
    rows.map((r) => r.row),
  );
  const last = rows.at(-1);
  return {
    ...paged(named.map(presentAudit), { page: q.Page, pageSize: q.PageSize, entryCount }),
    nextCursor: last && entryCount > before + rows.length ? last.cursor : null,
  };
}

type Row = typeof auditLog.$inferSelect;

/** Actions about a named thing that is not a user: a room template, a manual license. */
const namedKind = (action: string) =>
  action.startsWith('template.') || /^license\.(create|edit|delete)$/.test(action);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const teamIdsIn = (r: Row) =>
  [r.before, r.after].flatMap((x) =>
    Array.isArray(x?.allowedOrganizations)
      ? (x.allowedOrganizations as unknown[]).filter(
          (v): v is string => typeof v === 'string' && uuid.test(v),
        )
      : [],
  );

/**
 * Rows recorded before the log named everything (room templates and manual licenses without
 * their name, allowed teams as ids) read as the newer ones: the name from the record or the
 * template, the teams' names as they are now. Costs nothing on a page without such rows.
 */
async function namedOlderRows(ctx: AppContext, rows: Row[]): Promise<Row[]> {
  const unnamed = rows.filter((r) => namedKind(r.action) && !r.targetUserId && !r.targetName);
  const teamIds = [...new Set(rows.flatMap(teamIdsIn))];
  if (unnamed.length === 0 && teamIds.length === 0) return rows;
  const templateIds = [
    ...new Set(
      unnamed
        .filter((r) => r.action.startsWith('template.'))
        .map((r) => r.entityId ?? '')
        .filter((v) => uuid.test(v)),
    ),
  ];
  const [templates, teams] = await Promise.all([
    templateIds.length
      ? ctx.db
          .select({ id: rooms.id, name: rooms.name })
          .from(rooms)
          .where(inArray(rooms.id, templateIds))
      : [],
    teamIds.length
      ? ctx.db
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, teamIds))
      : [],
  ]);
  const templateName = new Map(templates.map((x) => [x.id, x.name]));
  const teamName = new Map(teams.map((x) => [x.id, x.name]));
  /** A template's name, a license's name (its description), as the row recorded it. */
  const recordedName = (r: Row) => {
    const field = r.action.startsWith('template.') ? 'name' : 'description';
    return [r.after?.[field], r.before?.[field]].find((v): v is string => typeof v === 'string');
  };
  const namedTeams = (x: Record<string, unknown> | null) =>
    x && Array.isArray(x.allowedOrganizations)
      ? {
          ...x,
          allowedOrganizations: (x.allowedOrganizations as unknown[]).map((v) =>
            typeof v === 'string' ? (teamName.get(v) ?? v) : v,
          ),
        }
      : x;
  return rows.map((r) => ({
    ...r,
    targetName:
      r.targetName ??
      (namedKind(r.action) && !r.targetUserId
        ? (recordedName(r) ?? templateName.get(r.entityId ?? '') ?? null)
        : null),
    before: namedTeams(r.before),
    after: namedTeams(r.after),
  }));
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
