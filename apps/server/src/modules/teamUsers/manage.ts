import {
  security,
  serverMessages,
  ssoMessages,
  type TeamUser,
  type teamUserAdd,
  type teamUserEdit,
  teamUserLimits,
  teamUserMessages,
} from '@roomscale/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { memberships, organizations, teamInvitations, userLogins, users } from '../../db/schema.ts';
import { hashToken, randomToken } from '../../platform/auth/tokens.ts';
import type { TeamContext } from '../../platform/http/access.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../platform/http/problem.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { changedFields, type PersonActor, recordAudit } from '../audit/record.ts';
import { licenseAssignedAtFor, lockTeam } from '../licenses/accounting.ts';
import { assertFreeLicense } from '../licenses/policy.ts';
import { isActiveMember } from '../organizations/membership.ts';
import { issueEmailToken } from '../users/email-tokens.ts';
import { joinTeamInvitationEmail, teamInvitationEmail, teamSsoInvitationEmail } from './emails.ts';
import {
  assertInvitationAllowance,
  openInvitation,
  openInvitationById,
  retireExpiredInvitation,
  teamCreatedAccount,
  withdrawInvitation,
} from './invitations.ts';
import {
  addressedMember,
  assertAdminRemains,
  assertMayChangeRole,
  assertMayRemove,
  profileEditable,
} from './policy.ts';
import { presentPendingInvitee, presentTeamUser } from './presenter.ts';

async function teamOrThrow(db: DbOrTx, organizationId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw notFound();
  return row;
}

async function present(db: DbOrTx, organizationId: string, userId: string): Promise<TeamUser> {
  const row = await addressedMember(db, organizationId, userId);
  if (!row) throw notFound(teamUserMessages.notMember);
  const logins = await db
    .select({ provider: userLogins.loginProviderId })
    .from(userLogins)
    .where(eq(userLogins.userId, userId));
  return presentTeamUser({
    user: row.user,
    membership: row.membership,
    providers: logins.map((l) => l.provider),
    createdByTeam: await teamCreatedAccount(db, organizationId, userId),
  });
}

/**
 * PUT …/Users: invites a person to the team. A new address gets an unactivated account, its
 * membership at once and an invitation whose link sets the first password (the activation link
 * of registration). An existing account — a removed member included — gets a pending invitation
 * and joins only by accepting it; until then the team sees just the address it typed. Every
 * invitation counts towards the hourly limits per team and per admin.
 */
