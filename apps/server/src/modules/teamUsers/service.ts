import type { TeamUserList, teamUserListQuery } from '@roomscale/shared';
import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { memberships, userLogins, users } from '../../db/schema.ts';
import type { TeamContext } from '../../platform/http/access.ts';
import { likePattern, paged } from '../../platform/http/paging.ts';
import { licenseCountOf, licensesInUse } from './manage.ts';
import { presentTeamUser } from './presenter.ts';

/**
 * One page of the team's members (removed members, role None, are not listed), by name.
 * The filter matches first name, last name, 'first last' and email, ignoring case.
 */
export async function listTeamUsers(
  ctx: AppContext,
  team: TeamContext,
  q: z.output<typeof teamUserListQuery>,
): Promise<TeamUserList> {
  const filter = q.Filter?.trim() ?? '';
  const pattern = likePattern(filter);
  const where = and(
    eq(memberships.organizationId, team.organizationId),
    ne(memberships.role, 'None'),
    filter
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
  const [total] = await ctx.db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  const rows = await ctx.db
    .select({
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        position: users.position,
        activated: users.activated,
        passwordHash: users.passwordHash,
      },
      membership: { role: memberships.role, licenseType: memberships.licenseType },
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id))
    .limit(q.PageSize)
    .offset((q.Page - 1) * q.PageSize);
  const ids = rows.map((r) => r.user.id);
  const logins = ids.length
    ? await ctx.db
        .select({ userId: userLogins.userId, provider: userLogins.loginProviderId })
        .from(userLogins)
        .where(inArray(userLogins.userId, ids))
    : [];
  const providersOf = (userId: string) =>
    logins.filter((l) => l.userId === userId).map((l) => l.provider);
  const [licenseCount, inUse] = await Promise.all([
    licenseCountOf(ctx.db, team.organizationId),
    licensesInUse(ctx.db, team.organizationId),
  ]);
  return {
    licenseCount,
    licensesInUse: inUse,
    results: paged(
      rows.map((r) => presentTeamUser({ ...r, providers: providersOf(r.user.id) })),
      { page: q.Page, pageSize: q.PageSize, entryCount: total?.n ?? 0, filter },
    ),
  };
}
