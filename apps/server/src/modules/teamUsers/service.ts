import type { TeamUserList, teamUserListQuery } from '@roomscale/shared';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { memberships, teamInvitations, userLogins, users } from '../../db/schema.ts';
import type { TeamContext } from '../../platform/http/access.ts';
import { likePattern, paged } from '../../platform/http/paging.ts';
import { forbidden } from '../../platform/http/problem.ts';
import { mayFilterNotInVr, seesLastInVr } from '../insight/policy.ts';
import { lastInVr, notInVrFor } from '../insight/queries.ts';
import { licensingSummary } from '../licenses/accounting.ts';
import { activeMembership, membershipColumns } from '../organizations/membership.ts';
import { pendingInTeam } from './invitations.ts';
import { presentPendingInvitee, presentTeamUser } from './presenter.ts';

/**
 * One page of the team's members (removed members, role None, are not listed), by name, then
 * the open invitations of existing accounts by address. The filter matches a member's first
 * name, last name, 'first last' and email, ignoring case; a pending invitee only by the typed
 * address (their names are not the team's to search).
 */
export async function listTeamUsers(
  ctx: AppContext,
  team: TeamContext,
  q: z.output<typeof teamUserListQuery>,
  callerId: string,
): Promise<TeamUserList> {
  if (q.LicensedNotInVr && !mayFilterNotInVr(team)) throw forbidden();
  const filter = q.Filter?.trim() ?? '';
  const now = ctx.clock.now();
  const pattern = likePattern(filter);
  const where = and(
    eq(memberships.organizationId, team.organizationId),
    activeMembership(),
    filter
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
    q.LicensedNotInVr
      ? and(
          eq(memberships.licenseType, 'License'),
          notInVrFor(sql`${users.id}`, now, team.organizationId),
        )
      : undefined,
  );
  const pendingWhere = and(
    // Pending invitees have never been in VR for the team: the filter is about members.
    q.LicensedNotInVr ? sql`false` : undefined,
    pendingInTeam(team.organizationId, now),
    filter ? ilike(teamInvitations.email, pattern) : undefined,
  );
  const [[total], [pendingTotal]] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
    ctx.db.select({ n: count() }).from(teamInvitations).where(pendingWhere),
  ]);
  const memberCount = total?.n ?? 0;
  const offset = (q.Page - 1) * q.PageSize;
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
      membership: membershipColumns,
      lastInVrAt: lastInVr(sql`${users.id}`, team.organizationId),
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id))
    .limit(q.PageSize)
    .offset(offset);
  // Pending invitations follow the members: this page's share of them, if any.
  const pendingRoom = q.PageSize - rows.length;
  const pending =
    pendingRoom > 0 && (pendingTotal?.n ?? 0) > 0
      ? await ctx.db
          .select({
            id: teamInvitations.id,
            email: teamInvitations.email,
            role: teamInvitations.role,
            licenseType: teamInvitations.licenseType,
          })
          .from(teamInvitations)
          .where(pendingWhere)
          .orderBy(asc(teamInvitations.email), asc(teamInvitations.id))
          .limit(pendingRoom)
          .offset(Math.max(0, offset - memberCount))
      : [];
  const ids = rows.map((r) => r.user.id);
  const logins = ids.length
    ? await ctx.db
        .select({ userId: userLogins.userId, provider: userLogins.loginProviderId })
        .from(userLogins)
        .where(inArray(userLogins.userId, ids))
    : [];
  const created = ids.length
    ? await ctx.db
        .select({ userId: teamInvitations.userId })
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.organizationId, team.organizationId),
            eq(teamInvitations.kind, 'new_account'),
            inArray(teamInvitations.userId, ids),
          ),
        )
    : [];
  const createdByTeam = new Set(created.map((c) => c.userId));
  const providersOf = (userId: string) =>
    logins.filter((l) => l.userId === userId).map((l) => l.provider);
  const licensing = await licensingSummary(ctx.db, team.organizationId, ctx.clock.now());
  return {
    licenseCount: licensing.licenseCount,
    licensesInUse: licensing.licensesInUse,
    invitationsPending: pendingTotal?.n ?? 0,
    results: paged(
      [
        ...rows.map((r) => ({
          ...presentTeamUser({
            ...r,
            providers: providersOf(r.user.id),
            createdByTeam: createdByTeam.has(r.user.id),
          }),
          lastInVrAt:
            r.lastInVrAt && seesLastInVr(team, callerId, r.user.id)
              ? r.lastInVrAt.toISOString()
              : null,
        })),
        ...pending.map(presentPendingInvitee),
      ],
      {
        page: q.Page,
        pageSize: q.PageSize,
        entryCount: memberCount + (pendingTotal?.n ?? 0),
        filter,
      },
    ),
  };
}
