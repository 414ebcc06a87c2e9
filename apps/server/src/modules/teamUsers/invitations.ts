import {
  invitationMessages,
  type Membership,
  type TeamInvitation,
  teamUserLimits,
  teamUserMessages,
} from '@roomscale/shared';
import { and, asc, count, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, organizations, teamInvitations, users } from '../../db/schema.ts';
import type { Placeholder, Value } from '../../db/values.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { forbidden, HttpError, notFound } from '../../platform/http/problem.ts';
import { licenseAssignedAtFor, licensingSummary, lockTeam } from '../licenses/accounting.ts';
import { hasFreeLicense } from '../licenses/policy.ts';
import { isActiveRole } from '../organizations/membership.ts';
import { presentMembership } from '../organizations/presenter.ts';

type Invitation = typeof teamInvitations.$inferSelect;

/**
 * The hourly invitation limits: at most `invitationsPerTeam` sent by the team and
 * `invitationsPerAdmin` sent by this admin (across all their teams) within the window. Runs
 * inside the inviting transaction after locking the team's row and the admin's row, so two
 * concurrent invitations cannot both take the last place. The 429 says when a place frees up.
 */
export async function assertInvitationAllowance(
  tx: DbOrTx,
  organizationId: string,
  adminId: string,
  now: Date,
) {
  await tx.execute(
    sql`select 1 from ${organizations} where ${organizations.id} = ${organizationId} for update`,
  );
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${adminId} for update`);
  const windowMs = teamUserLimits.invitationWindowSeconds * 1000;
  const since = new Date(now.getTime() - windowMs);
  const checks = [
    {
      where: eq(teamInvitations.organizationId, organizationId),
      max: teamUserLimits.invitationsPerTeam,
    },
    { where: eq(teamInvitations.invitedBy, adminId), max: teamUserLimits.invitationsPerAdmin },
  ];
  for (const c of checks) {
    const recent = and(c.where, gt(teamInvitations.created, since));
    const [row] = await tx.select({ n: count() }).from(teamInvitations).where(recent);
    if ((row?.n ?? 0) < c.max) continue;
    // The window frees a place when the oldest invitation that still counts ages out of it.
    const [oldest] = await tx
      .select({ created: teamInvitations.created })
      .from(teamInvitations)
      .where(recent)
      .orderBy(asc(teamInvitations.created))
      .offset((row?.n ?? 0) - c.max)
      .limit(1);
    const freeAt = (oldest?.created.getTime() ?? now.getTime()) + windowMs;
    const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    const err = new HttpError(429, teamUserMessages.invitationRateLimited) as HttpError & {
      headers?: Record<string, string>;
    };
    err.headers = { 'retry-after': String(retryAfter) };
    throw err;
  }
}

/** The open invitation of this person to this team, if any (pending and not expired). */
export const openInvitation = (db: DbOrTx, organizationId: string, userId: string, now: Date) =>
  openInvitationWhere(db, organizationId, eq(teamInvitations.userId, userId), now);

/** The team's open invitation with this id (a pending invitee's row in the users list). */
export const openInvitationById = (
  db: DbOrTx,
  organizationId: string,
  invitationId: string,
  now: Date,
) => openInvitationWhere(db, organizationId, eq(teamInvitations.id, invitationId), now);

/** The team's pending invitation that `which` picks, unless its time is over. */
async function openInvitationWhere(
  db: DbOrTx,
  organizationId: string,
  which: SQL,
  now: Date,
): Promise<Invitation | null> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(
      and(
        which,
        eq(teamInvitations.organizationId, organizationId),
        eq(teamInvitations.status, 'pending'),
      ),
    );
  if (!row) return null;
  return row.expiresAt.getTime() > now.getTime() ? row : null;
}

/** A pending invitation past its time is retired, so a new one may take its place. */
export async function retireExpiredInvitation(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  now: Date,
) {
  await db
    .update(teamInvitations)
    .set({ status: 'expired', answeredAt: now })
    .where(
      and(
        eq(teamInvitations.organizationId, organizationId),
        eq(teamInvitations.userId, userId),
        eq(teamInvitations.status, 'pending'),
        lte(teamInvitations.expiresAt, now),
      ),
    );
}

/** Did this team create the account (a `new_account` invitation), so it may edit its names? */
export async function teamCreatedAccount(db: DbOrTx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.organizationId, organizationId),
        eq(teamInvitations.userId, userId),
        eq(teamInvitations.kind, 'new_account'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** An admin withdraws an open invitation (removing the pending row from the users list). */
export async function withdrawInvitation(db: DbOrTx, invitationId: string, now: Date) {
  await db
    .update(teamInvitations)
    .set({ status: 'withdrawn', answeredAt: now })
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.status, 'pending')));
}

const inviterName = sql<
  string | null
>`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u where u.id = ${teamInvitations.invitedBy})`;

const open = (now: Date | Placeholder) =>
  and(eq(teamInvitations.status, 'pending'), gt(teamInvitations.expiresAt, now));

async function invitationsWhere(db: DbOrTx, where: ReturnType<typeof and>) {
  const rows = await db
    .select({ invitation: teamInvitations, team: organizations, invitedBy: inviterName })
    .from(teamInvitations)
    .innerJoin(organizations, eq(organizations.id, teamInvitations.organizationId))
    .where(where)
    .orderBy(asc(teamInvitations.created), asc(teamInvitations.id));
  return rows.map(
    (r): TeamInvitation => ({
      id: r.invitation.id,
      organizationId: r.team.id,
      organizationName: r.team.name,
      imageUpdated: r.team.imageUpdated?.toISOString() ?? null,
      role: r.invitation.role === 'Admin' ? 'Admin' : 'User',
      licenseType: r.invitation.licenseType === 'License' ? 'License' : 'Trial',
      invitedBy: r.invitedBy,
      expires: r.invitation.expiresAt.toISOString(),
    }),
  );
}

/** GET /api/Users/Me/Invitations: the caller's open invitations, oldest first. */
export function myInvitations(ctx: AppContext, userId: string): Promise<TeamInvitation[]> {
  return invitationsWhere(ctx.db, and(eq(teamInvitations.userId, userId), open(ctx.clock.now())));
}

/**
 * POST /api/Users/Me/Invitations/Open: the invitation of an emailed link. It must be open and be
 * the caller's; someone else signed in gets a clear 403 (and learns nothing about the team).
 */
export async function openMyInvitation(
  ctx: AppContext,
  userId: string,
  token: string,
): Promise<TeamInvitation> {
  const [row] = await invitationsWhere(
    ctx.db,
    and(eq(teamInvitations.tokenHash, hashToken(token)), open(ctx.clock.now())),
  );
  if (!row) throw notFound(invitationMessages.notFound);
  const [owner] = await ctx.db
    .select({ userId: teamInvitations.userId })
    .from(teamInvitations)
    .where(eq(teamInvitations.id, row.id));
  if (owner?.userId !== userId) throw forbidden(invitationMessages.otherAccount);
  return row;
}

/**
 * Claims the caller's open invitation for an answer: a conditional update, so of two answers
 * (two tabs, accept and decline) exactly one wins.
 */
async function answer(
  tx: DbOrTx,
  userId: string,
  invitationId: string,
  status: 'accepted' | 'declined',
  now: Date,
): Promise<Invitation> {
  const [row] = await tx
    .update(teamInvitations)
    .set({ status, answeredAt: now })
    .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.userId, userId), open(now)))
    .returning();
  if (!row) throw notFound(invitationMessages.notFound);
  return row;
}

/**
 * POST /api/Users/Me/Invitations/{invitationId}/Accept: the caller joins the team with the
 * invitation's role and license (a License only while one is free; otherwise Trial). Answers
 * the new membership, as GET /api/Users/Me/Organizations lists it.
 */
export async function acceptInvitation(
  ctx: AppContext,
  userId: string,
  invitationId: string,
): Promise<Membership> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const inv = await answer(tx, userId, invitationId, 'accepted', now);
    await lockTeam(tx, inv.organizationId);
    let licenseType = inv.licenseType;
    if (licenseType === 'License') {
      const s = await licensingSummary(tx, inv.organizationId, now);
      if (!hasFreeLicense(s)) licenseType = 'Trial';
    }
    const [existing] = await tx
      .select()
      .from(memberships)
      .where(
        and(eq(memberships.organizationId, inv.organizationId), eq(memberships.userId, userId)),
      );
    if (isActiveRole(existing?.role)) throw notFound(invitationMessages.notFound);
    if (existing)
      await tx
        .update(memberships)
        .set({
          role: inv.role,
          licenseType,
          licenseAssignedAt: licenseAssignedAtFor(licenseType, now),
          lastModified: now,
        })
        .where(eq(memberships.id, existing.id));
    else
      await tx.insert(memberships).values({
        organizationId: inv.organizationId,
        userId,
        role: inv.role,
        licenseType,
        licenseAssignedAt: licenseAssignedAtFor(licenseType, now),
        created: now,
      });
    const [team] = await tx
      .select()
      .from(organizations)
      .where(eq(organizations.id, inv.organizationId));
    if (!team) throw notFound(invitationMessages.notFound);
    return presentMembership(team, { role: inv.role, licenseType });
  });
}

/** POST /api/Users/Me/Invitations/{invitationId}/Decline. */
export async function declineInvitation(ctx: AppContext, userId: string, invitationId: string) {
  await answer(ctx.db, userId, invitationId, 'declined', ctx.clock.now());
}

/** Used by the team's users list: pending rows match the typed address only, never names. */
export const pendingInTeam = (organizationId: Value, now: Date | Placeholder) =>
  and(eq(teamInvitations.organizationId, organizationId), open(now));
