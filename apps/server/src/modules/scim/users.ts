import { type Role, scimLimits, scimMessages } from '@roomscale/shared';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, scimUsers, users } from '../../db/schema.ts';
import { activeMembership, isActiveRole } from '../organizations/membership.ts';
import { ScimError } from './errors.ts';
import { filterCondition } from './filter.ts';
import { scimBaseUrl } from './tokens.ts';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

type Row = {
  user: typeof users.$inferSelect;
  membership: typeof memberships.$inferSelect | null;
  externalId: string | null;
  suspendedRole: Role | null;
  provisioned: Date | null;
};

/**
 * A member as a SCIM User (docs/scim.md "Mapping"): the account's address is both userName and
 * the one (work, primary) email, `id` is the user's id, `externalId` the team's identity
 * provider's own, `active` whether the membership counts (false while suspended or while the
 * invitation of an existing account waits for its answer).
 */
export function presentScimUser(baseUrl: string, row: Row) {
  const { user, membership } = row;
  const created = membership?.created ?? row.provisioned ?? user.created;
  return {
    schemas: [USER_SCHEMA],
    id: user.id,
    ...(row.externalId !== null && { externalId: row.externalId }),
    userName: user.email,
    name: {
      formatted: `${user.firstName} ${user.lastName}`.trim(),
      givenName: user.firstName,
      familyName: user.lastName,
    },
    ...(user.position && { title: user.position }),
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: isActiveRole(membership?.role),
    meta: {
      resourceType: 'User',
      created: created.toISOString(),
      lastModified: latest(membership?.lastModified ?? null, user.lastModified, created),
      location: `${baseUrl}/Users/${user.id}`,
    },
  };
}

const latest = (...dates: (Date | null)[]) =>
  new Date(Math.max(...dates.map((d) => d?.getTime() ?? 0))).toISOString();

/**
 * The users SCIM sees in a team: its members (role not None), and whoever its identity provider
 * provisioned and has not deleted (a suspended member, an invited existing account).
 */
const inTeam = (organizationId: string) => sql`${users.id} in (
  select ${memberships.userId} from ${memberships}
    where ${memberships.organizationId} = ${organizationId} and ${activeMembership()}
  union
  select ${scimUsers.userId} from ${scimUsers} where ${scimUsers.organizationId} = ${organizationId})`;

function teamUsers(db: DbOrTx, organizationId: string, where?: SQL) {
  return db
    .select({
      user: users,
      membership: memberships,
      externalId: scimUsers.externalId,
      suspendedRole: scimUsers.suspendedRole,
      provisioned: scimUsers.created,
    })
    .from(users)
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, organizationId), eq(memberships.userId, users.id)),
    )
    .leftJoin(
      scimUsers,
      and(eq(scimUsers.organizationId, organizationId), eq(scimUsers.userId, users.id)),
    )
    .where(and(inTeam(organizationId), where));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One user as SCIM sees it in the team, or null. */
export async function scimUserRow(db: DbOrTx, organizationId: string, userId: string) {
  if (!uuidPattern.test(userId)) return null;
  const [row] = await teamUsers(db, organizationId, eq(users.id, userId));
  return row ?? null;
}

/** `scimUserRow`, or the SCIM 404 when the team has no such user. */
export async function scimUserOr404(db: DbOrTx, organizationId: string, userId: string) {
  const row = await scimUserRow(db, organizationId, userId);
  if (!row) throw new ScimError(404, scimMessages.notFound);
  return row;
}

/** GET /Users/{id}: a member of this team; anyone else — another team's too — is 404. */
export async function getScimUser(ctx: AppContext, organizationId: string, id: string) {
  const row = await scimUserOr404(ctx.db, organizationId, id);
  return presentScimUser(scimBaseUrl(ctx, organizationId), row);
}

export type ListQuery = { filter?: unknown; startIndex?: unknown; count?: unknown };

/** A query parameter given once (a repeated one is an array: refused). */
function single(name: string, raw: unknown): string | undefined {
  if (raw === undefined || typeof raw === 'string') return raw;
  throw new ScimError(400, scimMessages.givenOnce(name), 'invalidValue');
}

/** A non-negative integer of the query, or the default; anything else is invalidValue. */
function integerOf(name: string, raw: string | undefined, fallback: number) {
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d{1,9}$/.test(raw)) {
    throw new ScimError(400, scimMessages.notInteger(name), 'invalidValue');
  }
  return Number(raw);
}

/**
 * GET /Users: the team's users matching `filter`, ordered by id (the team's ids come from the
 * indexes (organization_id, user_id) of memberships and scim_users; the users' primary key
 * serves the order and the page), from `startIndex` (1-based; below 1
 * is 1) at most `count` (RFC 7644 §3.4.2.4: negative is 0, more than `maxResults` is cut to it).
 * totalResults counts the matches up to `countCap`, so one call costs the same for a team of any
 * size.
 */
export async function listScimUsers(ctx: AppContext, organizationId: string, q: ListQuery) {
  const filter = single('filter', q.filter);
  const where = filter === undefined ? undefined : filterCondition(filter);
  const startIndex = Math.max(1, integerOf('startIndex', single('startIndex', q.startIndex), 1));
  const pageSize = Math.min(
    scimLimits.maxResults,
    Math.max(0, integerOf('count', single('count', q.count), scimLimits.maxResults)),
  );
  const matching = teamUsers(ctx.db, organizationId, where);
  const rows =
    pageSize === 0
      ? []
      : await matching
          .orderBy(asc(users.id))
          .offset(startIndex - 1)
          .limit(pageSize);
  const counted = ctx.db
    .select({ one: sql`1` })
    .from(users)
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, organizationId), eq(memberships.userId, users.id)),
    )
    .leftJoin(
      scimUsers,
      and(eq(scimUsers.organizationId, organizationId), eq(scimUsers.userId, users.id)),
    )
    .where(and(inTeam(organizationId), where))
    .limit(scimLimits.countCap)
    .as('counted');
  const [total] = await ctx.db.select({ n: count() }).from(counted);
  const baseUrl = scimBaseUrl(ctx, organizationId);
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total?.n ?? 0,
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((row) => presentScimUser(baseUrl, row)),
  };
}