export async function addTeamUser(
  ctx: AppContext,
  team: TeamContext,
  actor: PersonActor,
  cmd: z.output<typeof teamUserAdd>,
): Promise<TeamUser> {
  const invitedBy = actor.userId;
  const now = ctx.clock.now();
  const invited = { email: cmd.email, role: cmd.role, licenseType: cmd.licenseType };
  const result = await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, team.organizationId);
    const org = await teamOrThrow(tx, team.organizationId);
    if (cmd.assignSso && !org.samlLoginProviderId)
      throw fieldError('assignSso', teamUserMessages.noSso);
    if (!cmd.assignSso && !cmd.assignRoomscalePassword)
      throw fieldError('assignRoomscalePassword', teamUserMessages.passwordOrSso);
    if (cmd.licenseType === 'License')
      await assertFreeLicense(tx, team.organizationId, now, teamUserMessages.noFreeLicense);

    const [existing] = await tx.select().from(users).where(eq(users.email, cmd.email));
    if (existing) {
      // An account's logins are its owner's to link (in their profile), not the team's.
      if (cmd.assignSso) {
        throw badRequest(serverMessages.ssoForRegisteredUser, {
          assignSso: [serverMessages.ssoForRegisteredUser],
        });
      }
      if (await isActiveMember(tx, team.organizationId, existing.id))
        throw fieldError('email', teamUserMessages.alreadyMember);
      await retireExpiredInvitation(tx, team.organizationId, existing.id, now);
      if (await openInvitation(tx, team.organizationId, existing.id, now))
        throw fieldError('email', teamUserMessages.alreadyInvited);
      await assertInvitationAllowance(tx, team.organizationId, invitedBy, now);
      const token = randomToken();
      const [invitation] = await tx
        .insert(teamInvitations)
        .values({
          organizationId: team.organizationId,
          userId: existing.id,
          email: cmd.email,
          kind: 'existing_account',
          status: 'pending',
          role: cmd.role,
          licenseType: cmd.licenseType,
          invitedBy,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + teamUserLimits.invitationSeconds * 1000),
          created: now,
        })
        .returning({ id: teamInvitations.id });
      // The mail's job is written with the invitation: both or neither (outbox).
      await enqueueMail(ctx, tx, joinTeamInvitationEmail(ctx.config, existing, org.name, token));
      // The team's audit log names the invitation and the typed address, not the account (its
      // id and names are not the team's until the person accepts).
      await recordAudit(tx, now, actor, {
        action: 'membership.add',
        entityId: invitation!.id,
        organizationId: team.organizationId,
        after: { ...invited, invitation: 'pending' },
      });
      return presentPendingInvitee({ ...cmd, id: invitation!.id });
    }

    await assertInvitationAllowance(tx, team.organizationId, invitedBy, now);
    // With single sign-on only, the account is ready at once: the team's identity provider is
    // how its owner signs in, and there is no password to choose.
    const ssoOnly = cmd.assignSso && !cmd.assignRoomscalePassword;
    const [user] = await tx
      .insert(users)
      .values({
        email: cmd.email,
        firstName: cmd.firstName,
        lastName: cmd.lastName,
        position: cmd.position ?? null,
        activated: ssoOnly,
        created: now,
        createdBy: invitedBy,
      })
      .returning();
    if (cmd.assignSso) {
      const taken = await tx
        .select({ id: userLogins.id })
        .from(userLogins)
        .where(
          and(
            eq(userLogins.loginProviderId, org.samlLoginProviderId!),
            eq(userLogins.providerKey, cmd.email),
          ),
        );
      if (taken.length > 0) throw fieldError('assignSso', ssoMessages.loginTakenByOther);
      await tx.insert(userLogins).values({
        userId: user!.id,
        loginProviderId: org.samlLoginProviderId!,
        providerKey: cmd.email,
        displayName: org.name,
        created: now,
      });
    }
    const token = ssoOnly ? null : await issueEmailToken(tx, user!.id, 'activation', now);
    await tx.insert(memberships).values({
      organizationId: team.organizationId,
      userId: user!.id,
      role: cmd.role,
      licenseType: cmd.licenseType,
      licenseAssignedAt: licenseAssignedAtFor(cmd.licenseType, now),
      created: now,
    });
    await tx.insert(teamInvitations).values({
      organizationId: team.organizationId,
      userId: user!.id,
      email: cmd.email,
      kind: 'new_account',
      status: 'accepted',
      role: cmd.role,
      licenseType: cmd.licenseType,
      invitedBy,
      expiresAt: new Date(now.getTime() + security.activationTokenSeconds * 1000),
      answeredAt: now,
      created: now,
    });
    await enqueueMail(
      ctx,
      tx,
      token
        ? teamInvitationEmail(ctx.config, user!, org.name, token)
        : teamSsoInvitationEmail(ctx.config, user!, org.name),
    );
    await recordAudit(tx, now, actor, {
      action: 'membership.add',
      organizationId: team.organizationId,
      targetUserId: user!.id,
      after: {
        ...invited,
        newAccount: true,
        sso: cmd.assignSso,
        password: cmd.assignRoomscalePassword,
      },
    });
    return present(tx, team.organizationId, user!.id);
  });
  return result;
}

