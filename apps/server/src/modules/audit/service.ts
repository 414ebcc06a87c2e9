import { type AuditEntry, type AuditPage, type adminAuditQuery, limits } from '@roomscale/shared';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { positionsOf, selectList } from '../../db/direct.ts';
import {
  listPageStatement,
  type PageValues,
  pageValues,
  placeholder,
  readListPage,
} from '../../db/listPage.ts';
import { auditLog, organizations, rooms } from '../../db/schema.ts';
import { paged } from '../../platform/http/paging.ts';

type Query = {
  Page: number;
  PageSize: number;
  OrganizationId?: string;
  UserId?: string;
  After?: string;
};

/**
 * Where a row sits in the log's order, as `After` carries it: its time in microseconds (the
 * column's precision; a JavaScript date keeps milliseconds) and its id.
 */
const cursorOf = sql<string>`(extract(epoch from ${auditLog.at}) * 1000000)::bigint::text || '_' || ${auditLog.id}::text`;

/** A page's values: the page's, and the filters' (unused ones are never bound). */
type AuditValues = PageValues & {
  team: string;
  user: string;
  afterMicros: string;
  afterId: string;
};

/** The kind of a page: which filters it has. */
type AuditKind = { team: boolean; user: boolean; after: boolean };

/** The filters of a kind of page, their values placeholders. */
function kindFilter(kind: AuditKind): SQL | undefined {
  return and(
    kind.team ? sql`${auditLog.organizationId} = ${placeholder('team')}` : undefined,
    kind.user ? sql`${auditLog.targetUserId} = ${placeholder('user')}` : undefined,
    kind.after
      ? sql`(${auditLog.at}, ${auditLog.id}) < (timestamptz 'epoch' + ${placeholder('afterMicros')}::bigint * interval '1 microsecond', ${placeholder('afterId')}::uuid)`
      : undefined,
  );
}

/** An entry's columns and its cursor, in the order a page selects them (`auditRowAt` names them). */
const auditColumns = {
  id: auditLog.id,
  at: auditLog.at,
  action: auditLog.action,
  entityId: auditLog.entityId,
  organizationId: auditLog.organizationId,
  organizationName: auditLog.organizationName,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  actorEmail: auditLog.actorEmail,
  targetUserId: auditLog.targetUserId,
  targetName: auditLog.targetName,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
  cursor: cursorOf,
};
const col = positionsOf(auditColumns);

const auditRowAt = (r: unknown[], at: number) => ({
  row: {
    id: r[at + col.id] as string,
    at: r[at + col.at] as Date,
    action: r[at + col.action] as string,
    entityId: r[at + col.entityId] as string | null,
    organizationId: r[at + col.organizationId] as string | null,
    organizationName: r[at + col.organizationName] as string | null,
    actorId: r[at + col.actorId] as string | null,
    actorName: r[at + col.actorName] as string | null,
    actorEmail: r[at + col.actorEmail] as string | null,
    targetUserId: r[at + col.targetUserId] as string | null,
    targetName: r[at + col.targetName] as string | null,
    before: r[at + col.before] as Record<string, unknown> | null,
    after: r[at + col.after] as Record<string, unknown> | null,
    ip: r[at + col.ip] as string | null,
  },
  cursor: r[at + col.cursor] as string,
});

/**
 * The statement of a kind of page (db/listPage.ts): named for the screens' page size (the
 * team's log and the admin's, filtered or not, from a cursor or not), each walking the index
 * of its filter in the log's order (audit.test.ts holds their generic plans to it).
 */
export const auditStatement = (
  db: DbOrTx,
  kind: AuditKind,
  pageSize: number,
  values: PageValues,
) => {
  const key = `audit_${kind.team ? 't' : ''}${kind.user ? 'u' : ''}${kind.after ? 'a' : ''}`;
  return listPageStatement<AuditValues>(
    db,
    key,
    pageSize === limits.auditPageSize ? key : '',
    pageSize,
    values.offset === 0,
    () => ({
      table: sql`${auditLog}`,
      where: kindFilter(kind),
      order: sql`${auditLog.at} desc, ${auditLog.id} desc`,
      columns: selectList(auditColumns),
    }),
  );
};

/** The kind and values of a query's page. */
export function auditPageOf(q: Query) {
  const kind = { team: !!q.OrganizationId, user: !!q.UserId, after: !!q.After };
  const [afterMicros = '', afterId = ''] = q.After?.split('_') ?? [];
  const before = (q.Page - 1) * q.PageSize;
  const values: AuditValues = {
    // From a cursor, the rows before the page are already behind it.
    ...pageValues(q.Page, q.PageSize, q.After ? before : 0),
    team: q.OrganizationId ?? '',
    user: q.UserId ?? '',
    afterMicros,
    afterId,
  };
  return { kind, values, before };
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
  const { kind, values, before } = auditPageOf(q);
  const [rows, counted] = await readListPage(
    ctx.db,
    auditStatement(ctx.db, kind, q.PageSize, values),
    values,
    auditRowAt,
  );
  const entryCount = before - values.offset + counted;
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
