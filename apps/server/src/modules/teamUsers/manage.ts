import {
  type TeamUser,
  type teamUserAdd,
  type teamUserEdit,
  teamUserMessages,
} from '@roomscale/shared';
import { and, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, organizations, userLogins, users } from '../../db/schema.ts';
import type { TeamContext } from '../../platform/http/access.ts';
import { badRequest, fieldError, notFound } from '../../platform/http/problem.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { issueEmailToken } from '../users/email-tokens.ts';
import { addedToTeamEmail, teamInvitationEmail } from './emails.ts';
import { presentTeamUser } from './presenter.ts';

/**
 * Licenses the team holds. Paid licenses come with subscriptions (billing); until a team has
 * one it holds none, so members stay on the free Trial license.
 */
export async function licenseCountOf(_db: DbOrTx, _organizationId: string): Promise<number> {
  return 0;
}

export async function licensesInUse(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(
      and(eq(memberships.organizationId, organizationId), eq(memberships.licenseType, 'License')),
    );
  return row?.n ?? 0;
}

/** A License can be given only while a free one is left (the member's own one counts as theirs). */
async function assertFreeLicense(db: DbOrTx, organizationId: string) {
  const [held, used] = await Promise.all([
    licenseCountOf(db, organizationId),
    licensesInUse(db, organizationId),
  ]);
  if (used >= held) throw fieldError('licenseType', teamUserMessages.noFreeLicense);
}

async function teamOrThrow(db: DbOrTx, organizationId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw notFound();
  return row;
}

async function memberRow(db: DbOrTx, organizationId: string, userId: string) {
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        ne(memberships.role, 'None'),
      ),
    );
  return row ?? null;
}

async function present(db: DbOrTx, organizationId: string, userId: string): Promise<TeamUser> {
  const row = await memberRow(db, organizationId, userId);
  if (!row) throw notFound(teamUserMessages.notMember);
  const logins = await db
    .select({ provider: userLogins.loginProviderId })
    .from(userLogins)
    .where(eq(userLogins.userId, userId));
  return presentTeamUser({
    user: row.user,
    membership: row.membership,
    providers: logins.map((l) => l.provider),
  });
}

/**
 * PUT …/Users: adds a person to the team. A new address gets an unactivated account and an
 * invitation whose link sets the first password (the activation link of registration); a
 * registered person is added and told by email. A removed member (role None) comes back.
 */
export async function addTeamUser(
  ctx: AppContext,
  team: TeamContext,
  invitedBy: string,
  cmd: z.output<typeof teamUserAdd>,
): Promise<TeamUser> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const org = await teamOrThrow(tx, team.organizationId);
    if (cmd.assignSso && !org.samlLoginProviderId)
      throw fieldError('assignSso', teamUserMessages.noSso);
    if (!cmd.assignSso && !cmd.assignRoomscalePassword)
      throw fieldError('assignRoomscalePassword', teamUserMessages.passwordOrSso);
    if (cmd.licenseType === 'License') await assertFreeLicense(tx, team.organizationId);

    const [existing] = await tx.select().from(users).where(eq(users.email, cmd.email));
    let user = existing;
    let token: string | null = null;
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({
          email: cmd.email,
          firstName: cmd.firstName,
          lastName: cmd.lastName,
          position: cmd.position ?? null,
          created: now,
          createdBy: invitedBy,
        })
        .returning();
      token = await issueEmailToken(tx, user!.id, 'activation', now);
    }
    const userId = user!.id;
    const [membership] = await tx
      .select()
      .from(memberships)
      .where(
        and(eq(memberships.organizationId, team.organizationId), eq(memberships.userId, userId)),
      );
    if (membership && membership.role !== 'None')
      throw fieldError('email', teamUserMessages.alreadyMember);
    if (membership)
      await tx
        .update(memberships)
        .set({ role: cmd.role, licenseType: cmd.licenseType, lastModified: now })
        .where(eq(memberships.id, membership.id));
    else
      await tx.insert(memberships).values({
        organizationId: team.organizationId,
        userId,
        role: cmd.role,
        licenseType: cmd.licenseType,
        created: now,
      });
    await enqueueMail(
      ctx,
      tx,
      token
        ? teamInvitationEmail(ctx.config, user!, org.name, token)
        : addedToTeamEmail(ctx.config, user!, org.name),
    );
    return present(tx, team.organizationId, userId);
  });
  return result;
}

/** PATCH …/Users/{userId}: names, position, role and license of a member. */
export async function editTeamUser(
  ctx: AppContext,
  team: TeamContext,
  callerId: string,
  userId: string,
  cmd: z.output<typeof teamUserEdit>,
): Promise<TeamUser> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await memberRow(tx, team.organizationId, userId);
    if (!row) throw notFound(teamUserMessages.notMember);
    if (cmd.role && cmd.role !== row.membership.role) {
      if (userId === callerId) throw fieldError('role', teamUserMessages.ownRole);
      if (row.membership.role === 'Admin') await assertAnotherAdmin(tx, team.organizationId);
    }
    if (cmd.licenseType === 'License' && row.membership.licenseType !== 'License')
      await assertFreeLicense(tx, team.organizationId);
    const userChanges = {
      ...(cmd.firstName !== undefined && { firstName: cmd.firstName }),
      ...(cmd.lastName !== undefined && { lastName: cmd.lastName }),
      ...(cmd.position !== undefined && { position: cmd.position }),
    };
    if (Object.keys(userChanges).length)
      await tx
        .update(users)
        .set({ ...userChanges, lastModified: now, lastModifiedBy: callerId })
        .where(eq(users.id, userId));
    if (cmd.role || cmd.licenseType)
      await tx
        .update(memberships)
        .set({
          ...(cmd.role && { role: cmd.role }),
          ...(cmd.licenseType && { licenseType: cmd.licenseType }),
          lastModified: now,
        })
        .where(eq(memberships.id, row.membership.id));
    return present(tx, team.organizationId, userId);
  });
}

/**
 * DELETE …/Users/{userId}: removes a member from the team (role and license None, part1 §4);
 * the account stays. Nobody removes themselves, and the last admin stays.
 */
export async function removeTeamUser(
  ctx: AppContext,
  team: TeamContext,
  callerId: string,
  userId: string,
): Promise<void> {
  if (userId === callerId) throw badRequest(teamUserMessages.removeSelf);
  await ctx.db.transaction(async (tx) => {
    const row = await memberRow(tx, team.organizationId, userId);
    if (!row) throw notFound(teamUserMessages.notMember);
    if (row.membership.role === 'Admin') await assertAnotherAdmin(tx, team.organizationId);
    await tx
      .update(memberships)
      .set({ role: 'None', licenseType: 'None', lastModified: ctx.clock.now() })
      .where(eq(memberships.id, row.membership.id));
  });
}

async function assertAnotherAdmin(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'Admin')));
  if ((row?.n ?? 0) < 2) throw fieldError('role', teamUserMessages.lastAdmin);
}
