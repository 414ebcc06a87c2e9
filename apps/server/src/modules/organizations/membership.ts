import type { LicenseType, Role } from '@roomscale/shared';
import { and, type Column, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { directStatement } from '../../db/direct.ts';
import { memberships } from '../../db/schema.ts';
import type { Db } from '../../db/types.ts';

/** The memberships table or an alias of it (a query that joins it twice). */
type MembershipTable = { role: Column };

/**
 * An active member: a membership whose role is not None. Removing someone from a team keeps the
 * row with role and license None (part1 §4), so every rule about "a member of the team" — the
 * access hook, lists, policies — tests this one predicate.
 */
export const activeMembership = (table: MembershipTable = memberships): SQL =>
  ne(table.role, 'None');

/** An admin of the team: the membership's role is Admin. */
export const adminMembership = (table: MembershipTable = memberships): SQL =>
  eq(table.role, 'Admin');

/**
 * The same two rules for statements written in SQL, over a memberships row named `alias`
 * (`from memberships m` → `activeMembershipSql('m')`). The role is a literal of the text, never
 * a parameter, so a prepared statement stays the same text.
 */
export const activeMembershipSql = (alias: string): SQL =>
  sql`${sql.identifier(alias)}.role <> 'None'`;
export const adminMembershipSql = (alias: string): SQL =>
  sql`${sql.identifier(alias)}.role = 'Admin'`;

/** The same rule for a membership already read. */
export const isActiveRole = (role: Role | null | undefined): role is Exclude<Role, 'None'> =>
  role !== undefined && role !== null && role !== 'None';

/** The membership's role and license, as lists and the access hook read them. */
export const membershipColumns = {
  role: memberships.role,
  licenseType: memberships.licenseType,
};

/**
 * The user is an active member — with `admin`, an admin — of the team `organizationId` names (a
 * column of the row a policy is written over, e.g. `"rooms"."organization_id"`).
 */
export const memberOfTeam = (organizationId: SQL, userId: string, admin = false): SQL =>
  sql`exists (select 1 from memberships where memberships.organization_id = ${organizationId}
    and memberships.user_id = ${userId} and ${admin ? adminMembership() : activeMembership()})`;

/** How many admins the team has. */
export async function adminCount(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), adminMembership()));
  return row?.n ?? 0;
}

/**
 * The team's admins and active members other than `userId`: whether the team keeps someone to
 * run it once that user changes or goes.
 */
export async function othersInTeam(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<{ admins: number; members: number }> {
  const [row] = await db
    .select({
      admins: sql<number>`count(*) filter (where ${adminMembership()})::int`.mapWith(Number),
      members: sql<number>`count(*) filter (where ${activeMembership()})::int`.mapWith(Number),
    })
    .from(memberships)
    .where(
      and(eq(memberships.organizationId, organizationId), sql`${memberships.userId} <> ${userId}`),
    );
  return { admins: row?.admins ?? 0, members: row?.members ?? 0 };
}

/** The user is an active member of the team. */
export async function isActiveMember(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        activeMembership(),
      ),
    );
  return Boolean(row);
}

type TeamMembership = { role: Role; licenseType: LicenseType };

/**
 * The caller's active membership of a team, as the access hook checks it on every team route:
 * built once per database and run as the prepared statement `access_membership` (db/direct.ts),
 * planned once per connection (a lookup on the (team, user) key whatever the values).
 */
const membershipStatement = directStatement<TeamMembership>('access_membership', (db) =>
  db
    .select({
      m: sql`json_build_object('role', ${memberships.role}, 'licenseType', ${memberships.licenseType})`,
    })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, sql.placeholder('organizationId')),
        eq(memberships.userId, sql.placeholder('userId')),
        // The rule as a literal, so the statement's parameters are the two ids alone.
        activeMembershipSql('memberships'),
      ),
    ),
);

export async function activeMembershipOf(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<TeamMembership | undefined> {
  const [m] = await membershipStatement(db, [organizationId, userId]);
  return m;
}