/** PATCH …/Users/{userId}: names, position, role and license of a member. */
export async function editTeamUser(
  ctx: AppContext,
  team: TeamContext,
  actor: PersonActor,
  userId: string,
  cmd: z.output<typeof teamUserEdit>,
): Promise<TeamUser> {
  const callerId = actor.userId;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockTeam(tx, team.organizationId);
    const row = await addressedMember(tx, team.organizationId, userId);
    if (!row) throw notFound(teamUserMessages.notMember);
    if (cmd.role && cmd.role !== row.membership.role)
      await assertMayChangeRole(tx, team.organizationId, callerId, {
        userId,
        membership: row.membership,
      });
    if (cmd.licenseType === 'License' && row.membership.licenseType !== 'License')
      await assertFreeLicense(tx, team.organizationId, now, teamUserMessages.noFreeLicense);
    // Names and position are the account's, seen by every team: a team edits them only for an
    // account it created that has not been activated yet. Unchanged values pass, so the edit
    // form may send them along with a role or license change.
    const userChanges = {
      ...(cmd.firstName !== undefined &&
        cmd.firstName !== row.user.firstName && { firstName: cmd.firstName }),
      ...(cmd.lastName !== undefined &&
        cmd.lastName !== row.user.lastName && { lastName: cmd.lastName }),
      ...(cmd.position !== undefined &&
        cmd.position !== row.user.position && { position: cmd.position }),
    };
    if (
      Object.keys(userChanges).length &&
      !profileEditable(row.user, await teamCreatedAccount(tx, team.organizationId, userId))
    )
      throw forbidden(teamUserMessages.profileLocked);
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
          ...(cmd.licenseType &&
            cmd.licenseType !== row.membership.licenseType && {
              licenseType: cmd.licenseType,
              licenseAssignedAt: licenseAssignedAtFor(cmd.licenseType, now),
            }),
          lastModified: now,
        })
        .where(eq(memberships.id, row.membership.id));
    const diff = changedFields(
      { ...row.user, ...row.membership },
      { ...userChanges, role: cmd.role, licenseType: cmd.licenseType },
    );
    if (diff.changed)
      await recordAudit(tx, now, actor, {
        action: 'membership.edit',
        entityId: row.membership.id,
        organizationId: team.organizationId,
        targetUserId: userId,
        before: diff.before,
        after: diff.after,
      });
    return present(tx, team.organizationId, userId);
  });
}

/**
 * DELETE …/Users/{userId}: removes a member from the team (role and license None, part1 §4);
 * the account stays. Nobody removes themselves, and the last admin stays. With the id of a
 * pending invitee's row (the invitation's id) it withdraws the invitation.
 */
export async function removeTeamUser(
  ctx: AppContext,
  team: TeamContext,
  actor: PersonActor,
  userId: string,
): Promise<void> {
  assertMayRemove(actor.userId, userId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, team.organizationId);
    const row = await addressedMember(tx, team.organizationId, userId);
    if (!row) {
      const invitation = await openInvitationById(tx, team.organizationId, userId, now);
      if (!invitation) throw notFound(teamUserMessages.notMember);
      await withdrawInvitation(tx, invitation.id, now);
      await recordAudit(tx, now, actor, {
        action: 'membership.remove',
        entityId: invitation.id,
        organizationId: team.organizationId,
        before: { email: invitation.email, invitation: 'pending' },
      });
      return;
    }
    await assertAdminRemains(tx, team.organizationId, row.membership);
    await tx
      .update(memberships)
      .set({
        role: 'None',
        licenseType: 'None',
        licenseAssignedAt: null,
        lastModified: now,
      })
      .where(eq(memberships.id, row.membership.id));
    await recordAudit(tx, now, actor, {
      action: 'membership.remove',
      entityId: row.membership.id,
      organizationId: team.organizationId,
      targetUserId: userId,
      before: { role: row.membership.role, licenseType: row.membership.licenseType },
    });
  });
}
